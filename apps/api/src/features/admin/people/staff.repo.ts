import { sql, type SQL } from "drizzle-orm";
import type { InvitableRole, UserRole } from "@parkwell/contract";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { likePattern } from "../../../lib/like";

export interface StaffRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: UserRole;
  operator_id: number | null;
  operator_name: string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  parks: { id: number; name: string }[] | null;
}

const STAFF_COLUMNS = sql`u.id, u.email, u.first_name, u.last_name, u.role, u.operator_id,
  o.name AS operator_name, u.disabled_at, u.created_at,
  (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_sign_in_at,
  CASE WHEN u.role IN ('admin', 'branch_manager') THEN NULL ELSE
    coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name, p.id)
      FROM staff_parks sp JOIN parks p ON p.id = sp.park_id AND p.operator_id = u.operator_id
      WHERE sp.user_id = u.id), '[]'::json)
  END AS parks`;

/** `operatorId` undefined: every operator's staff and Parkwell's admins. */
function staffWhere(filter: {
  operatorId?: number | undefined;
  search?: string | undefined;
  role?: string | undefined;
}) {
  const parts: SQL[] = [sql`u.role <> 'customer'`];
  if (filter.operatorId !== undefined) parts.push(sql`u.operator_id = ${filter.operatorId}`);
  if (filter.role) parts.push(sql`u.role = ${filter.role}`);
  if (filter.search) {
    const like = likePattern(filter.search);
    parts.push(sql`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listStaff(
  db: Tx,
  filter: { operatorId?: number | undefined; search?: string | undefined; role?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const where = staffWhere(filter);
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users u WHERE ${where}`,
  );
  const rows = await queryRows<StaffRow>(
    db,
    sql`SELECT ${STAFF_COLUMNS} FROM users u LEFT JOIN operators o ON o.id = u.operator_id
      WHERE ${where} ORDER BY lower(u.first_name), lower(u.last_name), u.id
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** A staff member (any role but customer), or undefined. */
export async function findStaff(db: Tx, id: string): Promise<StaffRow | undefined> {
  const [row] = await queryRows<StaffRow>(
    db,
    sql`SELECT ${STAFF_COLUMNS} FROM users u LEFT JOIN operators o ON o.id = u.operator_id
      WHERE u.id = ${id} AND u.role <> 'customer'`,
  );
  return row;
}

export async function findUserIdByEmail(
  db: Tx,
  email: string,
): Promise<{ id: string; role: UserRole; operator_id: number | null } | undefined> {
  const [row] = await queryRows<{ id: string; role: UserRole; operator_id: number | null }>(
    db,
    sql`SELECT id, role, operator_id FROM users WHERE email = ${email}`,
  );
  return row;
}

export async function operatorName(db: Tx, id: number): Promise<string | undefined> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT name FROM operators WHERE id = ${id}`);
  return row?.name;
}

export async function operatorParkIds(db: Tx, operatorId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE operator_id = ${operatorId} ORDER BY id`,
  );
  return rows.map((r) => r.id);
}

/** Sets a user's role and operator and replaces their assigned parks. */
export async function setStaffRole(
  tx: Tx,
  userId: string,
  change: { role: UserRole; operatorId: number | null; parkIds: readonly number[]; now: Date },
): Promise<void> {
  await tx.execute(sql`UPDATE users SET role = ${change.role}, operator_id = ${change.operatorId},
    updated_at = ${change.now} WHERE id = ${userId}`);
  await tx.execute(sql`DELETE FROM staff_parks WHERE user_id = ${userId}`);
  if (change.parkIds.length > 0) {
    await tx.execute(sql`INSERT INTO staff_parks (user_id, park_id)
      SELECT ${userId}, unnest(${sql.param([...change.parkIds])}::int[]) ON CONFLICT DO NOTHING`);
  }
}

// ---------------------------------------------------------------------------------------------
// Invitations

export interface InvitationRow {
  id: string;
  operator_id: number | null;
  operator_name: string | null;
  email: string;
  role: InvitableRole;
  park_ids: number[];
  parks: { id: number; name: string }[];
  invited_by: string | null;
  inviter_name: string | null;
  inviter_email: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

const INVITATION_COLUMNS = sql`i.id, i.operator_id, o.name AS operator_name, i.email, i.role, i.park_ids,
  coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name, p.id)
    FROM parks p WHERE p.id = ANY(i.park_ids)), '[]'::json) AS parks,
  i.invited_by, nullif(trim(u.first_name || ' ' || u.last_name), '') AS inviter_name, u.email AS inviter_email,
  i.created_at, i.expires_at, i.accepted_at, i.revoked_at`;
const INVITATION_FROM = sql`staff_invitations i LEFT JOIN operators o ON o.id = i.operator_id
  LEFT JOIN users u ON u.id = i.invited_by`;

/** The invitations not accepted nor withdrawn (pending or expired), newest first. */
export async function listOpenInvitations(
  db: Tx,
  operatorId: number | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const where = sql`i.accepted_at IS NULL AND i.revoked_at IS NULL
    ${operatorId === undefined ? sql`` : sql`AND i.operator_id = ${operatorId}`}`;
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM staff_invitations i WHERE ${where}`,
  );
  const rows = await queryRows<InvitationRow>(
    db,
    sql`SELECT ${INVITATION_COLUMNS} FROM ${INVITATION_FROM} WHERE ${where}
      ORDER BY i.created_at DESC, i.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findInvitation(
  db: Tx,
  by: { id: string } | { tokenHash: string },
  lock = false,
): Promise<InvitationRow | undefined> {
  const where = "id" in by ? sql`i.id = ${by.id}` : sql`i.token_hash = ${by.tokenHash}`;
  const [row] = await queryRows<InvitationRow>(
    db,
    sql`SELECT ${INVITATION_COLUMNS} FROM ${INVITATION_FROM} WHERE ${where}
      ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return row;
}

