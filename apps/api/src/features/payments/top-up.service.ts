import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { moneyText, toMajor, toMinor } from "../../lib/money";
import { lockWalletBalance, userCurrency } from "../wallet/ledger.service";
import { toSafeInt } from "../wallet/ledger.domain";
import type { ServedCountries } from "../reference/served-countries";
import type { Tx } from "../../db/tx";
import {
  companyOfTopUp,
  companyTopUpReference,
  gatewayFor,
  payableSince,
  topUpAmountError,
  type TopUpLimits,
} from "./payments.domain";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { providerFailure } from "./provider-errors";
import type { PaymentProvider, ProviderName } from "./providers/types";
import { assertKeepsCards, chargeableCard, chargeSavedCard, customerFor } from "./saved-cards.service";
import { confirmWithProvider, type PaymentDeps } from "./verify.service";

export const NO_PAYMENTS = "Payments are not available right now. Please try again later.";

/**
 * The adapters to try for a country, in order: the gateway, its fallback, or demo in demo mode. A
 * call for one provider (`only`: the card call's Stripe) gets that one, or demo in demo mode when
 * it has no keys (the demo provider exists only in demo mode: decision 014).
 */
/** The provider a top-up in the country goes to first ("demo" when none), as GET /wallet shows it. */
export async function topUpProviderOf(
  deps: PaymentDeps,
  config: Config,
  countryCode: string,
): Promise<ProviderName> {
  return (await candidates(deps, config, countryCode))[0]?.name ?? "demo";
}

export async function candidates(
  deps: PaymentDeps,
  config: Config,
  countryCode: string,
  only?: ProviderName,
): Promise<PaymentProvider[]> {
  const gw = gatewayFor(await deps.countries.list(), countryCode);
  const wanted = only
    ? [only]
    : [
        gw.provider,
        ...(gw.fallback && (gw.currency !== "XOF" || config.PAYSTACK_XOF_FALLBACK) ? [gw.fallback] : []),
      ];
  const found = wanted.map((n) => deps.payments.get(n)).filter((p): p is PaymentProvider => p !== null);
  if (found.length > 0) return found;
  const demo = deps.payments.get("demo");
  return demo ? [demo] : [];
}

export function response(deps: PaymentDeps, row: PaymentRow) {
  return {
    status: "success" as const,
    message: "Payment initialized",
    data: {
      reference: row.reference,
      provider: row.provider,
      amount: toMajor(row.amountMinor, deps.countries.decimalsOf(row.currency)),
      currency: row.currency,
      payment_info: (row.paymentInfo ?? {}) as Record<string, unknown>,
    },
  };
}

/** What a top-up is checked and started with, before anything is locked (prepareTopUp). */
export interface TopUpPlan {
  userId: string;
  user: NonNullable<Awaited<ReturnType<typeof userCurrency>>>;
  limits: TopUpLimits;
  amount: number;
  amountMinor: number;
  idempotencyKey: string | undefined;
  fingerprint: string;
  providers: PaymentProvider[];
  only: ProviderName | undefined;
  /** Keep the card it is paid with (decision 069): opened at a provider that keeps cards. */
  saveCard?: boolean | undefined;
}

/**
 * The checks of a top-up that need no lock: the user and their currency, the amount itself
 * (positive, decimals, min, max) and the providers that may take it (503 when none).
 */
