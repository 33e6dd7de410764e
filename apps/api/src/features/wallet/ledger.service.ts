/**
 * The one way money moves: `postTransfer(tx, …)` and the helpers built on it. Every function
 * takes the caller's open transaction (`tx`), so a booking can create its row and debit the wallet
 * atomically. Every call carries an idempotency key: posting the same key again moves nothing and
 * returns the first transaction (`created: false`). Never call a provider while `tx` is open.
 *
 *   await db.transaction(async (tx) => {
 *     await updateBooking(tx, booking.id, { endTime, totalMinor, … });
 *     await chargeWallet(tx, { userId, currency, amountMinor, idempotencyKey: `booking:${booking.id}:${move}`, … });
 *   });
 *
 * A new booking posts its charge inside the database function `book_space`, through the same
 * `ledger_post` that `postTransfer` runs (drizzle/0008_book_space.sql).
 *
 * A charge beyond the balance throws AppError 409 `insufficient_funds` (the transaction rolls back).
 */
import type { LedgerKind, OperatorLedgerKind } from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import {
  checkTransfer,
  clearingKey,
  companyWalletKey,
  heldKey,
  marketingKey,
  revenueKey,
  splitAtCap,
  userWalletKey,
  type TransferLine,
} from "./ledger.domain";
import type { ServedCountries } from "../reference/served-countries";
import { issueReceipt } from "../receipts/receipts.service";
import * as repo from "./ledger.repo";
import type { AccountSpec, Tx } from "./ledger.repo";

export type { Tx } from "./ledger.repo";

export const INSUFFICIENT_FUNDS = "Insufficient wallet balance";

export interface TransferInput {
  idempotencyKey: string;
  /**
   * One of the ledger's kinds: every screen listing moves has words for each (LEDGER_KINDS); an
   * operator's account's moves have theirs (OPERATOR_LEDGER_KINDS, decision 056).
   */
  kind: LedgerKind | OperatorLedgerKind;
  reference?: string | null;
  description?: string | null;
  /** Accounts are named by what they are; one is created at its first movement. */
  lines: (TransferLine & { account: AccountSpec })[];
}

export interface TransferResult {
  transactionId: string;
  /** False when the idempotency key had already been posted: nothing moved this time. */
  created: boolean;
  /** Balance after this transfer per account key (only when created). */
  balances: Record<string, number>;
}

/**
 * The user's wallet currency (their country's, from the served countries) with the details a
 * top-up needs, or null for no user. `db`: the caller's handle or transaction.
 */
export async function userCurrency(
  served: ServedCountries,
  db: Tx,
  userId: string,
): Promise<{
  currency: string;
  decimals: number;
  countryId: number;
  countryCode: string;
  email: string;
} | null> {
  const user = await repo.findUserCountry(db, userId);
  const country = user && (await served.byId(user.countryId, db));
  if (!user || !country) return null;
  return {
    currency: country.currency,
    decimals: country.currencyDecimals,
    countryId: country.id,
    countryCode: country.code,
    email: user.email,
  };
}

/** A user's wallet balance in minor units (0 before the first movement). */
export async function walletBalanceMinor(db: Tx, userId: string, currency: string): Promise<number> {
  return (await repo.findWallet(db, userWalletKey(userId, currency)))?.balanceMinor ?? 0;
}

