/**
 * Saved cards (docs/decisions/069-saved-cards-and-auto-reload.md): a driver keeps the card of a
 * top-up at providers that keep cards (Paystack, Stripe; the demo's in demo mode), and pays with
 * it at once: a top-up, a checkout's difference (payTheDifference) or an automatic reload. A
 * charge is a top-up like any other: its row written first under the wallet's lock and cap, our
 * reference the provider's key for the charge, and the one `settle` credits it (and completes
 * the purchase it pays for).
 */
import type { SavedCard, SavedCards } from "@parkwell/contract";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { userCurrency } from "../wallet/ledger.service";
import * as payRepo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { providerFailure } from "./provider-errors";
import type { PaymentProvider, SavedCardProvider } from "./providers/types";
import * as repo from "./saved-cards.repo";
import type { SavedCardRow } from "./saved-cards.repo";
import { settle } from "./settle.service";
import { candidates, response } from "./top-up.service";
import type { PaymentDeps } from "./verify.service";

export const CARD_NOT_FOUND = "This card was not found";
export const NO_SAVED_CARDS = "Your wallet's payment provider does not keep cards: pay on its page";
/** A declined charge of a saved card; `reason` is the provider's own words. */
export const cardDeclined = (reason: string) => `Your card was declined: ${reason}`;
/** Why a declined card's charge failed, in the payment's failure_reason: final, never paid later. */
export const CARD_DECLINED = "card_declined";

export function cardView(card: SavedCardRow): SavedCard {
  return {
    id: card.id,
    provider: card.provider,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    created_at: card.createdAt.toISOString(),
  };
}

/**
 * The provider a top-up goes to first (its candidates, as prepareTopUp or `candidates` chose
 * them), with its saved cards when it keeps cards; else undefined.
 */
function keeperOf(providers: readonly PaymentProvider[]) {
  const first = providers[0];
  return first?.savedCards ? { provider: first, charger: first.savedCards } : undefined;
}

/** GET /wallet/cards: the cards kept for the wallet's provider, and the automatic reload. */
export async function listCards(deps: PaymentDeps, config: Config, userId: string): Promise<SavedCards> {
  const user = await userCurrency(deps.countries, deps.db, userId);
  if (!user) throw AppError.notFound("User not found");
  const providers = await candidates(deps, config, user.countryCode);
  const keeps = keeperOf(providers);
  const cards = keeps
    ? (await repo.cardsOf(deps.db, userId)).filter(
        (c) => c.provider === keeps.provider.name && c.currency.trim() === user.currency,
      )
    : [];
  const reload = await repo.autoReloadOf(deps.db, userId);
  const decimals = user.decimals;
  return {
    available: keeps !== undefined,
    provider: providers[0]?.name ?? "demo",
    cards: cards.map(cardView),
    auto_reload:
      reload && cards.some((c) => c.id === reload.cardId)
        ? {
            card_id: reload.cardId,
            threshold: toMajor(reload.thresholdMinor, decimals),
            amount: toMajor(reload.amountMinor, decimals),
            currency: reload.currency.trim(),
            paused_at: reload.pausedAt?.toISOString() ?? null,
            pause_reason: reload.pauseReason,
            last_reload_at: reload.lastReloadAt?.toISOString() ?? null,
          }
        : null,
  };
}

/** A saved card and the provider that charges it (chargeableCard). */
export interface ChargeableCard {
  card: SavedCardRow;
  provider: PaymentProvider;
  charger: SavedCardProvider;
}

/**
 * The user's saved card `cardId` and the provider that charges it, the first of the top-up's
 * `providers`: 404 for another user's, a removed one or one of another currency, 409 when that
 * provider keeps no cards or the card is another provider's.
 */
export async function chargeableCard(
  deps: Pick<PaymentDeps, "db">,
  providers: readonly PaymentProvider[],
  currency: string,
  userId: string,
  cardId: string,
): Promise<ChargeableCard> {
  const card = await repo.cardOf(deps.db, userId, cardId);
  if (!card || card.currency.trim() !== currency) throw AppError.notFound(CARD_NOT_FOUND, "card_not_found");
  const keeps = keeperOf(providers);
  if (!keeps || keeps.provider.name !== card.provider)
    throw new AppError(409, "saved_cards_unavailable", NO_SAVED_CARDS);
  return { card, ...keeps };
}