export async function prepareTopUp(
  deps: PaymentDeps,
  config: Config,
  userId: string,
  input: {
    amount: number;
    currency?: string | undefined;
    idempotencyKey?: string | undefined;
    only?: ProviderName;
    /**
     * What the Idempotency-Key's fingerprint covers instead of the amount: a hold's request (its
     * amount follows from the balance, which its own payment changes).
     */
    purpose?: string;
    /** Keep the card it is paid with (add-funds' `save_card`). */
    saveCard?: boolean | undefined;
    /** Paid at once with this saved card (`card_id`): part of what the key's fingerprint covers. */
    cardId?: string | undefined;
  },
): Promise<TopUpPlan> {
  const user = await userCurrency(deps.countries, deps.db, userId);
  if (!user) throw AppError.notFound("User not found");
  if (input.currency && input.currency.toUpperCase() !== user.currency) {
    throw AppError.validation({ currency: `Your wallet is in ${user.currency}` });
  }
  if (
    input.only === "stripe" &&
    gatewayFor(await deps.countries.list(), user.countryCode).provider !== "stripe"
  ) {
    throw AppError.validation({ currency: "Card payments through Stripe are for USD and CAD wallets" });
  }
  const found = await topUpLimits(deps.countries, user.countryId);
  if (!found) throw new AppError(503, "payments_unavailable", NO_PAYMENTS);
  const limits = { ...found, decimals: user.decimals };
  // The amount itself first (positive, decimals, min, max), before anything is locked.
  const invalid = topUpAmountError(input.amount, user.currency, limits, 0, money(user));
  if (invalid) throw AppError.validation({ amount: invalid });
  const amountMinor = toMinor(input.amount, user.decimals);

  const fingerprint = topUpFingerprint(
    (input.purpose ?? `${input.only ?? "any"}:${amountMinor}:${user.currency}`) +
      (input.cardId ? `:card:${input.cardId}` : input.saveCard ? ":save" : ""),
  );
  const providers = await candidates(deps, config, user.countryCode, input.only);
  if (providers.length === 0) {
    throw new AppError(
      503,
      "payments_unavailable",
      input.only === "stripe" ? "Card payments are not configured" : NO_PAYMENTS,
    );
  }
  return {
    userId,
    user,
    limits,
    amount: input.amount,
    amountMinor,
    idempotencyKey: input.idempotencyKey,
    fingerprint,
    providers,
    only: input.only,
    saveCard: input.saveCard,
  };
}

/** The user's top-up started with this Idempotency-Key, or null. */
export const topUpOfKey = (db: Tx, userId: string, key: string) => repo.findByClientKey(db, userId, key);
export type TopUpRow = PaymentRow;

/**
 * The first step of every top-up's transaction that has an Idempotency-Key (a driver's, a
 * company's, a hold's: one key space per user, payments_client_key_unique): the key is locked
 * until COMMIT, then looked for. A request with the same key sent at once waits for the first
 * one's row and answers it (`replay`: its answer, or 409 idempotency_in_progress while its
 * provider is still being called) instead of inserting a second row, which the key's unique
 * index would refuse with a 500. Taken before any other lock, so the locks come in one order.
 */
export async function claimTopUpKey(
  tx: Tx,
  userId: string,
  key: string | undefined,
): Promise<{ replayed: true; row: PaymentRow } | null> {
  if (!key) return null;
  await repo.lockClientKey(tx, userId, key);
  const seen = await repo.findByClientKey(tx, userId, key);
  return seen ? { replayed: true, row: seen } : null;
}

/** A country's top-up limits (minimum, maximum, wallet cap) in minor units, from its fees; null without. */
export async function topUpLimits(served: ServedCountries, countryId: number) {
  const fees = await served.feesOf(countryId);
  return fees
    ? {
        minMinor: toSafeInt(fees.minTopupMinor),
        maxMinor: toSafeInt(fees.maxTopupMinor),
        maxBalanceMinor: toSafeInt(fees.maxWalletBalanceMinor),
      }
    : null;
}

/** What an Idempotency-Key of a top-up is checked against when it comes again. */
export const topUpFingerprint = (what: string) => createHash("sha256").update(what).digest("hex");

const money = (user: { decimals: number; currency: string }) => (m: number) =>
  moneyText(m, user.currency, user.decimals);

/**
 * The payments row of a top-up, in the caller's transaction, with the wallet locked: the balance,
 * the top-ups still being paid and this one must fit under the cap, and two top-ups started at
 * once cannot both take the same room. A request with the same Idempotency-Key that came first is
 * answered instead (`replayed`, claimTopUpKey).
 */