/** Posts a transfer in one statement (ledger.repo postLines); two more the first time an account moves. */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<TransferResult> {
  checkTransfer(input.lines);
  const posting = {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey,
    reference: input.reference ?? null,
    description: input.description ?? null,
    lines: input.lines,
  };
  let posted = await repo.postLines(tx, posting);
  if (posted.missingAccounts) {
    await repo.ensureAccounts(
      tx,
      input.lines.map((l) => l.account),
    );
    posted = await repo.postLines(tx, posting);
  }
  if (!posted.transactionId) {
    const existing = await repo.findTransactionId(tx, input.idempotencyKey);
    if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} vanished`);
    return { transactionId: existing, created: false, balances: {} };
  }
  // A line that did not apply is a balance that may not go below zero; throwing rolls back the rest.
  if (posted.balances.size < input.lines.length) {
    throw new AppError(409, "insufficient_funds", INSUFFICIENT_FUNDS);
  }
  return {
    transactionId: posted.transactionId,
    created: true,
    balances: Object.fromEntries(posted.balances),
  };
}

const walletSpec = (userId: string, currency: string): AccountSpec => ({
  key: userWalletKey(userId, currency),
  kind: "user_wallet",
  currency,
  ownerUserId: userId,
});

/** A user's wallet account, created when missing. */
export async function userWallet(tx: Tx, userId: string, currency: string) {
  const [wallet] = await repo.ensureAccounts(tx, [walletSpec(userId, currency)]);
  return wallet;
}

/**
 * The user's wallet balance, with the wallet (created when missing) locked until `tx` ends: what
 * a top-up checks against the cap, so that two top-ups cannot both fit in the same room.
 */
export async function lockWalletBalance(tx: Tx, userId: string, currency: string): Promise<number> {
  await userWallet(tx, userId, currency);
  const balance = await repo.lockAccountBalance(tx, userWalletKey(userId, currency));
  if (balance === null) throw new Error(`wallet of ${userId} in ${currency} vanished`);
  return balance;
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

const revenueSpec = (move: Pick<WalletMove, "currency" | "revenueShard">): AccountSpec => ({
  key:
    move.revenueShard === undefined
      ? revenueKey(move.currency)
      : `${revenueKey(move.currency)}:${move.revenueShard}`,
  kind: "platform_revenue",
  currency: move.currency,
});

/** Moves `amountMinor` into the user's wallet from `other` (negative: out of the wallet into it). */
async function walletTransfer(
  tx: Tx,
  move: WalletMove,
  kind: LedgerKind,
  other: AccountSpec,
  amountMinor: number,
) {
  const wallet = walletSpec(move.userId, move.currency);
  const result = await postTransfer(tx, {
    ...move,
    kind,
    lines: [
      { account: wallet, amountMinor },
      { account: other, amountMinor: -amountMinor },
    ],
  });
  return { ...result, walletBalanceMinor: result.balances[wallet.key] };
}

/**
 * Money received by a provider for this user: provider clearing -> user wallet, in one ledger
 * transaction. With `capMinor`, the wallet is locked and takes only what fits under the cap; the
 * rest goes to the user's `held:` account (a third line), so no money is lost or left unbooked.
 * The top-up's receipt (decision 029) is written in the same transaction, whoever credits: one
 * `topup` line of the whole amount received, the part held included (the receipt documents the
 * payment, not where it was put), no tax; sold by the wallet's country, on its clock.
 */
export async function creditTopUp(
  served: ServedCountries,
  tx: Tx,
  move: WalletMove & {
    provider: string;
    capMinor?: number | null | undefined;
    /** When the money was received (the caller's clock, never the machine's): the receipt's time. */
    at: Date;
  },
) {
  const clearing: AccountSpec = {
    key: clearingKey(move.provider, move.currency),
    kind: "provider_clearing",
    currency: move.currency,
  };
  const wallet = walletSpec(move.userId, move.currency);
  const held: AccountSpec = {
    key: heldKey(move.userId, move.currency),
    kind: "held_excess",
    currency: move.currency,
  };
  const { creditMinor, heldMinor } =
    move.capMinor === null || move.capMinor === undefined
      ? { creditMinor: move.amountMinor, heldMinor: 0 }
      : splitAtCap(move.amountMinor, await lockWalletBalance(tx, move.userId, move.currency), move.capMinor);
  const result = await postTransfer(tx, {
    ...move,
    kind: "topup",
    lines: [
      { account: clearing, amountMinor: -move.amountMinor },
      ...(creditMinor > 0 ? [{ account: wallet, amountMinor: creditMinor }] : []),
      ...(heldMinor > 0 ? [{ account: held, amountMinor: heldMinor }] : []),
    ],
  });
  if (result.created) await issueTopUpReceipt(served, tx, move);
  return { ...result, walletBalanceMinor: result.balances[wallet.key], creditMinor, heldMinor };
}

/**
 * The country that sells a top-up of `userId`'s wallet in `currency` (its receipt's seller): the
 * user's own when its currency is the wallet's, else the first served country of that currency;
 * with the currency's decimals. Null when no served country uses it.
 */
async function topUpSeller(
  served: ServedCountries,
  tx: Tx,
  userId: string,
  currency: string,
): Promise<{ countryId: number; decimals: number } | null> {
  const user = await repo.findUserCountry(tx, userId);
  const countries = (await served.list(tx)).filter((c) => c.currency.trim() === currency.trim());
  const seller = countries.find((c) => c.id === user?.countryId) ?? countries[0];
  return seller ? { countryId: seller.id, decimals: seller.currencyDecimals } : null;
}

async function issueTopUpReceipt(
  served: ServedCountries,
  tx: Tx,
  move: WalletMove & { provider: string; at: Date },
) {
  const seller = await topUpSeller(served, tx, move.userId, move.currency);
  if (!seller) throw new Error(`top-up ${move.idempotencyKey}: no country uses ${move.currency}`);
  await issueReceipt(tx, {
    kind: "topup",
    userId: move.userId,
    ledgerKey: move.idempotencyKey,
    // Our payment reference (what the driver's bank statement and support know it by).
    reference: move.reference ?? move.idempotencyKey,
    countryId: seller.countryId,
    parkId: null,
    issuedAt: move.at,
    currency: move.currency.trim(),
    decimals: seller.decimals,
    body: { lines: [{ kind: "topup", amountMinor: move.amountMinor, detail: move.provider }], taxes: [] },
    expectedMinor: move.amountMinor,
  });
}

/**
 * The account keys a booking charge moves (user wallet -> a revenue shard), for `book_space`, which
 * posts the charge inside its own statement; `ensureChargeAccounts` creates them when it reports
 * one missing (their first movement).
 */
export function chargeAccountKeys(move: Pick<WalletMove, "userId" | "currency" | "revenueShard">) {
  return { wallet: userWalletKey(move.userId, move.currency), revenue: revenueSpec(move).key };
}
export async function ensureChargeAccounts(
  tx: Tx,
  move: Pick<WalletMove, "userId" | "currency" | "revenueShard">,
): Promise<void> {
  await repo.ensureAccounts(tx, [walletSpec(move.userId, move.currency), revenueSpec(move)]);
}

/** A purchase from the wallet (a booking): user wallet -> platform revenue. Refused below zero. */
export function chargeWallet(tx: Tx, move: WalletMove & { kind?: LedgerKind }) {
  return walletTransfer(tx, move, move.kind ?? "booking_charge", revenueSpec(move), -move.amountMinor);
}

/** Money given back (a cancelled booking): platform revenue -> user wallet. */
export function refundToWallet(tx: Tx, move: WalletMove) {
  return walletTransfer(tx, move, "refund", revenueSpec(move), move.amountMinor);
}

/**
 * A referral's reward (docs/PRODUCT-RULES.md#referrals): Parkwell's marketing account -> the
 * driver's wallet, in the caller's transaction; its key names the referral and the side, so it is
 * paid once. No receipt: nothing is sold.
 */
export function creditReferralReward(tx: Tx, move: WalletMove & { shard: number }) {
  const marketing: AccountSpec = {
    key: marketingKey(move.currency, move.shard),
    kind: "marketing_spend",
    currency: move.currency,
  };
  return walletTransfer(tx, move, "referral_reward", marketing, move.amountMinor);
}

/**
 * The space guarantee's difference on a rebooking (decision 058): Parkwell's marketing account ->
 * the account that pays the new booking (the driver's wallet, or with `companyId` the account of
 * the company that paid the first booking), in the rebooking's transaction, just before the new
 * booking's charge takes it with the first booking's money; its key names the first booking, so it
 * is paid once. No receipt: nothing is sold (the new booking's receipt is the sale). When the
 * closing operator pays, its account gives Parkwell the amount back in the same transaction
 * (postOperatorMove).
 */
export function creditGuarantee(tx: Tx, move: WalletMove & { shard: number; companyId?: number | null }) {
  const marketing: AccountSpec = {
    key: marketingKey(move.currency, move.shard),
    kind: "marketing_spend",
    currency: move.currency,
  };
  if (move.companyId == null)
    return walletTransfer(tx, move, "guarantee_credit", marketing, move.amountMinor);
  const company: AccountSpec = {
    key: companyWalletKey(move.companyId, move.currency),
    kind: "company_wallet",
    currency: move.currency,
  };
  return postTransfer(tx, {
    ...move,
    kind: "guarantee_credit",
    lines: [
      { account: company, amountMinor: move.amountMinor },
      { account: marketing, amountMinor: -move.amountMinor },
    ],
  });
}

/** Spreads booking revenue over this many ledger accounts per currency (the revenue account keys above). */
const REVENUE_SHARDS = 16;
export const revenueShard = (bookingId: string) => parseInt(bookingId.slice(0, 4), 16) % REVENUE_SHARDS;

/**
 * A short wallet's 402 sentence for each thing the money would pay for (the engine's kinds name
 * theirs: a booking, a marketplace order, a monthly pass, a document request). Each is a key of
 * the API's text catalogue.
 */
const SHORT_WALLET = {
  booking: (amount: number, currency: string) =>
    `Your wallet balance is too low: add ${amount} ${currency} to pay for this booking`,
  order: (amount: number, currency: string) =>
    `Your wallet balance is too low: add ${amount} ${currency} to pay for this order`,
  pass: (amount: number, currency: string) =>
    `Your wallet balance is too low: add ${amount} ${currency} to pay for this pass`,
  request: (amount: number, currency: string) =>
    `Your wallet balance is too low: add ${amount} ${currency} to pay for this request`,
};

/** What a short wallet's 402 says the money would pay for. */
export type WalletPurpose = keyof typeof SHORT_WALLET;

/** The 402 for a wallet that cannot pay `amountMinor`, naming the amount missing. */
export async function shortOfFunds(
  db: Tx,
  userId: string,
  currency: string,
  amountMinor: number,
  decimals: number,
  purpose: WalletPurpose = "booking",
): Promise<AppError> {
  const amount = toMajor(amountMinor - (await walletBalanceMinor(db, userId, currency)), decimals);
  return new AppError(402, "insufficient_funds", SHORT_WALLET[purpose](amount, currency), {
    amount_missing: String(amount),
    currency,
  });
}
