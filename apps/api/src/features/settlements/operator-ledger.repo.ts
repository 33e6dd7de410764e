import type { CommissionProduct, OperatorLineKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { preparedRows, queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

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
 * Parkwell's commission for an operator's sale of `product` at `at` (the database's
 * commission_bps_at, the one copy of the rule): the operator's own rate for the product, else its
 * rate for every product, else its country's for the product, else the country's for every
 * product; at each level the latest one effective by then. The country is the operator's, or the
 * park's while the operator has none (as the receipts' trigger reads it, operator_sale), found in
 * the same statement. Null: none set.
 */
export async function commissionBpsAt(
  tx: Tx,
  q: { operatorId: number; parkCountryId: number; product: CommissionProduct; at: Date },
): Promise<number | null> {
  const [row] = await commissionBpsAtStatement(tx, {
    operator: q.operatorId,
    parkCountry: q.parkCountryId,
    product: q.product,
    at: q.at.toISOString(),
  });
  return row?.rate_bps == null ? null : Number(row.rate_bps);
}

/**
 * The rate commissionBpsAt answers and where it comes from, for the back office: asked of the
 * same function at each level (the operator's alone: no country; a product no row names: the
 * level's rate for every product), so the rule is still written once; then the start of the row
 * at the level it came from.
 */
export async function commissionRateAt(
  tx: Tx,
  q: { operatorId: number; countryId: number | null; product: CommissionProduct; at: Date },
): Promise<CommissionRateFound | null> {
  const at = q.at.toISOString();
  const [row] = await queryRows<{
    rate_bps: number | null;
    own_bps: number | null;
    own_all_bps: number | null;
    country_all_bps: number | null;
  }>(
    tx,
    sql`SELECT commission_bps_at(${q.operatorId}::int, ${q.countryId}::int, ${q.product}::text, ${at}::timestamptz) AS rate_bps,
        commission_bps_at(${q.operatorId}::int, NULL::int, ${q.product}::text, ${at}::timestamptz) AS own_bps,
        commission_bps_at(${q.operatorId}::int, NULL::int, '', ${at}::timestamptz) AS own_all_bps,
        commission_bps_at(0, ${q.countryId}::int, '', ${at}::timestamptz) AS country_all_bps`,
  );
  if (!row || row.rate_bps === null) return null;
  const own = row.own_bps !== null;
  const levelAll = own ? row.own_all_bps : row.country_all_bps;
  const level = own
    ? sql`operator_id = ${q.operatorId}`
    : sql`operator_id IS NULL AND country_id = ${q.countryId}`;
  // A row for the product at that level wins over the level's row for every product.
  const [start] = await queryRows<{ product_row: string | Date | null; all_row: string | Date | null }>(
    tx,
    sql`SELECT max(effective_from) FILTER (WHERE product = ${q.product}) AS product_row,
        max(effective_from) FILTER (WHERE product IS NULL) AS all_row
      FROM commission_rates WHERE ${level} AND effective_from <= ${at}::timestamptz`,
  );
  const specific = start?.product_row != null || levelAll === null;
  const from = specific ? start?.product_row : start?.all_row;
  return {
    rate_bps: Number(row.rate_bps),
    own,
    product: specific ? q.product : null,
    effective_from: new Date(from ?? q.at).toISOString(),
  };
}
const commissionBpsAtStatement = preparedRows<{ rate_bps: number | null }>(
  "commission_bps_at",
  sql`SELECT commission_bps_at(${sql.placeholder("operator")}::int,
      COALESCE((SELECT country_id FROM operators WHERE id = ${sql.placeholder("operator")}::int),
        ${sql.placeholder("parkCountry")}::int),
      ${sql.placeholder("product")}::text, ${sql.placeholder("at")}::timestamptz) AS rate_bps`,
);

export interface OperatorLineInsert {
  operatorId: number;
  currency: string;
  kind: OperatorLineKind;
  ledgerKey: string;
  receiptId: number | null;
  parkId: number | null;
  product: CommissionProduct | null;
  reference: string | null;
  grossMinor: number;
  commissionBps: number | null;
  commissionMinor: number;
  amountMinor: number;
  note: string | null;
  occurredAt: Date;
}

export async function insertLine(tx: Tx, line: OperatorLineInsert): Promise<void> {
  await insertLineStatement(tx, { ...line, occurredAt: line.occurredAt.toISOString() });
}
const insertLineStatement = preparedRows(
  "operator_line_insert",
  sql`INSERT INTO operator_lines (operator_id, currency, kind, ledger_key, receipt_id, park_id, product, reference,
      gross_minor, commission_bps, commission_minor, amount_minor, note, occurred_at)
    VALUES (${sql.placeholder("operatorId")}, ${sql.placeholder("currency")}, ${sql.placeholder("kind")},
      ${sql.placeholder("ledgerKey")}, ${sql.placeholder("receiptId")}, ${sql.placeholder("parkId")},
      ${sql.placeholder("product")}, ${sql.placeholder("reference")}, ${sql.placeholder("grossMinor")},
      ${sql.placeholder("commissionBps")}, ${sql.placeholder("commissionMinor")}, ${sql.placeholder("amountMinor")},
      ${sql.placeholder("note")}, ${sql.placeholder("occurredAt")}::timestamptz)`,
);

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

/**
 * Runs the receipts' deferred trigger now for the receipts this transaction wrote so far (and at
 * their INSERT for the rest of it): what `keepShareOfRefund` needs to read a credit note's reversal
 * before the commit. Only a rare move takes it (a refund Parkwell bears), after its credit note.
 */
export async function sharesNow(tx: Tx): Promise<void> {
  await tx.execute(sql`SET CONSTRAINTS receipts_operator_share IMMEDIATE`);
}

/** The share move a receipt's trigger posted (`share:<its ledger key>`): its line, shard and revenue account. */
export async function shareMoveOf(
  tx: Tx,
  shareKey: string,
): Promise<{
  operatorId: number;
  currency: string;
  amountMinor: number;
  parkId: number | null;
  operatorAccount: string;
  revenueAccount: string;
} | null> {
  const [row] = await queryRows<{
    operator_id: number;
    currency: string;
    amount_minor: number | string;
    park_id: number | null;
    operator_account: string;
    revenue_account: string;
  }>(
    tx,
    sql`SELECT l.operator_id, l.currency, l.amount_minor, l.park_id,
          max(a.key) FILTER (WHERE a.kind = 'owner_payable') AS operator_account,
          max(a.key) FILTER (WHERE a.kind = 'platform_revenue') AS revenue_account
        FROM operator_lines l
        JOIN ledger_transactions t ON t.idempotency_key = l.ledger_key
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN wallet_accounts a ON a.id = e.account_id
        WHERE l.ledger_key = ${shareKey}
        GROUP BY l.operator_id, l.currency, l.amount_minor, l.park_id`,
  );
  if (!row) return null;
  return {
    operatorId: Number(row.operator_id),
    currency: row.currency.trim(),
    amountMinor: Number(row.amount_minor),
    parkId: row.park_id === null ? null : Number(row.park_id),
    operatorAccount: row.operator_account,
    revenueAccount: row.revenue_account,
  };
}
