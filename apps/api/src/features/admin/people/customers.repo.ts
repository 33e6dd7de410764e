import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { likePattern } from "../../../lib/like";

/** A driver's row as the back office shows it: never a password hash, a token or a session. */
export interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  country_id: number;
  country_code: string;
  country_name: string;
  email_verified_at: Date | string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
  bookings_count: number;
  language: string;
  auth_provider: string;
}

const COLUMNS = sql`u.id, u.email, u.first_name, u.last_name, u.phone, u.country_id,
  c.code AS country_code, c.name AS country_name, u.email_verified_at, u.disabled_at, u.created_at,
  u.language, u.auth_provider,
  (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_sign_in_at,
  (SELECT count(*)::int FROM bookings b WHERE b.user_id = u.id) AS bookings_count`;

function where(filter: { search?: string | undefined; status?: "active" | "disabled" | undefined }) {
  const parts: SQL[] = [sql`u.role = 'customer'`];
  if (filter.status === "active") parts.push(sql`u.disabled_at IS NULL`);
  if (filter.status === "disabled") parts.push(sql`u.disabled_at IS NOT NULL`);
  if (filter.search) {
    const like = likePattern(filter.search);
    const digits = filter.search.replace(/\D/g, "");
    parts.push(sql`(u.email ILIKE ${like} OR (u.first_name || ' ' || u.last_name) ILIKE ${like}
      OR u.phone ILIKE ${like}
      ${digits.length >= 4 ? sql`OR regexp_replace(coalesce(u.phone, ''), '\\D', '', 'g') LIKE ${likePattern(digits)}` : sql``})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function listCustomers(
  db: Tx,
  filter: { search?: string | undefined; status?: "active" | "disabled" | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const w = where(filter);
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM users u WHERE ${w}`);
  const rows = await queryRows<CustomerRow>(
    db,
    sql`SELECT ${COLUMNS} FROM users u JOIN countries c ON c.id = u.country_id WHERE ${w}
      ORDER BY u.created_at DESC, u.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { rows, total: count?.n ?? 0 };
}

export async function findCustomer(db: Tx, id: string, lock = false): Promise<CustomerRow | undefined> {
  const [row] = await queryRows<CustomerRow>(
    db,
    sql`SELECT ${COLUMNS} FROM users u JOIN countries c ON c.id = u.country_id
      WHERE u.id = ${id} AND u.role = 'customer' ${lock ? sql`FOR UPDATE OF u` : sql``}`,
  );
  return row;
}

export async function customerBookings(db: Tx, userId: string, limit: number) {
  return queryRows<{
    id: string;
    booking_code: string;
    park_id: number;
    park_name: string;
    time_zone: string;
    start_time: Date | string;
    end_time: Date | string;
    status: string;
    currency: string;
    total_minor: number | string;
    paid_minor: number | string;
    created_at: Date | string;
  }>(
    db,
    sql`SELECT x.id, x.booking_code, x.park_id, p.name AS park_name, p.time_zone, x.start_time, x.end_time, x.status,
        x.currency, x.total_minor, x.paid_minor, x.created_at
      FROM bookings x JOIN parks p ON p.id = x.park_id
      WHERE x.user_id = ${userId} ORDER BY x.start_time DESC, x.id LIMIT ${limit}`,
  );
}

export async function customerWallets(db: Tx, userId: string) {
  return queryRows<{ currency: string; balance_minor: number | string }>(
    db,
    sql`SELECT x.currency, x.balance_minor FROM wallet_accounts x
      WHERE x.owner_user_id = ${userId} AND x.kind = 'user_wallet' ORDER BY x.currency`,
  );
}

export async function customerLedger(db: Tx, userId: string, limit: number) {
  return queryRows<{
    id: number | string;
    at: Date | string;
    kind: string;
    description: string | null;
    reference: string | null;
    currency: string;
    amount_minor: number | string;
    balance_after_minor: number | string;
  }>(
    db,
    sql`SELECT x.id, x.created_at AS at, t.kind, t.description, t.reference, x.currency, x.amount_minor,
        x.balance_after_minor
      FROM ledger_entries x JOIN wallet_accounts a ON a.id = x.account_id
        JOIN ledger_transactions t ON t.id = x.transaction_id
      WHERE a.owner_user_id = ${userId} AND a.kind = 'user_wallet'
      ORDER BY x.id DESC LIMIT ${limit}`,
  );
}

export async function setDisabled(tx: Tx, userId: string, at: Date | null, now: Date): Promise<void> {
  await tx.execute(sql`UPDATE users SET disabled_at = ${at}, updated_at = ${now} WHERE id = ${userId}`);
}

/** Ends every live session of a user. */
export async function endSessions(tx: Tx, userId: string, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE sessions SET revoked_at = ${now} WHERE user_id = ${userId} AND revoked_at IS NULL RETURNING id`,
  );
  return rows.length;
}
