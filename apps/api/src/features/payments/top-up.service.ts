import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import { fees } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { toMajor, toMinor } from "../../lib/money";
import { userCurrency, walletBalanceMinor } from "../wallet/ledger.service";
import { currencyDecimals, gatewayFor, topUpAmountError } from "./payments.domain";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { providerFailure } from "./provider-errors";
import type { PaymentProvider, ProviderName } from "./providers/types";
import type { PaymentDeps } from "./verify.service";

export const NO_PAYMENTS = "Payments are not available right now. Please try again later.";

/** The adapters to try for a country, in order: the gateway, its fallback, or demo outside production. */
export function candidates(
  deps: PaymentDeps,
  config: Config,
  countryCode: string,
  only?: ProviderName,
): PaymentProvider[] {
  const gw = gatewayFor(countryCode);
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

function response(row: PaymentRow) {
  return {
    status: "success" as const,
    message: "Payment initialized",
    data: {
      reference: row.reference,
      provider: row.provider,
      amount: toMajor(row.amountMinor, currencyDecimals(row.currency)),
      currency: row.currency,
      payment_info: (row.paymentInfo ?? {}) as Record<string, unknown>,
    },
  };
}

/**
 * POST /wallet/add-funds (and /api/create-payment-intent with `only: "stripe"`). The payments row
 * is written before the provider is called (the recovery point); the provider gets a reference
 * derived from it, so a retried call never opens a second provider payment.
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
  if (input.only === "stripe" && gatewayFor(user.countryCode).provider !== "stripe") {
    throw AppError.validation({ currency: "Card payments through Stripe are for USD and CAD wallets" });
  }
  const [limits] = await deps.db.select().from(fees).where(eq(fees.countryId, user.countryId));
  if (!limits) throw new AppError(503, "payments_unavailable", NO_PAYMENTS);
  const decimals = user.decimals;
  const balanceMinor = await walletBalanceMinor(deps.db, userId, user.currency);
  const fmt = (m: number) => `${toMajor(m, decimals)} ${user.currency}`;
  const error = topUpAmountError(
    input.amount,
    user.currency,
    {
      decimals,
      minMinor: Number(limits.minTopupMinor),
      maxMinor: Number(limits.maxTopupMinor),
      maxBalanceMinor: Number(limits.maxWalletBalanceMinor),
    },
    balanceMinor,
    fmt,
  );
  if (error) throw AppError.validation({ amount: error });
  const amountMinor = toMinor(input.amount, decimals);

  const fingerprint = createHash("sha256")
    .update(`${input.only ?? "any"}:${amountMinor}:${user.currency}`)
    .digest("hex");
  if (input.idempotencyKey) {
    const seen = await repo.findByClientKey(deps.db, userId, input.idempotencyKey);
    if (seen) return replay(seen, fingerprint);
  }

  const providers = candidates(deps, config, user.countryCode, input.only);
  if (providers.length === 0) {
    throw new AppError(
      503,
      "payments_unavailable",
      input.only === "stripe" ? "Card payments are not configured" : NO_PAYMENTS,
    );
  }

  let row: PaymentRow;
  try {
    row = await repo.insertPayment(deps.db, {
      reference: `PW-${randomBytes(9).toString("base64url").replace(/[-_]/g, "x")}`,
      userId,
      provider: providers[0]!.name,
      currency: user.currency,
      amountMinor,
      clientKey: input.idempotencyKey ?? null,
      clientFingerprint: input.idempotencyKey ? fingerprint : null,
    });
  } catch (err) {
    // Two requests with one key raced: the loser answers as a replay would.
    const seen = input.idempotencyKey
      ? await repo.findByClientKey(deps.db, userId, input.idempotencyKey)
      : null;
    if (seen) return replay(seen, fingerprint);
    throw err;
  }

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
      return response({
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

function replay(seen: PaymentRow, fingerprint: string) {
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
  return { ...response(seen), replayed: true };
}
