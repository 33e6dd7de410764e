/** Helpers the settlements API tests share (test-only; not imported by production code). */
import type { SettlementPeriod } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

let operators = 0;

/**
 * A new operator of Nigeria (Lagos's clock) closing `period`ly, given one of the seed's Nigerian
 * parks open all day that no test operator has taken yet (its sales are then this operator's).
 */
export async function newOperator(
  db: Db,
  o: { period: SettlementPeriod; name?: string; countryId?: number; parks?: number },
): Promise<{ id: number; name: string; parkIds: number[] }> {
  operators += 1;
  const name = o.name ?? `Test Operator ${operators} ${Date.now()}`;
  const countryId = o.countryId ?? 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO operators (name, country_id, settlement_period) VALUES (${name}, ${countryId}, ${o.period}) RETURNING id`,
  );
  const id = Number(row!.id);
  const parks = await queryRows<{ id: number }>(
    db,
    sql`UPDATE parks SET operator_id = ${id} WHERE id IN (
        SELECT p.id FROM parks p JOIN operators op ON op.id = p.operator_id
          JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
          JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity >= 5
         WHERE p.open_24h AND p.status = 'active' AND p.country_id = ${countryId}
           AND op.name NOT LIKE 'Test Operator %' AND NOT EXISTS (SELECT 1 FROM operator_lines l WHERE l.operator_id = op.id)
         ORDER BY p.id LIMIT ${o.parks ?? 1})
      RETURNING id`,
  );
  if (parks.length === 0) throw new Error("no seeded all-day park left for a test operator");
  return { id, name, parkIds: parks.map((p) => Number(p.id)).sort((a, b) => a - b) };
}

export interface StatementFacts {
  id: number;
  currency: string;
  period: SettlementPeriod;
  period_start: string;
  period_end: string;
  time_zone: string;
  opening_minor: number;
  sales_minor: number;
  refunds_minor: number;
  collected_minor: number;
  commission_minor: number;
  adjustments_minor: number;
  payouts_minor: number;
  closing_minor: number;
  mailed_at: string | null;
}

/** An operator's statements, oldest first, with plain numbers and ISO instants. */
export async function statementsOf(db: Db, operatorId: number): Promise<StatementFacts[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM settlements WHERE operator_id = ${operatorId} ORDER BY period_start`,
  );
  const iso = (v: unknown) => new Date(v as string).toISOString();
  return rows.map((r) => ({
    id: Number(r.id),
    currency: String(r.currency).trim(),
    period: r.period as SettlementPeriod,
    period_start: iso(r.period_start),
    period_end: iso(r.period_end),
    time_zone: String(r.time_zone),
    opening_minor: Number(r.opening_minor),
    sales_minor: Number(r.sales_minor),
    refunds_minor: Number(r.refunds_minor),
    collected_minor: Number(r.collected_minor),
    commission_minor: Number(r.commission_minor),
    adjustments_minor: Number(r.adjustments_minor),
    payouts_minor: Number(r.payouts_minor),
    closing_minor: Number(r.closing_minor),
    mailed_at: r.mailed_at === null ? null : iso(r.mailed_at),
  }));
}
