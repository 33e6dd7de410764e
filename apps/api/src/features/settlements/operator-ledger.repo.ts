import type { CommissionProduct, OperatorLineKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { operatorLines } from "../../db/schema/index";

/** The rate that applies, and where it comes from (the operator's own or its country's default). */
export interface CommissionRateFound {
  rate_bps: number;
  /** The operator's own rate (true) or its country's default (false). */
  own: boolean;
  /** The product the row names; null: a row for every product. */
  product: CommissionProduct | null;
  effective_from: string;
}

/**
 * Parkwell's commission for an operator's sale of `product` at `at`: the operator's own rate for
 * the product, else its rate for every product, else its country's for the product, else the
 * country's for every product; at each level the latest one effective by then. Null: none set.
 * The one copy of the rule: a sale's share, a drive-up sale's commission and the back office's
 * current rates all read it.
 */
export async function commissionRateAt(
  tx: Tx,
  q: { operatorId: number; countryId: number | null; product: CommissionProduct; at: Date },
): Promise<CommissionRateFound | null> {
  const [row] = await queryRows<{
    rate_bps: number;
    own: boolean;
    product: CommissionProduct | null;
    effective_from: string | Date;
  }>(
    tx,
    sql`SELECT rate_bps, operator_id IS NOT NULL AS own, product, effective_from FROM commission_rates
      WHERE effective_from <= ${q.at.toISOString()}::timestamptz
        AND (operator_id = ${q.operatorId} OR (operator_id IS NULL AND country_id = ${q.countryId}))
        AND (product IS NULL OR product = ${q.product})
      ORDER BY operator_id IS NOT NULL DESC, product IS NOT NULL DESC, effective_from DESC
      LIMIT 1`,
  );
  if (!row) return null;
  return {
    rate_bps: Number(row.rate_bps),
    own: row.own,
    product: row.product,
    effective_from: new Date(row.effective_from).toISOString(),
  };
}

/** The rate of commissionRateAt, alone. */
export async function commissionBpsAt(
  tx: Tx,
  q: { operatorId: number; countryId: number | null; product: CommissionProduct; at: Date },
): Promise<number | null> {
  return (await commissionRateAt(tx, q))?.rate_bps ?? null;
}

/** What a receipt's share needs: the park's operator and country, the move's revenue shard, the booking it is about. */
export interface SaleContext {
  operator_id: number | null;
  country_id: number;
  revenue_key: string | null;
  event_booking: boolean;
  days: number | null;
  /** A credit note: the receipt it reverses was issued at this instant (its rate applies). */
  reversed_at: string | null;
}

export async function saleContext(
  tx: Tx,
  q: { parkId: number; ledgerKey: string; reference: string; reversesId: number | null },
): Promise<SaleContext | null> {
  const [row] = await queryRows<SaleContext>(
    tx,
    sql`SELECT p.operator_id, COALESCE(o.country_id, p.country_id) AS country_id,
        (SELECT a.key FROM ledger_transactions t
           JOIN ledger_entries e ON e.transaction_id = t.id
           JOIN wallet_accounts a ON a.id = e.account_id
          WHERE t.idempotency_key = ${q.ledgerKey} AND a.kind = 'platform_revenue' LIMIT 1) AS revenue_key,
        COALESCE((SELECT b.event_id IS NOT NULL FROM bookings b WHERE b.booking_code = ${q.reference} LIMIT 1), false)
          AS event_booking,
        (SELECT (b.breakdown->>'days')::int FROM bookings b WHERE b.booking_code = ${q.reference} LIMIT 1) AS days,
        (SELECT r.issued_at FROM receipts r WHERE r.id = ${q.reversesId}) AS reversed_at
      FROM parks p LEFT JOIN operators o ON o.id = p.operator_id
      WHERE p.id = ${q.parkId}`,
  );
  return row ?? null;
}

export interface OperatorLineInsert {
  operatorId: number;
  currency: string;
  kind: OperatorLineKind;
  ledgerKey: string;
  receiptId?: number | null;
  parkId?: number | null;
  product?: CommissionProduct | null;
  reference?: string | null;
  grossMinor: number;
  commissionBps?: number | null;
  commissionMinor: number;
  amountMinor: number;
  note?: string | null;
  occurredAt: Date;
}

export async function insertLine(tx: Tx, line: OperatorLineInsert): Promise<void> {
  await tx.insert(operatorLines).values(line);
}

/**
 * Locks every shard of an operator's account in a currency (in id order, as ledger_post locks)
 * and answers their balance: a period's close and a payout hold it, so no share lands between
 * what they read and what they write.
 */
export async function lockOperatorBalance(tx: Tx, operatorId: number, currency: string): Promise<number> {
  const rows = await queryRows<{ balance_minor: string | number }>(
    tx,
    sql`SELECT balance_minor FROM wallet_accounts
      WHERE key LIKE ${`operator:${operatorId}:${currency}:%`} AND kind = 'owner_payable'
      ORDER BY id FOR UPDATE`,
  );
  return rows.reduce((s, r) => s + Number(r.balance_minor), 0);
}

/** An operator's country (null until it has a park). */
export async function operatorCountryId(tx: Tx, operatorId: number): Promise<number | null> {
  const [row] = await queryRows<{ country_id: number | null }>(
    tx,
    sql`SELECT country_id FROM operators WHERE id = ${operatorId}`,
  );
  return row?.country_id ?? null;
}
