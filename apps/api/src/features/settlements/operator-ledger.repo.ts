import type { CommissionProduct, OperatorLineKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { preparedRows, queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";

/**
 * Parkwell's commission for an operator's sale of `product` at `at` (the database's
 * commission_bps_at): the operator's own rate for the product, else its rate for every product,
 * else its country's for the product, else the country's for every product; at each level the
 * latest one effective by then. Null: none set.
 */
export async function commissionBpsAt(
  tx: Tx,
  q: { operatorId: number; countryId: number; product: CommissionProduct; at: Date },
): Promise<number | null> {
  const [row] = await commissionBpsAtStatement(tx, {
    operator: q.operatorId,
    country: q.countryId,
    product: q.product,
    at: q.at.toISOString(),
  });
  return row?.rate_bps == null ? null : Number(row.rate_bps);
}
const commissionBpsAtStatement = preparedRows<{ rate_bps: number | null }>(
  "commission_bps_at",
  sql`SELECT commission_bps_at(${sql.placeholder("operator")}::int, ${sql.placeholder("country")}::int,
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
