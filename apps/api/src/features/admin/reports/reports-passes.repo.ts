/** The dashboard's monthly-pass figures (docs/PRODUCT-RULES.md#monthly-passes), in the staff's park scope. */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";
import type { ReportFilter } from "./reports.repo";

const inScope = (column: ReturnType<typeof sql>, f: ReportFilter) =>
  sql`${parkScopeSql(column, f.parkIds)} AND ${f.parkId === null ? sql`true` : sql`${column} = ${f.parkId}`}`;

/** Passes valid now (active or in grace) in scope. */
export async function activePasses(db: Tx, f: ReportFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM passes ps WHERE ps.status IN ('active', 'grace') AND ${inScope(sql`ps.park_id`, f)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Per currency, what the passes that will renew bring a month (minor units): each one's monthly
 * price less its term's discount (a 3- or 12-month term's price over its months), before fees.
 */
export function monthlyRecurring(db: Tx, f: ReportFilter): Promise<{ currency: string; minor: string }[]> {
  return queryRows<{ currency: string; minor: string }>(
    db,
    sql`SELECT ps.currency::text AS currency,
        sum(round(ps.monthly_minor * (10000 - CASE ps.term_months WHEN 12 THEN pl.discount_12m_bps
          WHEN 3 THEN pl.discount_3m_bps ELSE 0 END) / 10000.0))::bigint AS minor
      FROM passes ps JOIN parking_plans pl ON pl.id = ps.plan_id
      WHERE ps.status IN ('active', 'grace') AND NOT ps.cancel_at_period_end AND ${inScope(sql`ps.park_id`, f)}
      GROUP BY ps.currency ORDER BY ps.currency`,
  );
}
