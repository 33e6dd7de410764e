/**
 * The one function that turns a provider's "paid" into wallet money, shared by verify, credit and
 * every webhook. It runs one short transaction; the provider is never called inside it.
 * Exactly once: the payment row is locked, a settled row is left alone, and the ledger's unique
 * key `topup:<provider>:<provider_reference>` would refuse a second credit even if both failed.
 */
import type { Db } from "../../db/client";
import { creditTopUp, walletBalanceMinor } from "../wallet/ledger.service";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import type { ProviderPayment } from "./providers/types";

export type SettleOutcome =
  | { kind: "credited" | "already"; balanceMinor: number }
  | { kind: "pending" }
  | { kind: "failed"; reason: "declined" | "mismatch" };

/** Why a reported payment may not be credited against our row, or null when it matches. */
export function mismatch(payment: PaymentRow, reported: ProviderPayment): string | null {
  if (reported.providerReference !== payment.providerReference) return "reference";
  if (reported.currency !== payment.currency) return "currency";
  if (reported.amountMinor !== payment.amountMinor) return "amount";
  if (reported.userId !== undefined && reported.userId !== payment.userId) return "user";
  return null;
}

export async function balance(db: Db, payment: PaymentRow): Promise<number> {
  return walletBalanceMinor(db, payment.userId, payment.currency);
}

export async function settle(
  db: Db,
  payment: PaymentRow,
  reported: ProviderPayment,
  description?: string,
): Promise<SettleOutcome> {
  if (payment.status === "succeeded") return { kind: "already", balanceMinor: await balance(db, payment) };
  if (reported.status === "pending") return { kind: "pending" };
  const wrong = reported.status === "succeeded" ? mismatch(payment, reported) : null;
  if (reported.status === "failed" || wrong) {
    const reason = wrong ? `mismatch:${wrong}` : "declined";
    await db.transaction(async (tx) => {
      const row = await repo.findById(tx, payment.id, true);
      if (row && (row.status === "initialized" || row.status === "pending")) {
        await repo.updatePayment(tx, payment.id, { status: "failed", failureReason: reason });
      }
    });
    const now = await repo.findById(db, payment.id);
    if (now?.status === "succeeded") return { kind: "already", balanceMinor: await balance(db, payment) };
    return { kind: "failed", reason: wrong ? "mismatch" : "declined" };
  }

  const outcome = await db.transaction(async (tx) => {
    const row = await repo.findById(tx, payment.id, true);
    if (!row) throw new Error(`payment ${payment.id} vanished`);
    if (row.status === "succeeded") return { kind: "already" as const, balanceMinor: -1 };
    if (row.status === "failed") return { kind: "failed" as const, reason: "declined" as const };
    const credit = await creditTopUp(tx, {
      userId: row.userId,
      provider: row.provider,
      currency: row.currency,
      amountMinor: row.amountMinor,
      idempotencyKey: `topup:${row.provider}:${row.providerReference}`,
      reference: row.reference,
      description: description?.slice(0, 200) || `Wallet top-up (${row.provider})`,
    });
    await repo.updatePayment(tx, row.id, {
      status: "succeeded",
      ledgerTransactionId: credit.transactionId,
      verifyLeaseUntil: null,
      failureReason: null,
    });
    return credit.created
      ? { kind: "credited" as const, balanceMinor: credit.walletBalanceMinor ?? -1 }
      : { kind: "already" as const, balanceMinor: -1 };
  });
  if (outcome.kind !== "failed" && outcome.balanceMinor < 0) {
    return { kind: outcome.kind, balanceMinor: await balance(db, payment) };
  }
  return outcome;
}
