/** Queries of company invitations (features/companies/company-invitations.service.ts). */
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

export interface CompanyInvitationRow {
  id: string;
  company_id: number;
  company_name: string;
  company_country_id: number;
  email: string;
  role: "admin" | "member";
  cost_centre: string;
  invited_by: string | null;
  inviter_name: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = sql`i.id, i.company_id, co.name AS company_name, co.country_id AS company_country_id, i.email,
  i.role, i.cost_centre, i.invited_by, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS inviter_name,
  i.created_at, i.expires_at, i.accepted_at, i.revoked_at`;
const FROM = sql`company_invitations i JOIN companies co ON co.id = i.company_id
  LEFT JOIN users u ON u.id = i.invited_by`;

type Raw = Omit<CompanyInvitationRow, "created_at" | "expires_at" | "accepted_at" | "revoked_at"> & {
  created_at: string | Date;
  expires_at: string | Date;
  accepted_at: string | Date | null;
  revoked_at: string | Date | null;
};

const date = (v: string | Date | null) => (v === null ? null : new Date(v));
const rowOf = (r: Raw): CompanyInvitationRow => ({
  ...r,
  company_id: Number(r.company_id),
  company_country_id: Number(r.company_country_id),
  created_at: new Date(r.created_at),
  expires_at: new Date(r.expires_at),
  accepted_at: date(r.accepted_at),
  revoked_at: date(r.revoked_at),
});

/** The company's invitations neither accepted nor withdrawn (pending or expired), newest first. */
export async function openInvitations(
  db: Tx,
  companyId: number,
  limit: number,
  offset: number,
): Promise<{ rows: CompanyInvitationRow[]; total: number }> {
  const rows = await queryRows<Raw & { total: number }>(
    db,
    sql`SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${FROM}
        WHERE i.company_id = ${companyId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
        ORDER BY i.created_at DESC, i.id LIMIT ${limit} OFFSET ${offset}`,
  );
  return { rows: rows.map(rowOf), total: rows.length ? Number(rows[0]!.total) : 0 };
}

/** One invitation by its id or its token's hash (`lock`: FOR UPDATE of the invitation's row). */
export async function findInvitation(
  db: Tx,
  by: { id: string; companyId?: number } | { tokenHash: string },
  lock = false,
): Promise<CompanyInvitationRow | undefined> {
  const where =
    "tokenHash" in by
      ? sql`i.token_hash = ${by.tokenHash}`
      : by.companyId === undefined
        ? sql`i.id = ${by.id}`
        : sql`i.id = ${by.id} AND i.company_id = ${by.companyId}`;
  const [row] = await queryRows<Raw>(
    db,
    sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  return row ? rowOf(row) : undefined;
}

/** Withdraws the open invitations of an address to the company (a new one replaces them). */
export async function revokeOpenInvitations(db: Tx, companyId: number, email: string, now: Date) {
  await queryRows(
    db,
    sql`UPDATE company_invitations SET revoked_at = ${now.toISOString()}
        WHERE company_id = ${companyId} AND email = ${email} AND accepted_at IS NULL AND revoked_at IS NULL`,
  );
}

export async function insertInvitation(
  db: Tx,
  row: {
    companyId: number;
    email: string;
    role: "admin" | "member";
    costCentre: string;
    tokenHash: string;
    invitedBy: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const [created] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO company_invitations (company_id, email, role, cost_centre, token_hash, invited_by,
          created_at, expires_at)
        VALUES (${row.companyId}, ${row.email}, ${row.role}, ${row.costCentre}, ${row.tokenHash},
          ${row.invitedBy}, ${row.now.toISOString()}, ${row.expiresAt.toISOString()})
        RETURNING id`,
  );
  return created!.id;
}

export async function closeInvitation(db: Tx, id: string, how: "accepted" | "revoked", now: Date) {
  await queryRows(
    db,
    how === "accepted"
      ? sql`UPDATE company_invitations SET accepted_at = ${now.toISOString()} WHERE id = ${id}`
      : sql`UPDATE company_invitations SET revoked_at = ${now.toISOString()} WHERE id = ${id}`,
  );
}

/**
 * A new link for an invitation still open at `now`: its token's hash replaces the earlier one.
 * False when it was accepted, withdrawn or has expired meanwhile (nothing to send).
 */
export async function rotateToken(db: Tx, id: string, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE company_invitations SET token_hash = ${tokenHash}
        WHERE id = ${id} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ${now.toISOString()}
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Whether `email`'s account is an active member of the company. */
export async function isActiveMemberByEmail(db: Tx, companyId: number, email: string): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT m.id FROM company_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = ${companyId} AND u.email = ${email} AND m.removed_at IS NULL`,
  );
  return rows.length > 0;
}

/** The account behind an address, for joining with it. */
export async function accountByEmail(
  db: Tx,
  email: string,
): Promise<{ id: string; passwordHash: string | null; disabled: boolean } | undefined> {
  const [row] = await queryRows<{ id: string; password_hash: string | null; disabled: boolean }>(
    db,
    sql`SELECT id, password_hash, disabled_at IS NOT NULL AS disabled FROM users WHERE email = ${email}`,
  );
  return row ? { id: row.id, passwordHash: row.password_hash, disabled: row.disabled } : undefined;
}
