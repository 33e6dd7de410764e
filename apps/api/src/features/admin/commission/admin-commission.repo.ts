import type { CommissionProduct, SettlementPeriod } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import type { Tx } from "../../../db/tx";

/** An operator with what its commission page shows. */
export interface OperatorRow {
  id: number;
  name: string;
  country_id: number | null;
  settlement_period: SettlementPeriod;
  settlement_period_next: SettlementPeriod | null;
  settlement_period_from: string | Date | null;
}

export async function findOperator(tx: Tx, id: number, lock = false): Promise<OperatorRow | undefined> {
  const [row] = await queryRows<OperatorRow>(
    tx,
    sql`SELECT id, name, country_id, settlement_period, settlement_period_next, settlement_period_from
      FROM operators WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Every operator (null) or one, by name. */
export async function listOperators(
  tx: Tx,
  only: number | null,
): Promise<{ id: number; name: string; country_id: number | null }[]> {
  return queryRows(
    tx,
    sql`SELECT id, name, country_id FROM operators
      ${only === null ? sql`` : sql`WHERE id = ${only}`} ORDER BY name, id`,
  );
}

export interface RateRow {
  id: number;
  operator_id: number | null;
  country_id: number | null;
  product: CommissionProduct | null;
  rate_bps: number;
  effective_from: string | Date;
  created_at: string | Date;
  created_by: string | null;
  created_by_name: string | null;
}

/** The rows of an operator (and of its country's defaults when `countryId` is given), newest start first. */
export async function rateHistory(
  tx: Tx,
  q: { operatorId: number | null; countryIds: readonly number[] },
): Promise<RateRow[]> {
  const countries =
    q.countryIds.length === 0
      ? sql`false`
      : sql`(r.operator_id IS NULL AND r.country_id IN (${sql.join(
          q.countryIds.map((c) => sql`${c}`),
          sql`, `,
        )}))`;
  return queryRows<RateRow>(
    tx,
    sql`SELECT r.id, r.operator_id, r.country_id, r.product, r.rate_bps, r.effective_from, r.created_at,
        r.created_by, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by_name
      FROM commission_rates r LEFT JOIN users u ON u.id = r.created_by
      WHERE ${q.operatorId === null ? sql`false` : sql`r.operator_id = ${q.operatorId}`} OR ${countries}
      ORDER BY r.effective_from DESC, r.id DESC`,
  );
}

/** A new rate: rows are never changed, so a sale keeps the rate it was made at. */
export async function insertRate(
  tx: Tx,
  row: {
    operatorId: number | null;
    countryId: number | null;
    product: CommissionProduct | null;
    rateBps: number;
    effectiveFrom: Date;
    createdBy: string;
    createdAt: Date;
  },
): Promise<number> {
  const [inserted] = await queryRows<{ id: number }>(
    tx,
    sql`INSERT INTO commission_rates (operator_id, country_id, product, rate_bps, effective_from, created_by, created_at)
      VALUES (${row.operatorId}, ${row.countryId}, ${row.product}, ${row.rateBps},
        ${row.effectiveFrom.toISOString()}::timestamptz, ${row.createdBy}, ${row.createdAt.toISOString()}::timestamptz)
      ON CONFLICT ON CONSTRAINT commission_rates_one_per_instant DO NOTHING
      RETURNING id`,
  );
  return inserted ? Number(inserted.id) : 0;
}

/** The operator's period now and the change waiting for the next period (null: none). */
export async function setSettlementPeriod(
  tx: Tx,
  id: number,
  set: { current: SettlementPeriod; next: SettlementPeriod | null; from: Date | null },
): Promise<void> {
  await tx.execute(
    sql`UPDATE operators SET settlement_period = ${set.current}, settlement_period_next = ${set.next},
      settlement_period_from = ${set.from === null ? null : set.from.toISOString()}::timestamptz
      WHERE id = ${id}`,
  );
}
