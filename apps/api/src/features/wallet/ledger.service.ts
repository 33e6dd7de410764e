/**
 * The one way money moves: `postTransfer(tx, …)` and the helpers built on it. Every function
 * takes the caller's open transaction (`tx`), so a booking can create its row and debit the wallet
 * atomically. Every call carries an idempotency key: posting the same key again moves nothing and
 * returns the first transaction (`created: false`). Never call a provider while `tx` is open.
 *
 *   await db.transaction(async (tx) => {
 *     const booking = await insertBooking(tx, …);
 *     await chargeWallet(tx, { userId, currency, amountMinor, idempotencyKey: `booking:${booking.id}:charge`, … });
 *   });
 *
 * A charge beyond the balance throws AppError 409 `insufficient_funds` (the transaction rolls back).
 */
import { AppError } from "../../lib/app-error";
import {
  checkTransfer,
  clearingKey,
  lockOrder,
  revenueKey,
  userWalletKey,
  type TransferLine,
} from "./ledger.domain";
import * as repo from "./ledger.repo";
import type { Tx } from "./ledger.repo";

export type { Tx } from "./ledger.repo";

export const INSUFFICIENT_FUNDS = "Insufficient wallet balance";

export interface TransferInput {
  idempotencyKey: string;
  kind: string;
  reference?: string | null;
  description?: string | null;
  lines: TransferLine[];
}

export interface TransferResult {
  transactionId: string;
  /** False when the idempotency key had already been posted: nothing moved this time. */
  created: boolean;
  /** Balance after this transfer per account id (only when created). */
  balances: Record<string, number>;
}

/** The user's wallet currency (their country's) with the details a top-up needs, or null for no user. */
export const userCurrency = (db: Tx, userId: string) => repo.findUserCurrency(db, userId);

/** A user's wallet balance in minor units (0 before the first movement). */
export async function walletBalanceMinor(db: Tx, userId: string, currency: string): Promise<number> {
  return (await repo.findWallet(db, userWalletKey(userId, currency)))?.balanceMinor ?? 0;
}

export async function postTransfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  checkTransfer(input.lines);
  const transactionId = await repo.insertTransaction(tx, {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    reference: input.reference ?? null,
    description: input.description ?? null,
  });
  if (!transactionId) {
    const existing = await repo.findTransactionId(tx, input.idempotencyKey);
    if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
    return { transactionId: existing, created: false, balances: {} };
  }
  const balances: Record<string, number> = {};
  const entries = [];
  for (const line of lockOrder(input.lines)) {
    const after = await repo.applyToBalance(tx, line.accountId, line.amountMinor);
    if (!after) throw new AppError(409, "insufficient_funds", INSUFFICIENT_FUNDS);
    balances[line.accountId] = after.balanceMinor;
    entries.push({
      transactionId,
      accountId: line.accountId,
      amountMinor: line.amountMinor,
      currency: after.currency,
      balanceAfterMinor: after.balanceMinor,
    });
  }
  await repo.insertEntries(tx, entries);
  return { transactionId, created: true, balances };
}

export function userWallet(tx: Tx, userId: string, currency: string) {
  return repo.ensureAccount(tx, {
    key: userWalletKey(userId, currency),
    kind: "user_wallet",
    currency,
    ownerUserId: userId,
  });
}

interface WalletMove {
  userId: string;
  currency: string;
  amountMinor: number;
  idempotencyKey: string;
  reference?: string | null;
  description?: string | null;
  /**
   * Bookings spread their revenue over `revenue:<ccy>:<shard>` accounts: one revenue row per
   * currency is a hot row every charge of that currency waits on until commit.
   */
  revenueShard?: number;
}

const revenueAccountKey = (move: WalletMove) =>
  move.revenueShard === undefined
    ? revenueKey(move.currency)
    : `${revenueKey(move.currency)}:${move.revenueShard}`;

/** Money received by a provider for this user: provider clearing -> user wallet. */
export async function creditTopUp(tx: Tx, move: WalletMove & { provider: string }) {
  const wallet = await userWallet(tx, move.userId, move.currency);
  const clearing = await repo.ensureAccount(tx, {
    key: clearingKey(move.provider, move.currency),
    kind: "provider_clearing",
    currency: move.currency,
  });
  const result = await postTransfer(tx, {
    ...move,
    kind: "topup",
    lines: [
      { accountId: wallet.id, amountMinor: move.amountMinor },
      { accountId: clearing.id, amountMinor: -move.amountMinor },
    ],
  });
  return { ...result, walletBalanceMinor: result.balances[wallet.id] };
}

/** A purchase from the wallet (a booking): user wallet -> platform revenue. Refused below zero. */
export async function chargeWallet(tx: Tx, move: WalletMove & { kind?: string }) {
  const wallet = await userWallet(tx, move.userId, move.currency);
  const revenue = await repo.ensureAccount(tx, {
    key: revenueAccountKey(move),
    kind: "platform_revenue",
    currency: move.currency,
  });
  const result = await postTransfer(tx, {
    ...move,
    kind: move.kind ?? "booking_charge",
    lines: [
      { accountId: wallet.id, amountMinor: -move.amountMinor },
      { accountId: revenue.id, amountMinor: move.amountMinor },
    ],
  });
  return { ...result, walletBalanceMinor: result.balances[wallet.id] };
}

/** Money given back (a cancelled booking): platform revenue -> user wallet. */
export async function refundToWallet(tx: Tx, move: WalletMove) {
  const wallet = await userWallet(tx, move.userId, move.currency);
  const revenue = await repo.ensureAccount(tx, {
    key: revenueAccountKey(move),
    kind: "platform_revenue",
    currency: move.currency,
  });
  const result = await postTransfer(tx, {
    ...move,
    kind: "refund",
    lines: [
      { accountId: wallet.id, amountMinor: move.amountMinor },
      { accountId: revenue.id, amountMinor: -move.amountMinor },
    ],
  });
  return { ...result, walletBalanceMinor: result.balances[wallet.id] };
}
