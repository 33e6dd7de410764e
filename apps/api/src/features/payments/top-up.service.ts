import { createHash, randomBytes } from "node:crypto";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { moneyText, toMajor, toMinor } from "../../lib/money";
import { lockWalletBalance, userCurrency } from "../wallet/ledger.service";
import { gatewayFor, payableSince, topUpAmountError } from "./payments.domain";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { providerFailure } from "./provider-errors";
import type { PaymentProvider, ProviderName } from "./providers/types";
import type { PaymentDeps } from "./verify.service";

export const NO_PAYMENTS = "Payments are not available right now. Please try again later.";

/** The adapters to try for a country, in order: the gateway, its fallback, or demo in demo mode. */
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
  if (found.length > 0 || only) return found;
  const demo = deps.payments.get("demo");
  return demo ? [demo] : [];
}

function response(deps: PaymentDeps, row: PaymentRow) {
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

/**
 * POST /wallet/add-funds (and /api/create-payment-intent with `only: "stripe"`). The payments row
 * is written before the provider is called (the recovery point); the provider gets a reference
 * derived from it, so a retried call never opens a second provider payment. The row is written
 * with the wallet locked: the balance, the top-ups still being paid and this one must fit under
 * the cap, and two top-ups started at once cannot both take the same room.
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
  },
) {
  const user = await userCurrency(deps.db, userId);
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
  const found = await repo.findTopUpLimits(deps.db, user.countryId);
  if (!found) throw new AppError(503, "payments_unavailable", NO_PAYMENTS);
  const limits = { ...found, decimals: user.decimals };
  const fmt = (m: number) => moneyText(m, user.currency, user.decimals);
  // The amount itself first (positive, decimals, min, max), before anything is locked.
  const invalid = topUpAmountError(input.amount, user.currency, limits, 0, fmt);
  if (invalid) throw AppError.validation({ amount: invalid });
  const amountMinor = toMinor(input.amount, user.decimals);

  const fingerprint = createHash("sha256")
    .update(`${input.only ?? "any"}:${amountMinor}:${user.currency}`)
    .digest("hex");
  const providers = await candidates(deps, config, user.countryCode, input.only);
  if (providers.length === 0) {
    throw new AppError(
      503,
      "payments_unavailable",
      input.only === "stripe" ? "Card payments are not configured" : NO_PAYMENTS,
    );
  }

  const now = deps.clock();
  const started = await deps.db.transaction(async (tx) => {
    const balanceMinor = await lockWalletBalance(tx, userId, user.currency);
    // Under the lock, a request with the same key that came first is seen (and replayed).
    if (input.idempotencyKey) {
      const seen = await repo.findByClientKey(tx, userId, input.idempotencyKey);
      if (seen) return { replayed: true, row: seen };
    }
    const pendingMinor = await repo.pendingTopUpsMinor(tx, userId, user.currency, payableSince(now));
    const error = topUpAmountError(input.amount, user.currency, limits, balanceMinor, fmt, pendingMinor);
    if (error) throw AppError.validation({ amount: error });
    return {
      replayed: false,
      row: await repo.insertPayment(tx, {
        reference: `PW-${randomBytes(9).toString("base64url").replace(/[-_]/g, "x")}`,
        userId,
        provider: providers[0]!.name,
        currency: user.currency,
        amountMinor,
        clientKey: input.idempotencyKey ?? null,
        clientFingerprint: input.idempotencyKey ? fingerprint : null,
        createdAt: now,
      }),
    };
  });
  if (started.replayed) return replay(deps, started.row, fingerprint);
  const row = started.row;

  let lastError: unknown;
  for (const provider of providers) {
    try {
      if (provider.name !== row.provider)
        await repo.updatePayment(deps.db, row.id, { provider: provider.name });
      const init = await provider.initialize({
        reference: row.reference,
        amountMinor,
        currency: user.currency,
        email: user.email,
        userId,
        callbackUrl: `${config.PUBLIC_URL}/wallet/callback?provider=${provider.name}`,
      });
      await repo.updatePayment(deps.db, row.id, {
        provider: provider.name,
        providerReference: init.providerReference,
        paymentInfo: init.paymentInfo,
        status: "pending",
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

function replay(deps: PaymentDeps, seen: PaymentRow, fingerprint: string) {
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
