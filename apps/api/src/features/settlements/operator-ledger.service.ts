/**
 * The one way an operator's account moves (decision 056): a ledger move between one shard of the
 * operator's account and one of Parkwell's, and the line that says what it was, in the caller's
 * transaction. The sale's share is posted here from the purchase's receipt (`accrueReceipt`, which
 * `issueReceipt` calls for every receipt and credit note), so every purchase kind, every refund,
 * credit note, cancellation share and void moves the operator's account with its money.
 */
import {
  DEFAULT_COMMISSION_BPS,
  type CommissionProduct,
  type OperatorLedgerKind,
  type OperatorLineKind,
} from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import type { ReceiptIssue } from "../receipts/receipts.domain";
import { operatorKey, revenueKey } from "../wallet/ledger.domain";
import type { AccountSpec } from "../wallet/ledger.repo";
import { postTransfer } from "../wallet/ledger.service";
import { grossOf, productOf, shardOfRevenueKey, shareOf } from "./operator-ledger.domain";
import * as repo from "./operator-ledger.repo";

export interface OperatorMove {
  operatorId: number;
  currency: string;
  kind: OperatorLineKind;
  ledgerKind: OperatorLedgerKind;
  /** Unique per move: posting it again moves nothing and writes no line. */
  ledgerKey: string;
  /** Which shard of the operator's account: a sale's is its charge's revenue shard; 0 otherwise. */
  shard: number;
  /** Parkwell's side: a revenue shard, the gate's revenue, the payouts in transit. */
  counterAccount: AccountSpec;
  /** What the move does to the operator's balance (signed). */
  amountMinor: number;
  grossMinor: number;
  commissionBps?: number | null;
  commissionMinor: number;
  receiptId?: number | null;
  parkId?: number | null;
  product?: CommissionProduct | null;
  reference?: string | null;
  note?: string | null;
  description?: string | null;
  occurredAt: Date;
}

/** Posts the move and writes its line; false when its key was already posted (nothing moved). */
export async function postOperatorMove(tx: Tx, m: OperatorMove): Promise<boolean> {
  if (m.amountMinor === 0) return false;
  const posted = await postTransfer(tx, {
    idempotencyKey: m.ledgerKey,
    kind: m.ledgerKind,
    reference: m.reference ?? null,
    description: m.description ?? null,
    lines: [
      {
        account: {
          key: operatorKey(m.operatorId, m.currency, m.shard),
          kind: "owner_payable",
          currency: m.currency,
        },
        amountMinor: m.amountMinor,
      },
      { account: m.counterAccount, amountMinor: -m.amountMinor },
    ],
  });
  if (!posted.created) return false;
  await repo.insertLine(tx, {
    operatorId: m.operatorId,
    currency: m.currency,
    kind: m.kind,
    ledgerKey: m.ledgerKey,
    receiptId: m.receiptId ?? null,
    parkId: m.parkId ?? null,
    product: m.product ?? null,
    reference: m.reference ?? null,
    grossMinor: m.grossMinor,
    commissionBps: m.commissionBps ?? null,
    commissionMinor: m.commissionMinor,
    amountMinor: m.amountMinor,
    note: m.note ?? null,
    occurredAt: m.occurredAt,
  });
  return true;
}

/** The commission rate for a sale (the default when no rate was ever set for its country). */
export async function commissionBps(
  tx: Tx,
  q: { operatorId: number; countryId: number; product: CommissionProduct; at: Date },
): Promise<number> {
  return (await repo.commissionBpsAt(tx, q)) ?? DEFAULT_COMMISSION_BPS;
}

/**
 * A receipt's effect on its park's operator, in the receipt's transaction: a sale credits the
 * operator with its share of the space sold (gross minus commission at the rate of the sale's
 * instant and product), a credit note takes back its share of what it refunds at the rate of the
 * receipt it reverses. Nothing for a receipt without a park (a top-up, an order, a document
 * request), at a park Parkwell runs itself, or without a space line.
 */
export async function accrueReceipt(tx: Tx, receiptId: number, r: ReceiptIssue): Promise<void> {
  if (r.parkId === null) return;
  const grossMinor = grossOf(r.body.lines);
  if (grossMinor === 0) return;
  const sale = await repo.saleContext(tx, {
    parkId: r.parkId,
    ledgerKey: r.ledgerKey,
    reference: r.reference,
    reversesId: r.reversesId ?? null,
  });
  if (!sale || sale.operator_id === null) return;
  const product = productOf({ ledgerKey: r.ledgerKey, eventBooking: sale.event_booking, days: sale.days });
  const at = sale.reversed_at ? new Date(sale.reversed_at) : r.issuedAt;
  const bps = await commissionBps(tx, {
    operatorId: sale.operator_id,
    countryId: sale.country_id,
    product,
    at,
  });
  const { commissionMinor, shareMinor } = shareOf(grossMinor, bps);
  const revenue = sale.revenue_key ?? revenueKey(r.currency);
  await postOperatorMove(tx, {
    operatorId: sale.operator_id,
    currency: r.currency,
    kind: grossMinor > 0 ? "sale" : "refund",
    ledgerKind: grossMinor > 0 ? "operator_share" : "operator_share_reversal",
    ledgerKey: `share:${r.ledgerKey}`,
    shard: shardOfRevenueKey(revenue),
    counterAccount: { key: revenue, kind: "platform_revenue", currency: r.currency },
    amountMinor: shareMinor,
    grossMinor,
    commissionBps: bps,
    commissionMinor,
    receiptId,
    parkId: r.parkId,
    product,
    reference: r.reference,
    occurredAt: r.issuedAt,
  });
}

/**
 * Locks every shard of an operator's account in a currency and answers its balance, for a move
 * that must not race a sale's share (a payout).
 */
export function lockOperatorBalance(tx: Tx, operatorId: number, currency: string): Promise<number> {
  return repo.lockOperatorBalance(tx, operatorId, currency);
}
