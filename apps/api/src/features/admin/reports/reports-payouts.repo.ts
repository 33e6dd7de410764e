/**
 * The payouts report's query (issue #65): operators' money from their ledger accounts, statements
 * and payouts, read by OFFSET for a page and by keyset for the CSV export, as every report.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import {
  afterKey,
  limitOf,
  parkDayEnd,
  parkDayStart,
  parkFilter,
  type PageAt,
  type ReportFilter,
} from "./reports.repo";

export interface PayoutsRaw {
  operator_id: number;
  operator: string;
  country_code: string | null;
  time_zone: string;
  currency: string;
  held_reason: string | null;
  balance_minor: string;
  owed_minor: string;
  paid_minor: string;
  in_transit_minor: string;
  failed_minor: string;
}

/**
 * Each operator in the scope (an operator with a park in it; every operator for a scope of every
 * park) and currency it has money in: its account's balance now (the sum of its shards), the
 * closing balances of its statements closed in the range that no payout has taken (none, or one
 * still waiting), its payouts paid and failed or reversed in the range, and those on their way now.
 * The range's days are on the operator's country's clock.
 */
function payoutsQuery(f: ReportFilter, at: PageAt): SQL {
  const scoped =
    f.parkIds === null && f.parkId === null
      ? sql`true`
      : sql`EXISTS (SELECT FROM parks p WHERE p.operator_id = o.id AND ${parkFilter(sql`p.id`, f)})`;
  const inRange = (column: SQL) =>
    sql`${column} >= ${parkDayStart(f.from, sql`ops.time_zone`)} AND ${column} < ${parkDayEnd(f.to, sql`ops.time_zone`)}`;
  return sql`WITH ops AS (
      SELECT o.id, o.name, o.payouts_held_reason, c.code AS country_code, COALESCE(c.timezone, 'UTC') AS time_zone
      FROM operators o LEFT JOIN countries c ON c.id = o.country_id WHERE ${scoped}
    ), money AS (
      SELECT operator_id, currency::text AS currency FROM operator_lines
      UNION SELECT operator_id, currency::text FROM settlements
      UNION SELECT operator_id, currency::text FROM payouts
    )
    SELECT ops.id AS operator_id, ops.name AS operator, ops.country_code, ops.time_zone, m.currency,
      ops.payouts_held_reason AS held_reason,
      (SELECT COALESCE(sum(a.balance_minor), 0) FROM wallet_accounts a WHERE a.kind = 'owner_payable'
        AND a.key LIKE 'operator:' || ops.id || ':' || m.currency || ':%') AS balance_minor,
      (SELECT COALESCE(sum(s.closing_minor), 0) FROM settlements s
        WHERE s.operator_id = ops.id AND s.currency = m.currency AND s.closing_minor > 0 AND ${inRange(sql`s.closed_at`)}
          AND NOT EXISTS (SELECT FROM payouts p WHERE p.settlement_id = s.id AND p.status <> 'waiting')) AS owed_minor,
      (SELECT COALESCE(sum(p.amount_minor), 0) FROM payouts p WHERE p.operator_id = ops.id AND p.currency = m.currency
        AND p.status = 'paid' AND ${inRange(sql`p.settled_at`)}) AS paid_minor,
      (SELECT COALESCE(sum(p.amount_minor), 0) FROM payouts p WHERE p.operator_id = ops.id AND p.currency = m.currency
        AND p.status IN ('sending', 'sent')) AS in_transit_minor,
      (SELECT COALESCE(sum(p.amount_minor), 0) FROM payouts p WHERE p.operator_id = ops.id AND p.currency = m.currency
        AND p.status IN ('failed', 'reversed') AND ${inRange(sql`COALESCE(p.settled_at, p.updated_at)`)}) AS failed_minor
    FROM ops JOIN money m ON m.operator_id = ops.id
    WHERE ${afterKey(at, sql`ops.name, ops.id, m.currency`, ["text", "int", "text"])}`;
}

export function payoutsPage(db: Tx, f: ReportFilter, at: PageAt): Promise<PayoutsRaw[]> {
  return queryRows<PayoutsRaw>(
    db,
    sql`SELECT * FROM (${payoutsQuery(f, at)}) x ORDER BY operator, operator_id, currency ${limitOf(at)}`,
  );
}

export const payoutsKey = (r: PayoutsRaw) => [r.operator, String(r.operator_id), r.currency];

export function payoutsAll(db: Tx, f: ReportFilter): Promise<PayoutsRaw[]> {
  return queryRows<PayoutsRaw>(db, sql`SELECT * FROM (${payoutsQuery(f, { after: null, limit: 0 })}) x`);
}
