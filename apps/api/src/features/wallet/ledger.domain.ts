/** Pure rules of the double-entry ledger: what a valid transfer is. No I/O. */
import { LEDGER_KINDS, SUBJECT_OF_KEY, type LedgerKind, type LedgerSubject } from "@parkwell/contract";

export interface TransferLine {
  /** The account, by key (`user:<id>:<ccy>`, `revenue:<ccy>:<shard>`…). */
  account: { key: string };
  /** Signed minor units: + increases the account, - decreases it. */
  amountMinor: number;
}

export class LedgerRuleError extends Error {}

/**
 * A transfer has at least two non-zero whole lines on distinct accounts that sum to zero; it
 * neither mints nor loses money.
 */
export function checkTransfer(lines: readonly TransferLine[]): void {
  if (lines.length < 2) throw new LedgerRuleError("a transfer needs at least two lines");
  let sum = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountMinor) || line.amountMinor === 0) {
      throw new LedgerRuleError(`line amounts must be non-zero whole minor units (got ${line.amountMinor})`);
    }
    sum += line.amountMinor;
  }
  if (new Set(lines.map((l) => l.account.key)).size < lines.length) {
    throw new LedgerRuleError("a transfer names each account once");
  }
  if (sum !== 0) throw new LedgerRuleError(`a transfer must sum to zero (sums to ${sum})`);
}

export const userWalletKey = (userId: string, currency: string) => `user:${userId}:${currency}`;
export const clearingKey = (provider: string, currency: string) => `clearing:${provider}:${currency}`;
export const revenueKey = (currency: string) => `revenue:${currency}`;
/** A business account's wallet in one currency (docs/decisions/030-business-accounts.md). */
export const companyWalletKey = (companyId: number, currency: string) => `company:${companyId}:${currency}`;
/**
 * Parkwell's marketing spend in one currency, spread over shards as revenue is (a reward is paid
 * inside a purchase's transaction: one row per currency would make every first purchase wait).
 * It goes below zero by what was spent; its balance is its entries' sum like every account's.
 */
export const marketingKey = (currency: string, shard: number) => `marketing:${currency}:${shard}`;
/**
 * What Parkwell owes an operator in one currency (decision 056), spread over shards as revenue is:
 * a sale's share is posted in its purchase's transaction, against the revenue shard its charge
 * used, so one operator's bookings do not all wait on one row. The operator's balance is the sum
 * of its shards.
 */
export const operatorKey = (operatorId: number, currency: string, shard: number) =>
  `operator:${operatorId}:${currency}:${shard}`;
/**
 * Parkwell's revenue from the commission on drive-up sales its operators collected at their gates
 * (decision 056): one account per currency, apart from the sharded revenue bookings lock with the
 * operators' shards, so a drive-up's move (the operator's shard 0, then this) never waits on a
 * booking's locks in the other order.
 */
export const gateRevenueKey = (currency: string) => `revenue:${currency}:gate`;
/** Payouts on their way to operators through a provider, until its webhook says paid or failed. */
export const payoutsInTransitKey = (provider: string, currency: string) => `payouts:${provider}:${currency}`;
/** A user's money that arrived beyond the wallet's cap, kept apart until support returns it. */
export const heldKey = (userId: string, currency: string) => `held:${userId}:${currency}`;

/**
 * How an incoming amount splits at the wallet's cap: what the wallet can take, and the rest, held.
 * A wallet already past its cap (a refund can land there) takes nothing.
 */
export function splitAtCap(
  amountMinor: number,
  balanceMinor: number,
  capMinor: number,
): { creditMinor: number; heldMinor: number } {
  const creditMinor = Math.max(0, Math.min(amountMinor, capMinor - balanceMinor));
  return { creditMinor, heldMinor: amountMinor - creditMinor };
}

/**
 * What a move paid for or gave back (`booking:<id>:<n>`, `pass:<id>:<n>`, `pass:<id>:visit:<id>`,
 * `order:<id>:<n>`, `vehicle_docs:<id>:<n>`, each with the purchase's code as its reference), or
 * null for a move of no purchase (a top-up, a reset, an adjustment). The key's first part names
 * the kind (the contract's PURCHASE_KIND_FACTS gives each kind's prefix and subject).
 */
export function ledgerSubject(
  idempotencyKey: string,
  reference: string | null,
): { kind: LedgerSubject; code: string } | null {
  const kind = SUBJECT_OF_KEY.get(idempotencyKey.slice(0, idempotencyKey.indexOf(":")));
  return kind && reference ? { kind, code: reference } : null;
}

/** A kind read back from `ledger_transactions`: one the writers can write (they take only LedgerKind). */
export function asLedgerKind(kind: string): LedgerKind {
  if (!(LEDGER_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown ledger kind ${kind}`);
  return kind as LedgerKind;
}

/** int8 arrives as a number (PGlite), a string (node-postgres) or a bigint above 2^53: one exact number. */
export function toSafeInt(value: unknown): number {
  const n = typeof value === "bigint" ? Number(value) : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`not a safe integer amount: ${String(value)}`);
  return n;
}
