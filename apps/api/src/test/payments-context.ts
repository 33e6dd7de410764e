import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { queryRows } from "../db/client";
import { bearer, createUser, type TestUser } from "./factories";
import { createTestContext, type TestContext } from "./harness";
import { ledgerViolations, receiptViolations } from "./ledger-invariants";
import { startPaystackFake, type PaystackFake } from "./fakes/paystack-fake";
import { startStripeFake, type StripeFake } from "./fakes/stripe-fake";
import { startWaveFake, type WaveFake } from "./fakes/wave-fake";

export const KEYS = {
  paystack: "sk_test_paystack_fake",
  stripe: "sk_test_stripe_fake",
  stripeWebhook: "whsec_test_fake",
  wave: "wave_sn_test_fake",
  waveWebhook: "wave_webhook_secret_fake",
};

export interface PaymentsContext extends TestContext {
  paystack: PaystackFake;
  stripe: StripeFake;
  wave: WaveFake;
  /** The app listening on loopback, so the fakes can deliver webhooks over HTTP. */
  baseUrl: string;
  webhookUrl(provider: "paystack" | "stripe" | "wave"): string;
  ledgerTransactionsFor(reference: string): Promise<number>;
}

/**
 * The app on a fresh database with all three providers pointed at local stateful fakes; `deps` as
 * createTestContext takes them (a clock the test sets).
 */
export async function createPaymentsContext(
  env: Record<string, string> = {},
  deps: Parameters<typeof createTestContext>[1] = {},
): Promise<PaymentsContext> {
  const [paystack, stripe, wave] = await Promise.all([
    startPaystackFake(KEYS.paystack),
    startStripeFake(KEYS.stripe),
    startWaveFake(KEYS.wave),
  ]);
  const ctx = await createTestContext(
    {
      PAYSTACK_SECRET_KEY: KEYS.paystack,
      PAYSTACK_PUBLIC_KEY: "pk_test_paystack_fake",
      PAYSTACK_API_URL: paystack.url,
      STRIPE_SECRET_KEY: KEYS.stripe,
      STRIPE_PUBLISHABLE_KEY: "pk_test_stripe_fake",
      STRIPE_WEBHOOK_SECRET: KEYS.stripeWebhook,
      STRIPE_API_URL: stripe.url,
      WAVE_API_KEY: KEYS.wave,
      WAVE_WEBHOOK_SECRET: KEYS.waveWebhook,
      WAVE_API_URL: wave.url,
      PAYMENT_TIMEOUT_MS: "1500",
      ...env,
    },
    deps,
  );
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    ...ctx,
    paystack,
    stripe,
    wave,
    baseUrl,
    webhookUrl: (provider) => `${baseUrl}/api/v1/payments/webhooks/${provider}`,
    async ledgerTransactionsFor(reference) {
      const rows = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ${reference}`,
      );
      return Number(rows[0]?.n ?? 0);
    },
    async close() {
      await ctx.close();
      await Promise.all([paystack.close(), stripe.close(), wave.close()]);
    },
  };
}

/** The wallet calls the payment tests make, through app.inject as a client would. */
export function walletClient(ctx: TestContext) {
  const user = (countryId = 1) => createUser(ctx.database.db, { countryId });
  /** A new Idempotency-Key per call (add-funds requires one) unless `headers` names one. */
  const addFunds = (u: TestUser, amount: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(u), "idempotency-key": randomUUID(), ...headers },
      payload: { amount },
    });
  const verify = (u: TestUser, reference: string, provider?: string, amount?: number) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(u),
      query: {
        payment_reference: reference,
        ...(provider ? { payment_provider: provider } : {}),
        ...(amount !== undefined ? { amount: String(amount) } : {}),
      },
    });
  const balance = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data.balance as number;
  return { user, addFunds, verify, balance };
}

/**
 * The hooks every payment test file shares: one payments context for the file, every fake back to
 * normal after each test, and the ledger invariants checked after each test. `ctx` is the context
 * once `beforeAll` has run; the wallet calls go through it.
 */
export function usePaymentsContext() {
  let current: PaymentsContext | undefined;
  beforeAll(async () => {
    current = await createPaymentsContext();
  });
  afterAll(() => current?.close());
  afterEach(async () => {
    const ctx = started();
    ctx.paystack.behaviour.mode = "ok";
    ctx.wave.behaviour.mode = "ok";
    ctx.stripe.behaviour.mode = "ok";
    expect(await ledgerViolations(ctx.database.db)).toEqual([]);
    expect(await receiptViolations(ctx.database.db)).toEqual([]);
  });
  const started = () => {
    if (!current) throw new Error("the payments context is used before beforeAll ran");
    return current;
  };
  const calls = () => walletClient(started());
  type Client = ReturnType<typeof walletClient>;
  return {
    get ctx() {
      return started();
    },
    user: (...a: Parameters<Client["user"]>) => calls().user(...a),
    addFunds: (...a: Parameters<Client["addFunds"]>) => calls().addFunds(...a),
    verify: (...a: Parameters<Client["verify"]>) => calls().verify(...a),
    balance: (...a: Parameters<Client["balance"]>) => calls().balance(...a),
  };
}