export async function insertTopUp(
  tx: Tx,
  plan: TopUpPlan,
  now: Date,
): Promise<{ replayed: boolean; row: PaymentRow }> {
  const { user, userId } = plan;
  const seen = await claimTopUpKey(tx, userId, plan.idempotencyKey);
  if (seen) return seen;
  const balanceMinor = await lockWalletBalance(tx, userId, user.currency);
  const pendingMinor = await repo.pendingTopUpsMinor(tx, userId, user.currency, payableSince(now));
  const error = topUpAmountError(
    plan.amount,
    user.currency,
    plan.limits,
    balanceMinor,
    money(user),
    pendingMinor,
  );
  if (error) throw AppError.validation({ amount: error });
  return {
    replayed: false,
    row: await repo.insertPayment(tx, {
      reference: `PW-${randomBytes(9).toString("base64url").replace(/[-_]/g, "x")}`,
      userId,
      provider: plan.providers[0]!.name,
      currency: user.currency,
      amountMinor: plan.amountMinor,
      clientKey: plan.idempotencyKey ?? null,
      clientFingerprint: plan.idempotencyKey ? plan.fingerprint : null,
      saveCard: plan.saveCard === true,
      createdAt: now,
    }),
  };
}

/**
 * Opens a top-up's row at its provider, trying the fallback when the first cannot be reached.
 * Nothing started anywhere: the row fails and frees its key, and the provider's error is thrown.
 */
export async function openTopUp(
  deps: PaymentDeps,
  config: Config,
  plan: TopUpPlan,
  row: PaymentRow,
  /** Where the provider sends the payer back (default: the personal wallet's callback page). */
  callbackUrl?: (provider: ProviderName) => string,
) {
  let lastError: unknown;
  for (const provider of plan.providers) {
    try {
      if (provider.name !== row.provider)
        await repo.updatePayment(deps.db, row.id, { provider: provider.name });
      // A card to keep, at a provider that keeps cards: on the user's customer there, if any yet.
      const saveCard =
        plan.saveCard && provider.savedCards
          ? { customerRef: await customerFor(deps, plan.userId, provider) }
          : undefined;
      const init = await provider.initialize({
        reference: row.reference,
        amountMinor: plan.amountMinor,
        currency: plan.user.currency,
        email: plan.user.email,
        userId: plan.userId,
        callbackUrl: callbackUrl
          ? callbackUrl(provider.name)
          : `${config.PUBLIC_URL}/wallet/callback?provider=${provider.name}`,
        saveCard,
      });
      await repo.updatePayment(deps.db, row.id, {
        provider: provider.name,
        providerReference: init.providerReference,
        paymentInfo: init.paymentInfo,
        status: "pending",
        customerRef: init.customerRef ?? null,
      });
      return response(deps, {
        ...row,
        provider: provider.name,
        providerReference: init.providerReference,
        paymentInfo: init.paymentInfo,
      });
    } catch (err) {
      lastError = err;
    }
  }
  // Nothing started anywhere: free the key so the client may retry it.
  await repo.updatePayment(deps.db, row.id, {
    status: "failed",
    failureReason: "provider_unavailable",
    clientKey: null,
  });
  throw providerFailure(lastError);
}

/**
 * POST /wallet/add-funds (and /api/create-payment-intent with `only: "stripe"`). The payments row
 * is written before the provider is called (the recovery point); the provider gets a reference
 * derived from it, so a retried call never opens a second provider payment. The row is written
 * with the wallet locked (insertTopUp). `saveCard` keeps the card it is paid with; `cardId` pays
 * with a saved card at once (decision 069).
 */
export async function addFunds(
  deps: PaymentDeps,
  config: Config,
  userId: string,
  input: {
    amount: number;
    currency?: string | undefined;
    idempotencyKey?: string | undefined;
    only?: ProviderName;
    saveCard?: boolean | undefined;
    cardId?: string | undefined;
  },
) {
  const plan = await prepareTopUp(deps, config, userId, input);
  if (plan.idempotencyKey) {
    const seen = await topUpOfKey(deps.db, userId, plan.idempotencyKey);
    if (seen) return replay(deps, seen, plan.fingerprint);
  }
  const card = input.cardId
    ? await chargeableCard(deps, plan.providers, plan.user.currency, userId, input.cardId)
    : undefined;
  if (input.saveCard) assertKeepsCards(plan.providers);
  const now = deps.clock();
  const started = await deps.db.transaction((tx) => insertTopUp(tx, plan, now));
  if (started.replayed) return replay(deps, started.row, plan.fingerprint);
  if (card) return chargeSavedCard(deps, started.row, card);
  return openTopUp(deps, config, plan, started.row);
}

