import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { ledgerViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, type PaymentsContext } from "../../test/payments-context";

let ctx: PaymentsContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(() => ctx?.close());
afterEach(async () => {
  ctx.paystack.behaviour.mode = "ok";
  ctx.wave.behaviour.mode = "ok";
  ctx.stripe.behaviour.mode = "ok";
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const user = (countryId = 1) => createUser(ctx.database.db, { countryId });
const addFunds = (u: TestUser, amount: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/add-funds",
    headers: { ...bearer(u), ...headers },
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

describe("wallet", () => {
  it("needs a token", async () => {
    expect((await ctx.app.inject({ url: "/api/v1/wallet" })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: "POST", url: "/api/v1/wallet/add-funds", payload: { amount: 1000 } }))
        .statusCode,
    ).toBe(401);
  });

  it("is empty and in the country's currency at first", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(await user(3)) });
    expect(res.json()).toMatchObject({
      status: "success",
      data: { balance: 0, currency: "XOF", provider: "wave", min_topup: 500 },
    });
  });

  it.each([
    [0, /positive/],
    [-10, /positive/],
    [1000.123, /2 decimal/],
    [499.99, /at least/],
    [1_000_000.01, /at most/],
    ["abc", /number/],
    [null, /number/],
  ])("refuses the amount %s with a clear 422 and starts nothing", async (amount, message) => {
    const u = await user();
    const before = ctx.paystack.requests.length;
    const res = await addFunds(u, amount);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.amount).toMatch(message);
    expect(ctx.paystack.requests.length).toBe(before);
  });

  it("refuses decimals for XOF", async () => {
    const res = await addFunds(await user(3), 1000.5);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.amount).toMatch(/whole number of XOF/);
  });
});

