// Stripe (official SDK against the fake) and Wave (with the Paystack XOF fallback).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, type TestUser } from "../../test/factories";
import { ledgerViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, walletClient, type PaymentsContext } from "../../test/payments-context";

let ctx: PaymentsContext;
let client: ReturnType<typeof walletClient>;
beforeAll(async () => {
  ctx = await createPaymentsContext();
  client = walletClient(ctx);
});
afterAll(() => ctx?.close());
afterEach(async () => {
  ctx.paystack.behaviour.mode = "ok";
  ctx.wave.behaviour.mode = "ok";
  ctx.stripe.behaviour.mode = "ok";
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const user = (countryId?: number) => client.user(countryId);
const addFunds = (u: TestUser, amount: unknown, headers: Record<string, string> = {}) =>
  client.addFunds(u, amount, headers);
const verify = (u: TestUser, reference: string, provider?: string, amount?: number) =>
  client.verify(u, reference, provider, amount);
const balance = (u: TestUser) => client.balance(u);

describe("Stripe (United States, Canada)", () => {
  it("tops up through a PaymentIntent in cents; the SDK-signed webhook credits once; stale signatures are refused", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 25.5)).json();
    expect(data).toMatchObject({ provider: "stripe", currency: "USD" });
    expect(data.payment_info).toMatchObject({
      payment_url: expect.stringContaining("/payment?reference="),
      publishable_key: "pk_test_stripe_fake",
    });
    const pi = ctx.stripe.intents.get(data.payment_info.payment_intent_id)!;
    expect(pi).toMatchObject({
      amount: 2550,
      currency: "usd",
      metadata: { user_id: u.id, reference: data.reference },
    });
    ctx.stripe.succeed(pi.id);
    const stale = Math.floor(Date.now() / 1000) - 400;
    expect(
      await ctx.stripe.sendWebhook(pi.id, ctx.webhookUrl("stripe"), KEYS.stripeWebhook, { timestamp: stale }),
    ).toBe(401);
    expect(await ctx.stripe.sendWebhook(pi.id, ctx.webhookUrl("stripe"), "whsec_wrong")).toBe(401);
    expect(await balance(u)).toBe(0);
    expect(
      await ctx.stripe.sendWebhook(pi.id, ctx.webhookUrl("stripe"), KEYS.stripeWebhook, {
        eventId: "evt_once",
      }),
    ).toBe(200);
    expect(
      await ctx.stripe.sendWebhook(pi.id, ctx.webhookUrl("stripe"), KEYS.stripeWebhook, {
        eventId: "evt_once",
      }),
    ).toBe(200);
    expect(await balance(u)).toBe(25.5);
    // The redirect back from Stripe names the PaymentIntent: verify accepts it too.
    expect((await verify(u, pi.id, "stripe")).json()).toMatchObject({
      status: "success",
      data: { credited: false },
    });
  });

  it("create-payment-intent returns a client secret for a card wallet, and refuses other wallets", async () => {
    const ca = await user(2);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: bearer(ca),
      payload: { amount: 10, currency: "CAD", metadata: { source: "test" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
      currency: "CAD",
      amount: 10,
    });
    expect(ctx.stripe.intents.get(res.json().payment_intent_id)).toMatchObject({
      amount: 1000,
      currency: "cad",
    });
    const ng = await ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: bearer(await user()),
      payload: { amount: 1000, currency: "NGN" },
    });
    expect(ng.statusCode).toBe(422);
    const wrongCurrency = await ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: bearer(ca),
      payload: { amount: 10, currency: "USD" },
    });
    expect(wrongCurrency.statusCode).toBe(422);
  });

  it("Stripe down: add-funds and verify give a clear 502 and credit nothing", async () => {
    const u = await user(4);
    ctx.stripe.behaviour.mode = "down";
    const down = await addFunds(u, 10);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe("provider_unavailable");
    ctx.stripe.behaviour.mode = "ok";
    const { data } = (await addFunds(u, 10)).json();
    ctx.stripe.succeed(data.payment_info.payment_intent_id);
    ctx.stripe.behaviour.mode = "down";
    expect((await verify(u, data.reference)).statusCode).toBe(502);
    expect(await balance(u)).toBe(0);
    ctx.stripe.behaviour.mode = "ok";
    expect((await verify(u, data.reference)).json().data.new_balance).toBe(10);
  });

  it("does not credit a PaymentIntent whose metadata names another user", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 10)).json();
    const pi = ctx.stripe.intents.get(data.payment_info.payment_intent_id)!;
    pi.metadata.user_id = "00000000-0000-0000-0000-000000000000";
    ctx.stripe.succeed(pi.id);
    expect((await verify(u, data.reference)).json().code).toBe("payment_mismatch");
    expect(await balance(u)).toBe(0);
  });
});

describe("Wave (Senegal)", () => {
  it("opens a checkout session in whole XOF as a string and credits once", async () => {
    const u = await user(3);
    const { data } = (await addFunds(u, 2500)).json();
    expect(data.provider).toBe("wave");
    expect(data.payment_info.checkout_url).toBe(data.payment_info.wave_launch_url);
    const sent = JSON.parse(ctx.wave.requests.at(-1)!.body);
    expect(sent).toMatchObject({ amount: "2500", currency: "XOF", client_reference: data.reference });
    const id = [...ctx.wave.sessions.values()].find((s) => s.client_reference === data.reference)!.id;
    ctx.wave.complete(id);
    expect((await verify(u, data.reference, "wave", 2500)).json()).toMatchObject({
      status: "success",
      data: { new_balance: 2500 },
    });
    expect(await ctx.wave.sendWebhook(id, ctx.webhookUrl("wave"), KEYS.waveWebhook)).toBe(200);
    expect(await ctx.wave.sendWebhook(id, ctx.webhookUrl("wave"), "wrong")).toBe(401);
    expect(
      await ctx.wave.sendWebhook(
        id,
        ctx.webhookUrl("wave"),
        KEYS.waveWebhook,
        Math.floor(Date.now() / 1000) - 600,
      ),
    ).toBe(401);
    expect(await balance(u)).toBe(2500);
    expect(await ctx.ledgerTransactionsFor(data.reference)).toBe(1);
  });

  it("credits from Wave's webhook alone", async () => {
    const u = await user(3);
    const { data } = (await addFunds(u, 1000)).json();
    const id = [...ctx.wave.sessions.values()].find((s) => s.client_reference === data.reference)!.id;
    ctx.wave.complete(id);
    expect(await ctx.wave.sendWebhook(id, ctx.webhookUrl("wave"), KEYS.waveWebhook)).toBe(200);
    expect(await balance(u)).toBe(1000);
  });

  it("falls back to Paystack in XOF (x100) when Wave cannot start", async () => {
    const u = await user(3);
    ctx.wave.behaviour.mode = "down";
    const { data } = (await addFunds(u, 2500)).json();
    expect(data).toMatchObject({ provider: "paystack", currency: "XOF" });
    expect(JSON.parse(ctx.paystack.requests.at(-1)!.body)).toMatchObject({
      amount: 250_000,
      currency: "XOF",
    });
    ctx.paystack.complete(data.reference);
    expect((await verify(u, data.reference, "paystack")).json().data.new_balance).toBe(2500);
  });
});
