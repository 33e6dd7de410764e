// Stripe (official SDK against the fake) and Wave (with the Paystack XOF fallback).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer } from "../../test/factories";
import { KEYS, usePaymentsContext } from "../../test/payments-context";

const payments = usePaymentsContext();
const { user, addFunds, verify, balance } = payments;

describe("Stripe (United States, Canada)", () => {
  it("tops up through a PaymentIntent in cents; the SDK-signed webhook credits once; stale signatures are refused", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 25.5)).json();
    expect(data).toMatchObject({ provider: "stripe", currency: "USD" });
    expect(data.payment_info).toMatchObject({
      payment_url: expect.stringContaining("/payment?reference="),
      publishable_key: "pk_test_stripe_fake",
    });
    const pi = payments.ctx.stripe.intents.get(data.payment_info.payment_intent_id)!;
    expect(pi).toMatchObject({
      amount: 2550,
      currency: "usd",
      metadata: { user_id: u.id, reference: data.reference },
    });
    payments.ctx.stripe.succeed(pi.id);
    const stale = Math.floor(Date.now() / 1000) - 400;
    expect(
      await payments.ctx.stripe.sendWebhook(pi.id, payments.ctx.webhookUrl("stripe"), KEYS.stripeWebhook, {
        timestamp: stale,
      }),
    ).toBe(401);
    expect(
      await payments.ctx.stripe.sendWebhook(pi.id, payments.ctx.webhookUrl("stripe"), "whsec_wrong"),
    ).toBe(401);
    expect(await balance(u)).toBe(0);
    expect(
      await payments.ctx.stripe.sendWebhook(pi.id, payments.ctx.webhookUrl("stripe"), KEYS.stripeWebhook, {
        eventId: "evt_once",
      }),
    ).toBe(200);
    expect(
      await payments.ctx.stripe.sendWebhook(pi.id, payments.ctx.webhookUrl("stripe"), KEYS.stripeWebhook, {
        eventId: "evt_once",
      }),
    ).toBe(200);
    expect(await balance(u)).toBe(25.5);
    // One receipt, by our reference, sold by the wallet's country (the US) in its currency.
    const receipts = await queryRows<{ kind: string; currency: string; code: string; total_minor: string }>(
      payments.ctx.database.db,
      sql`SELECT r.kind, r.currency, c.code, r.total_minor::text FROM receipts r
          JOIN countries c ON c.id = r.country_id WHERE r.reference = ${data.reference}`,
    );
    expect(receipts).toEqual([{ kind: "topup", currency: "USD", code: "US", total_minor: "2550" }]);
    // The redirect back from Stripe names the PaymentIntent: verify accepts it too.
    expect((await verify(u, pi.id, "stripe")).json()).toMatchObject({
      status: "success",
      data: { credited: false },
    });
  });

  it("create-payment-intent returns a client secret for a card wallet, and refuses other wallets", async () => {
    const ca = await user(2);
    const res = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { ...bearer(ca), "idempotency-key": randomUUID() },
      payload: { amount: 10, currency: "CAD", metadata: { source: "test" } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client_secret: expect.stringMatching(/^pi_.+_secret_/),
      currency: "CAD",
      amount: 10,
    });
    expect(payments.ctx.stripe.intents.get(res.json().payment_intent_id)).toMatchObject({
      amount: 1000,
      currency: "cad",
    });
    const ng = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { ...bearer(await user()), "idempotency-key": randomUUID() },
      payload: { amount: 1000, currency: "NGN" },
    });
    expect(ng.statusCode).toBe(422);
    const wrongCurrency = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/create-payment-intent",
      headers: { ...bearer(ca), "idempotency-key": randomUUID() },
      payload: { amount: 10, currency: "USD" },
    });
    expect(wrongCurrency.statusCode).toBe(422);
  });

  it("Stripe down: add-funds and verify give a clear 502 and credit nothing", async () => {
    const u = await user(4);
    payments.ctx.stripe.behaviour.mode = "down";
    const down = await addFunds(u, 10);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe("provider_unavailable");
    payments.ctx.stripe.behaviour.mode = "ok";
    const { data } = (await addFunds(u, 10)).json();
    payments.ctx.stripe.succeed(data.payment_info.payment_intent_id);
    payments.ctx.stripe.behaviour.mode = "down";
    expect((await verify(u, data.reference)).statusCode).toBe(502);
    expect(await balance(u)).toBe(0);
    payments.ctx.stripe.behaviour.mode = "ok";
    expect((await verify(u, data.reference)).json().data.new_balance).toBe(10);
  });

  it("does not credit a PaymentIntent whose metadata names another user", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 10)).json();
    const pi = payments.ctx.stripe.intents.get(data.payment_info.payment_intent_id)!;
    pi.metadata.user_id = "00000000-0000-0000-0000-000000000000";
    payments.ctx.stripe.succeed(pi.id);
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
    const sent = JSON.parse(payments.ctx.wave.requests.at(-1)!.body);
    expect(sent).toMatchObject({ amount: "2500", currency: "XOF", client_reference: data.reference });
    const id = [...payments.ctx.wave.sessions.values()].find(
      (s) => s.client_reference === data.reference,
    )!.id;
    payments.ctx.wave.complete(id);
    expect((await verify(u, data.reference, "wave", 2500)).json()).toMatchObject({
      status: "success",
      data: { new_balance: 2500 },
    });
    expect(await payments.ctx.wave.sendWebhook(id, payments.ctx.webhookUrl("wave"), KEYS.waveWebhook)).toBe(
      200,
    );
    expect(await payments.ctx.wave.sendWebhook(id, payments.ctx.webhookUrl("wave"), "wrong")).toBe(401);
    expect(
      await payments.ctx.wave.sendWebhook(id, payments.ctx.webhookUrl("wave"), KEYS.waveWebhook, {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      }),
    ).toBe(401);
    expect(await balance(u)).toBe(2500);
    expect(await payments.ctx.ledgerTransactionsFor(data.reference)).toBe(1);
  });

  it("credits from Wave's webhook alone", async () => {
    const u = await user(3);
    const { data } = (await addFunds(u, 1000)).json();
    const id = [...payments.ctx.wave.sessions.values()].find(
      (s) => s.client_reference === data.reference,
    )!.id;
    payments.ctx.wave.complete(id);
    expect(await payments.ctx.wave.sendWebhook(id, payments.ctx.webhookUrl("wave"), KEYS.waveWebhook)).toBe(
      200,
    );
    expect(await balance(u)).toBe(1000);
  });

  it("falls back to Paystack in XOF (x100) when Wave cannot start", async () => {
    const u = await user(3);
    payments.ctx.wave.behaviour.mode = "down";
    const { data } = (await addFunds(u, 2500)).json();
    expect(data).toMatchObject({ provider: "paystack", currency: "XOF" });
    expect(JSON.parse(payments.ctx.paystack.requests.at(-1)!.body)).toMatchObject({
      amount: 250_000,
      currency: "XOF",
    });
    payments.ctx.paystack.complete(data.reference);
    expect((await verify(u, data.reference, "paystack")).json().data.new_balance).toBe(2500);
  });
});
