/** The back office's reads and writes of companies (admin-companies.service.ts). */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";

export interface AdminCompanyRow {
  id: number;
  name: string;
  country_code: string;
  currency: string;
  billing_email: string;
  tax_id: string;
  verified_at: string | Date | null;
  disabled_at: string | Date | null;
  billing: "wallet" | "invoice";
  credit_limit_minor: string | number;
  balance_minor: string | number;
  members: number;
  created_at: string | Date;
}

const SELECT = sql`SELECT co.id, co.name, c.code AS country_code, trim(c.currency) AS currency,
    co.billing_email::text AS billing_email, co.tax_id, co.verified_at,
    co.disabled_at, co.billing, co.credit_limit_minor,
    coalesce((SELECT a.balance_minor FROM wallet_accounts a
      WHERE a.key = 'company:' || co.id || ':' || trim(c.currency)), 0) AS balance_minor,
    (SELECT count(*)::int FROM company_members m WHERE m.company_id = co.id AND m.removed_at IS NULL) AS members,
    co.created_at
  FROM companies co JOIN countries c ON c.id = co.country_id`;

/** Companies by name (a search matches the name, billing e-mail or tax id), a page of them and the total. */
export async function listCompanies(
  db: Tx,
  search: string | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminCompanyRow[]; total: number }> {
  const where = search
    ? sql`WHERE co.name ILIKE ${`%${search}%`} OR co.billing_email::text ILIKE ${`%${search}%`}
        OR co.tax_id ILIKE ${`%${search}%`}`
    : sql``;
  const [rows, [count]] = await Promise.all([
    queryRows<AdminCompanyRow>(
      db,
      sql`${SELECT} ${where} ORDER BY co.name, co.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM companies co ${where}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** One company; with `lock`, its row stays locked until `tx` ends. */
export async function findCompany(db: Tx, id: number, lock = false): Promise<AdminCompanyRow | undefined> {
  const [row] = await queryRows<AdminCompanyRow>(
    db,
    sql`${SELECT} WHERE co.id = ${id} ${lock ? sql`FOR UPDATE OF co` : sql``}`,
  );
  return row;
}

export async function updateCompany(
  tx: Tx,
  id: number,
  change: { creditLimitMinor: number; billing: "wallet" | "invoice"; disabledAt: Date | null },
): Promise<void> {
  await queryRows(
    tx,
    sql`UPDATE companies SET credit_limit_minor = ${change.creditLimitMinor}, billing = ${change.billing},
        disabled_at = ${change.disabledAt} WHERE id = ${id} RETURNING id`,
  );
}