export function replay(deps: PaymentDeps, seen: PaymentRow, fingerprint: string) {
  if (seen.clientFingerprint !== fingerprint) {
    throw new AppError(
      422,
      "idempotency_key_reused",
      "This Idempotency-Key was used with a different request",
    );
  }
  if (!seen.paymentInfo) {
    throw new AppError(
      409,
      "idempotency_in_progress",
      "A request with this Idempotency-Key is still in progress",
    );
  }
  return { ...response(deps, seen), replayed: true };
}

/**
 * A company's top-up (the companies feature checks who may start it): the same payments path as
 * a personal one (the country's gateway and fallback, the row written before the provider is
 * called, the Idempotency-Key replayed), but its reference names the company, so settle credits
 * the company's account. The country's minimum and maximum per top-up apply; a personal wallet's
 * cap does not (a company's balance has no ceiling: decision 030).
 */
export async function addCompanyFunds(
  deps: PaymentDeps,
  config: Config,
  input: {
    companyId: number;
    userId: string;
    email: string;
    countryId: number;
    countryCode: string;
    currency: string;
    decimals: number;
    amount: number;
    idempotencyKey?: string | undefined;
    callbackUrl: (provider: ProviderName) => string;
  },
) {
  const found = await topUpLimits(deps.countries, input.countryId);
  if (!found) throw new AppError(503, "payments_unavailable", NO_PAYMENTS);
  const limits = { ...found, maxBalanceMinor: Number.MAX_SAFE_INTEGER, decimals: input.decimals };
  const invalid = topUpAmountError(input.amount, input.currency, limits, 0, money(input));
  if (invalid) throw AppError.validation({ amount: invalid });
  const amountMinor = toMinor(input.amount, input.decimals);
  const fingerprint = topUpFingerprint(`company:${input.companyId}:${amountMinor}:${input.currency}`);
  const providers = await candidates(deps, config, input.countryCode);
  if (providers.length === 0) throw new AppError(503, "payments_unavailable", NO_PAYMENTS);
  const plan: TopUpPlan = {
    userId: input.userId,
    user: {
      currency: input.currency,
      decimals: input.decimals,
      countryId: input.countryId,
      countryCode: input.countryCode,
      email: input.email,
    },
    limits,
    amount: input.amount,
    amountMinor,
    idempotencyKey: input.idempotencyKey,
    fingerprint,
    providers,
    only: undefined,
  };
  const now = deps.clock();
  const started = await deps.db.transaction(async (tx) => {
    const seen = await claimTopUpKey(tx, input.userId, input.idempotencyKey);
    if (seen) return seen;
    const random = randomBytes(9).toString("base64url").replace(/[-_]/g, "x");
    return {
      replayed: false,
      row: await repo.insertPayment(tx, {
        reference: companyTopUpReference(input.companyId, random),
        userId: input.userId,
        provider: providers[0]!.name,
        currency: input.currency,
        amountMinor,
        clientKey: input.idempotencyKey ?? null,
        clientFingerprint: input.idempotencyKey ? fingerprint : null,
        createdAt: now,
      }),
    };
  });
  if (started.replayed) return replay(deps, started.row, fingerprint);
  return openTopUp(deps, config, plan, started.row, input.callbackUrl);
}

/** A company's top-up asked of its provider and settled once (verify's path): the payment's status. */
export async function verifyCompanyTopUp(deps: PaymentDeps, companyId: number, reference: string) {
  const payment = await repo.findByReference(deps.db, reference);
  if (!payment || companyOfTopUp(payment.reference) !== companyId) {
    throw AppError.notFound("Payment not found", "payment_not_found");
  }
  const outcome = await confirmWithProvider(deps, payment);
  return { payment, outcome };
}
