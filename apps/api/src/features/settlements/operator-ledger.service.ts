/**
 * The one way the application moves an operator's account (decision 056): a ledger move between
 * one shard of the operator's account and one of Parkwell's, and the line that says what it was,
 * in the caller's transaction (a drive-up sale's commission, an adjustment, a payout and its
 * return). A sale's share and a refund's reversal are not posted here: the receipt or credit note
 * that documents the purchase's move posts them in its own INSERT (the database's
 * receipt_operator_share trigger), so no purchase kind, refund or void can forget them.
 */
import {
  DEFAULT_COMMISSION_BPS,
  type CommissionProduct,
  type OperatorLedgerKind,
  type OperatorLineKind,
} from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { gateRevenueKey, operatorKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { shareOf } from "./operator-ledger.domain";
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
  counterAccount: {
    key: string;
    kind: "platform_revenue" | "provider_clearing" | "marketing_spend";
    currency: string;
  };
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

/**
 * A refund Parkwell bears (decision 057: a driver charged wrongly by Parkwell): the operator keeps
 * the share the refund's credit note took back. In the refund's transaction, after its credit note:
 * the receipts' trigger is run at once so its reversal is known, then an adjustment gives the same
 * amount back on the same shard of the operator's account, against the same revenue account. False
 * when the credit note took nothing (a park Parkwell runs, a refund of fees only).
 */
export async function keepShareOfRefund(
  tx: Tx,
  p: { refundKey: string; ledgerKey: string; reference: string; note: string; occurredAt: Date },
): Promise<boolean> {
  await repo.sharesNow(tx);
  const taken = await repo.shareMoveOf(tx, `share:${p.refundKey}`);
  if (!taken || taken.amountMinor >= 0) return false;
  const shard = Number(taken.operatorAccount.split(":")[3] ?? 0);
  return postOperatorMove(tx, {
    operatorId: taken.operatorId,
    currency: taken.currency,
    kind: "adjustment",
    ledgerKind: "operator_adjustment",
    ledgerKey: p.ledgerKey,
    shard,
    counterAccount: { key: taken.revenueAccount, kind: "platform_revenue", currency: taken.currency },
    amountMinor: -taken.amountMinor,
    grossMinor: 0,
    commissionMinor: 0,
    parkId: taken.parkId,
    reference: p.reference,
    note: p.note,
    description: p.note,
    occurredAt: p.occurredAt,
  });
}

/** The rate in force for an operator's product at an instant and where it comes from (the one rule: commissionRateAt). */
export function commissionRateAt(
  tx: Tx,
  q: { operatorId: number; countryId: number | null; product: CommissionProduct; at: Date },
): Promise<repo.CommissionRateFound | null> {
  return repo.commissionRateAt(tx, q);
}

/** The commission rate for a sale (the default when no rate was ever set for its country). */
export async function commissionBps(
  tx: Tx,
  q: { operatorId: number; parkCountryId: number; product: CommissionProduct; at: Date },
): Promise<number> {
  return (await repo.commissionBpsAt(tx, q)) ?? DEFAULT_COMMISSION_BPS;
}
/**
 * A drive-up sale paid at the exit (cash or card to the operator at its gate, never through a
 * wallet): the operator collected the whole amount, so Parkwell's commission on it is owed by the
 * operator, taken from its balance in the sale's transaction at the rate of product `drive_up` at
 * the instant it was paid. Its counter account is the gate's revenue (`revenue:<ccy>:gate`), never a
 * sharded one: bookings lock those with the operator's shards, and the lock order must not cycle.
 * Nothing at a park Parkwell runs itself, or for a sale of nothing.
 */
export async function accrueDriveUp(
  tx: Tx,
  sale: {
    id: number | string;
    code: string;
    parkId: number;
    operatorId: number | null;
    parkCountryId: number;
    currency: string;
    amountMinor: number;
    paidAt: Date;
  },
): Promise<void> {
  if (sale.operatorId === null || sale.amountMinor <= 0) return;
  const bps = await commissionBps(tx, {
    operatorId: sale.operatorId,
    parkCountryId: sale.parkCountryId,
    product: "drive_up",
    at: sale.paidAt,
  });
  const { commissionMinor } = shareOf(sale.amountMinor, bps);
  await postOperatorMove(tx, {
    operatorId: sale.operatorId,
    currency: sale.currency,
    kind: "drive_up",
    ledgerKind: "operator_commission",
    ledgerKey: `share:pos:${sale.id}`,
    shard: 0,
    counterAccount: { key: gateRevenueKey(sale.currency), kind: "platform_revenue", currency: sale.currency },
    amountMinor: -commissionMinor,
    grossMinor: sale.amountMinor,
    commissionBps: bps,
    commissionMinor,
    parkId: sale.parkId,
    product: "drive_up",
    reference: sale.code,
    occurredAt: sale.paidAt,
  });
}

/**
 * Locks every shard of an operator's account in a currency and answers its balance, for a move
 * that must not race a sale's share (a payout).
 */
export function lockOperatorBalance(tx: Tx, operatorId: number, currency: string): Promise<number> {
  return repo.lockOperatorBalance(tx, operatorId, currency);
}