/** Withdraws the open invitations of an address to an operator (a new one replaces them). */
export async function revokeOpenInvitations(
  tx: Tx,
  email: string,
  operatorId: number | null,
  now: Date,
): Promise<void> {
  await tx.execute(sql`UPDATE staff_invitations SET revoked_at = ${now}
    WHERE email = ${email} AND operator_id IS NOT DISTINCT FROM ${operatorId}
      AND accepted_at IS NULL AND revoked_at IS NULL`);
}

export async function insertInvitation(
  tx: Tx,
  row: {
    operatorId: number | null;
    email: string;
    role: InvitableRole;
    parkIds: readonly number[];
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO staff_invitations (operator_id, email, role, park_ids, token_hash, invited_by, created_at, expires_at)
      VALUES (${row.operatorId}, ${row.email}, ${row.role}, ${sql.param([...row.parkIds])}::int[],
        ${row.tokenHash}, ${row.invitedBy}, ${row.now}, ${row.expiresAt})
      RETURNING id`,
  );
  return created!.id;
}

export async function updateInvitation(
  tx: Tx,
  id: string,
  set: { tokenHash?: string; expiresAt?: Date; revokedAt?: Date; acceptedAt?: Date },
): Promise<void> {
  const parts: SQL[] = [];
  if (set.tokenHash !== undefined) parts.push(sql`token_hash = ${set.tokenHash}`);
  if (set.expiresAt !== undefined) parts.push(sql`expires_at = ${set.expiresAt}`);
  if (set.revokedAt !== undefined) parts.push(sql`revoked_at = ${set.revokedAt}`);
  if (set.acceptedAt !== undefined) parts.push(sql`accepted_at = ${set.acceptedAt}`);
  if (parts.length === 0) return;
  await tx.execute(sql`UPDATE staff_invitations SET ${sql.join(parts, sql`, `)} WHERE id = ${id}`);
}

/**
 * A new link for an invitation still open: its token's hash replaces the earlier one. Answers
 * false when the invitation was accepted, withdrawn or has expired meanwhile (nothing to send).
 */
export async function rotateInvitationToken(
  db: Tx,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE staff_invitations SET token_hash = ${tokenHash}
      WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now}
      RETURNING id`,
  );
  return rows.length > 0;
}

export async function insertStaffUser(
  tx: Tx,
  row: {
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    role: UserRole;
    operatorId: number | null;
    language: string;
    now: Date;
  },
): Promise<string | undefined> {
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO users (email, password_hash, first_name, last_name, role, operator_id, language,
        auth_provider, email_verified_at, created_at, updated_at)
      VALUES (${row.email}, ${row.passwordHash}, ${row.firstName}, ${row.lastName}, ${row.role},
        ${row.operatorId}, ${row.language}, 'password', ${row.now}, ${row.now}, ${row.now})
      ON CONFLICT (email) DO NOTHING RETURNING id`,
  );
  return created?.id;
}

/** An address proven by the invitation link counts as verified. */
export async function markEmailVerified(tx: Tx, userId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, ${now}) WHERE id = ${userId}`,
  );
}

/** The account behind an address, for accepting an invitation onto it. */
export async function findAccount(
  db: Tx,
  email: string,
): Promise<
  { id: string; role: UserRole; password_hash: string | null; disabled_at: Date | string | null } | undefined
> {
  const [row] = await queryRows<{
    id: string;
    role: UserRole;
    password_hash: string | null;
    disabled_at: Date | string | null;
  }>(db, sql`SELECT id, role, password_hash, disabled_at FROM users WHERE email = ${email}`);
  return row;
}

/** Operators, for choosing whom to invite where (`operatorId` undefined: all). */
export async function operatorsOf(
  db: Tx,
  operatorId: number | undefined,
): Promise<{ id: number; name: string }[]> {
  return queryRows(
    db,
    sql`SELECT o.id, o.name FROM operators o
      ${operatorId === undefined ? sql`` : sql`WHERE o.id = ${operatorId}`}
      ORDER BY o.name`,
  );
}
