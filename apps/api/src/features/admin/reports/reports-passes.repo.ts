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

/** A group of the passes that will renew (active or in grace, not cancelled) in scope, by price and term. */
export interface RenewingPasses {
  currency: string;
  monthly_minor: string;
  term_months: number;
  discount_3m_bps: number;
  discount_12m_bps: number;
  passes: number;
}

/**
 * The passes that will renew, grouped by currency, monthly price, term and the plan's discounts:
 * what a month of them brings is priced in TypeScript (passes.domain's monthlyNetMinor).
 */
export function renewingPasses(db: Tx, f: ReportFilter): Promise<RenewingPasses[]> {
  return queryRows<RenewingPasses>(
    db,
    sql`SELECT ps.currency::text AS currency, ps.monthly_minor::text AS monthly_minor, ps.term_months,
        pl.discount_3m_bps, pl.discount_12m_bps, count(*)::int AS passes
      FROM passes ps JOIN parking_plans pl ON pl.id = ps.plan_id
      WHERE ps.status IN ('active', 'grace') AND NOT ps.cancel_at_period_end AND ${inScope(sql`ps.park_id`, f)}
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1`,
  );
}
