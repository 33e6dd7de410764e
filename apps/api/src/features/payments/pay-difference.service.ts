/**
 * Paying the difference (docs/decisions/026-pay-the-difference.md): the one start for every
 * purchase a driver's wallet is short of. A kind (a held booking window, an engine purchase) gives
 * its request's fingerprint, its checks and price, and its own row; this start replays the
 * Idempotency-Key, answers 409 when the wallet already covers the price or is in another currency,
 * raises the top-up to the country's minimum, and in one transaction claims the key, lets the kind
 * keep what it sells (a booking's space) or refuse, writes the top-up's row under the wallet lock
 * and cap, and the kind's row. The provider is called after the COMMIT; when none opens the
 * payment, the kind gives back what it kept.
 *
 * Settling is the other half (settle.service with the kinds' `PaidCheckouts` registrations).
 */
import type { Config } from "../../config";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { userCurrency, walletBalanceMinor } from "../wallet/ledger.service";
import {
  claimTopUpKey,
  insertTopUp,
  openTopUp,
  prepareTopUp,
  replay,
  topUpFingerprint,
  topUpLimits,
  topUpOfKey,
  type TopUpRow,
} from "./top-up.service";
import { chargeableCard, chargeSavedCard } from "./saved-cards.service";
import type { PaymentDeps } from "./verify.service";

/** add-funds' payment data, as a checkout's answer carries it. */
export type DifferencePayment = ReturnType<typeof replay>["data"];

/** The top-up as a kind's answer tells it (the balance found is on the kind's row). */
export interface DifferenceAmounts {
  topUpMinor: number;
  decimals: number;
}

/** What a kind gives the one start; `Priced` is what its pricing found, handed to its later steps. */
export interface Difference<Answer, Priced extends { currency: string; amountMinor: number }> {
  userId: string;
  /** The client's Idempotency-Key; a kind that makes its purchase later with it draws one itself. */
  idempotencyKey: string | undefined;
  /** What the key's fingerprint covers: the kind's request (its amount follows from the balance). */
  purpose: string;
  /** Pays at once with this saved card (decision 069) instead of the provider's page. */
  cardId?: string | undefined;
  /** The kind's checks that write nothing, and its price; run after the key's replay. */
  price(): Promise<Priced>;
  /** The 409 `funds_available`: the wallet covers the price, so the kind's own route makes it. */
  fundsAvailable: string;
  /** The 409 `currency_mismatch`: the price is in another currency than the wallet. */
  currencyMismatch(priceCurrency: string, walletCurrency: string): string;
  /** After the 409s, outside any transaction: what the kind's row will need (its ledger accounts). */
  prepare?(priced: Priced): Promise<void>;
  /**
   * In the transaction, after the key's claim and before the top-up's row: what the kind keeps
   * while the payment is awaited (a booking's space), or its refusal thrown.
   */
  keep?(tx: Tx, priced: Priced, now: Date): Promise<void>;
  /** In the same transaction, after the top-up's row: the kind's own row, which names the payment. */
  link(tx: Tx, payment: TopUpRow, priced: Priced, m: { balanceMinor: number; now: Date }): Promise<void>;
  /** No provider opened the payment (it can never be paid): give back what `keep` kept. */
  release?(priced: Priced): Promise<void>;
  /** The kind's answer for its row of this payment, first time or replayed. */
  answer(payment: TopUpRow, data: DifferencePayment, m: DifferenceAmounts): Promise<Answer>;
}

/** Starts (or replays) paying the difference for a kind's purchase: the kind's answer, and whether it was replayed. */
export async function payTheDifference<Answer, Priced extends { currency: string; amountMinor: number }>(
  deps: PaymentDeps,
  config: Config,
  kind: Difference<Answer, Priced>,
): Promise<{ answer: Answer; replayed: boolean }> {
  const { db } = deps;
  const { userId, idempotencyKey } = kind;
  const purpose = kind.cardId ? `${kind.purpose}:card:${kind.cardId}` : kind.purpose;
  const again = async (seen: TopUpRow) => ({
    answer: await kind.answer(seen, replay(deps, seen, topUpFingerprint(purpose)).data, {
      topUpMinor: seen.amountMinor,
      decimals: deps.countries.decimalsOf(seen.currency),
    }),
    replayed: true,
  });
  if (idempotencyKey) {
    const seen = await topUpOfKey(db, userId, idempotencyKey);
    if (seen) return again(seen);
  }
  const price = await kind.price();
  const user = await userCurrency(deps.countries, db, userId);
  if (!user) throw AppError.notFound("User not found");
  if (price.currency !== user.currency) {
    throw new AppError(409, "currency_mismatch", kind.currencyMismatch(price.currency, user.currency));
  }
  const balanceMinor = await walletBalanceMinor(db, userId, price.currency);
  const missingMinor = price.amountMinor - balanceMinor;
  if (missingMinor <= 0) throw new AppError(409, "funds_available", kind.fundsAvailable);
  const limits = await topUpLimits(deps.countries, user.countryId);
  const topUpMinor = Math.max(missingMinor, limits?.minMinor ?? 0);
  const plan = await prepareTopUp(deps, config, userId, {
    amount: toMajor(topUpMinor, user.decimals),
    idempotencyKey,
    purpose,
  });
  const card = kind.cardId
    ? await chargeableCard(deps, plan.providers, user.currency, userId, kind.cardId)
    : undefined;
  await kind.prepare?.(price);
  const now = deps.clock();
  const started = await db.transaction(async (tx) => {
    // The key first: the same key sent at once answers the first request, not a busy plate or a full park.
    const seen = await claimTopUpKey(tx, userId, plan.idempotencyKey);
    if (seen) return seen;
    await kind.keep?.(tx, price, now);
    const payment = await insertTopUp(tx, plan, now);
    if (payment.replayed) return payment;
    await kind.link(tx, payment.row, price, { balanceMinor, now });
    return payment;
  });
  // The same key, sent twice at once: the first one's answer.
  if (started.replayed) return again(started.row);
  let opened;
  try {
    opened = card
      ? await chargeSavedCard(deps, started.row, card)
      : await openTopUp(deps, config, plan, started.row);
  } catch (err) {
    await kind.release?.(price);
    throw err;
  }
  return {
    answer: await kind.answer(started.row, opened.data, { topUpMinor, decimals: user.decimals }),
    replayed: false,
  };
}