/** A top-up with `save_card` must go first to a provider that keeps cards. */
export function assertKeepsCards(providers: readonly PaymentProvider[]) {
  if (!keeperOf(providers)) throw new AppError(409, "saved_cards_unavailable", NO_SAVED_CARDS);
}

/** The customer a card-keeping top-up is opened for: the user's at that provider so far, if any. */
export const customerFor = (deps: Pick<PaymentDeps, "db">, userId: string, provider: PaymentProvider) =>
  repo.customerOf(deps.db, userId, provider.name);

/**
 * Charges a saved card for a top-up's row (written by insertTopUp, under the wallet's lock and
 * cap), then settles it as any provider's "paid": the wallet is credited once and the purchase it
 * pays for completed. A decline fails the row for good and is a 409 `card_declined` with the
 * provider's words; an unanswered charge leaves the row pending for the expiry job to ask about.
 */
export async function chargeSavedCard(deps: PaymentDeps, row: PaymentRow, found: ChargeableCard) {
  const { card, provider, charger } = found;
  // Paystack's and the demo's reference is ours: known before the call, so an unanswered charge is
  // still found by the expiry job; Stripe's intent id comes with its answer.
  const before = provider.name === "stripe" ? null : row.reference;
  await payRepo.updatePayment(deps.db, row.id, {
    provider: provider.name,
    savedCardId: card.id,
    providerReference: before,
    status: "pending",
  });
  let result;
  try {
    result = await charger.charge({
      reference: row.reference,
      amountMinor: row.amountMinor,
      currency: row.currency.trim(),
      userId: row.userId,
      card: { methodRef: card.methodRef, customerRef: card.customerRef },
    });
  } catch (err) {
    throw providerFailure(err);
  }
  const paymentInfo = { charged: true, card: { brand: card.brand, last4: card.last4 } };
  const charged: PaymentRow = {
    ...row,
    provider: provider.name,
    savedCardId: card.id,
    providerReference: result.providerReference,
    paymentInfo,
    status: "pending",
  };
  const declined = result.status === "failed";
  await payRepo.updatePayment(deps.db, row.id, {
    providerReference: result.providerReference,
    paymentInfo,
    ...(declined ? { status: "failed" as const, failureReason: CARD_DECLINED } : {}),
  });
  if (declined) throw new AppError(409, "card_declined", cardDeclined(result.declined ?? "declined"));
  if (result.status === "succeeded") await settle(deps, charged, result);
  return response(deps, charged);
}

/** DELETE /wallet/cards/{id}: forgotten at the provider first, then here; its reload stops. */
export async function removeCard(deps: PaymentDeps, userId: string, cardId: string): Promise<void> {
  const card = await repo.cardOf(deps.db, userId, cardId);
  if (!card) throw AppError.notFound(CARD_NOT_FOUND, "card_not_found");
  const provider = deps.payments.get(card.provider);
  if (provider?.savedCards) {
    try {
      await provider.savedCards.forget({ methodRef: card.methodRef, customerRef: card.customerRef });
    } catch (err) {
      throw providerFailure(err);
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.deleteAutoReload(tx, userId, card.id);
    await repo.markRemoved(tx, card.id, deps.clock());
  });
}

/**
 * The job a settled top-up with `save_card` sends: asks the provider for the card it was paid
 * with and keeps it when it can be charged again. At least once: the same card is one row.
 */
export async function rememberCard(deps: Pick<PaymentDeps, "db" | "payments">, paymentId: string) {
  const payment = await payRepo.findById(deps.db, paymentId);
  if (!payment || payment.status !== "succeeded" || !payment.saveCard || !payment.providerReference) return;
  const charger = deps.payments.get(payment.provider)?.savedCards;
  // Wave keeps no cards: it has no `savedCards`, and no saved card names it.
  if (!charger || payment.provider === "wave") return;
  const card = await charger.cardOf({
    reference: payment.reference,
    providerReference: payment.providerReference,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    userId: payment.userId,
    customerRef: payment.customerRef,
  });
  if (!card) return;
  await repo.insertCard(deps.db, {
    userId: payment.userId,
    provider: payment.provider,
    methodRef: card.methodRef,
    customerRef: card.customerRef,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    currency: payment.currency.trim(),
  });
}