describe("Paystack (Nigeria)", () => {
  it("tops up end to end: initialise in kobo, pending until paid, credit once, listed", async () => {
    const u = await user();
    const init = await addFunds(u, 1500.5);
    expect(init.statusCode).toBe(200);
    const data = init.json().data;
    expect(data).toMatchObject({ provider: "paystack", amount: 1500.5, currency: "NGN" });
    expect(data.payment_info.authorization_url).toMatch(ctx.paystack.url);
    const sent = JSON.parse(ctx.paystack.requests.at(-1)!.body);
    expect(sent).toMatchObject({
      amount: 150050,
      currency: "NGN",
      email: u.email,
      reference: data.reference,
    });
    expect(sent.callback_url).toBe("http://parkwell.test/wallet/callback?provider=paystack");

    const early = await verify(u, data.reference, "paystack");
    expect(early.json()).toMatchObject({ status: "pending", message: "Payment has not been completed yet" });
    expect(await balance(u)).toBe(0);

    ctx.paystack.complete(data.reference);
    const done = await verify(u, data.reference, "paystack", 1500.5);
    expect(done.json()).toMatchObject({ status: "success", data: { new_balance: 1500.5, credited: true } });
    const again = await verify(u, data.reference, "paystack");
    expect(again.json()).toMatchObject({ status: "success", data: { new_balance: 1500.5, credited: false } });
    expect(await ctx.ledgerTransactionsFor(data.reference)).toBe(1);

    const list = (
      await ctx.app.inject({ url: "/api/v1/wallet/transactions?page=1&size=10", headers: bearer(u) })
    ).json().data;
    expect(list).toMatchObject({ total: 1, page: 1, size: 10, pages: 1 });
    expect(list.items[0]).toMatchObject({
      type: "topup",
      amount: 1500.5,
      currency: "NGN",
      balance_after: 1500.5,
      reference: data.reference,
    });
    expect(list.items[0].created_at).toMatch(/^\d{4}-/);
  });

  it("credits from the webhook, then verify credits nothing; replayed and forged webhooks change nothing", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 2000)).json().data;
    ctx.paystack.complete(reference);
    expect(await ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(2000);
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { credited: false, new_balance: 2000 },
    });
    expect(await ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack"), "sk_wrong")).toBe(401);
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/paystack",
      headers: { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) },
      payload: ctx.paystack.webhookBody(reference),
    });
    expect(forged.statusCode).toBe(401);
    expect(await balance(u)).toBe(2000);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("verify first, webhook after: one credit", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 800)).json().data;
    ctx.paystack.complete(reference);
    expect((await verify(u, reference)).json().data.credited).toBe(true);
    expect(await ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(800);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("refuses a tampered amount (provider or client) and credits nothing", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1000)).json().data;
    expect((await verify(u, reference, "paystack", 5000)).statusCode).toBe(422);
    ctx.paystack.complete(reference, "success", 50_000); // paid 500 for a 1000 top-up
    const res = await verify(u, reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("payment_mismatch");
    expect(await ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(0);
  });

  it("never credits another user's reference", async () => {
    const owner = await user();
    const thief = await user();
    const { reference } = (await addFunds(owner, 1000)).json().data;
    ctx.paystack.complete(reference);
    expect((await verify(thief, reference)).statusCode).toBe(404);
    const credit = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/credit",
      headers: bearer(thief),
      query: { amount: "1000", reference },
    });
    expect(credit.statusCode).toBe(404);
    expect(await balance(thief)).toBe(0);
    expect(await balance(owner)).toBe(0);
  });

  it("provider down or slow: a clear error, nothing credited, a later verify succeeds", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1000)).json().data;
    ctx.paystack.complete(reference);
    ctx.paystack.behaviour.mode = "down";
    const down = await verify(u, reference);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: "provider_unavailable",
      message: expect.stringMatching(/could not be reached/),
    });
    ctx.paystack.behaviour.mode = "slow";
    ctx.paystack.behaviour.delayMs = 2500;
    const slow = await verify(u, reference);
    expect(slow.statusCode).toBe(504);
    expect(slow.json().code).toBe("provider_timeout");
    expect(await balance(u)).toBe(0);
    ctx.paystack.behaviour.mode = "ok";
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { new_balance: 1000 },
    });
  });

  it("add-funds with the provider down: 502 and the user may retry", async () => {
    const u = await user();
    ctx.paystack.behaviour.mode = "down";
    const res = await addFunds(u, 1000, { "idempotency-key": "k-down-1" });
    expect(res.statusCode).toBe(502);
    ctx.paystack.behaviour.mode = "ok";
    expect((await addFunds(u, 1000, { "idempotency-key": "k-down-1" })).statusCode).toBe(200);
  });

  it("replays add-funds for the same Idempotency-Key and refuses it with another amount", async () => {
    const u = await user();
    const first = await addFunds(u, 1000, { "idempotency-key": '"key-1"' });
    const again = await addFunds(u, 1000, { "idempotency-key": "key-1" });
    expect(again.json().data.reference).toBe(first.json().data.reference);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const other = await addFunds(u, 2000, { "idempotency-key": "key-1" });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("idempotency_key_reused");
    expect((await addFunds(u, 1000, { "idempotency-key": "bad key!" })).statusCode).toBe(422);
  });

  it("/wallet/credit credits only a confirmed, not yet credited payment of the caller", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1200)).json().data;
    const credit = (amount: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/credit",
        headers: bearer(u),
        query: { amount, reference, description: "Card top-up" },
      });
    expect((await credit("1200")).json().code).toBe("payment_not_confirmed");
    ctx.paystack.complete(reference);
    expect((await credit("1300")).statusCode).toBe(422);
    const ok = await credit("1200");
    expect(ok.json()).toMatchObject({ status: "success", data: { new_balance: 1200 } });
    expect((await credit("1200")).json().code).toBe("already_credited");
    const unknown = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/credit",
      headers: bearer(u),
      query: { amount: "5", reference: "PW-nope" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await balance(u)).toBe(1200);
  });
});

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

describe("Content-Security-Policy for the payment scripts", () => {
  it("allows exactly Paystack's and Stripe's origins for scripts, frames and API calls", async () => {
    const csp = String((await ctx.app.inject({ url: "/api/health" })).headers["content-security-policy"]);
    const directive = (name: string) =>
      csp
        .split(";")
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `))
        ?.split(/\s+/)
        .slice(1);
    expect(directive("script-src")).toEqual(["'self'", "https://js.paystack.co", "https://js.stripe.com"]);
    expect(directive("frame-src")).toEqual([
      "'self'",
      "https://checkout.paystack.com",
      "https://js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(directive("connect-src")).toEqual(["'self'", "https://api.paystack.co", "https://api.stripe.com"]);
  });
});
