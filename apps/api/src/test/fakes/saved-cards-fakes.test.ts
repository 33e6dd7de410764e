import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startPaystackFake,
  type PaystackAuthorization,
  type PaystackCustomer,
  type PaystackFake,
} from "./paystack-fake";
import { startStripeFake, type StripeFake } from "./stripe-fake";

const PAYSTACK_KEY = "sk_test_paystack_cards";
const STRIPE_KEY = "sk_test_stripe_cards";

/** What the tests read of a Paystack transaction (verify's and charge_authorization's `data`). */
interface TxData {
  reference: string;
  status: string;
  transaction_date?: string;
  authorization: PaystackAuthorization;
  customer: PaystackCustomer;
}

describe("the Paystack fake's saved cards", () => {
  let paystack: PaystackFake;
  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const res = await fetch(`${paystack.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${PAYSTACK_KEY}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: res.status,
      body: (await res.json()) as { status: boolean; message: string; data: TxData },
    };
  };
  /** A paid top-up: initialize, then the customer pays with `card`. */
  const paid = async (email: string, card?: Parameters<PaystackFake["complete"]>[3]) => {
    const init = await call("POST", "/transaction/initialize", { email, amount: 500_000 });
    const reference = init.body.data.reference as string;
    paystack.complete(reference, "success", undefined, card);
    return (await call("GET", `/transaction/verify/${reference}`)).body.data;
  };

  beforeAll(async () => {
    paystack = await startPaystackFake(PAYSTACK_KEY);
  });
  afterAll(() => paystack.close());

  it("gives a paid transaction the card's authorization and the customer, on verify and in the webhook", async () => {
    const tx = await paid("ada@example.com");
    expect(tx.status).toBe("success");
    expect(tx.authorization).toMatchObject({
      authorization_code: expect.stringMatching(/^AUTH_[a-z0-9]+$/),
      bin: "408408",
      last4: "4081",
      exp_month: "12",
      exp_year: "2030",
      channel: "card",
      card_type: "visa ",
      bank: "TEST BANK",
      country_code: "NG",
      brand: "visa",
      reusable: true,
      signature: expect.stringMatching(/^SIG_/),
      account_name: null,
    });
    expect(tx.customer).toMatchObject({
      id: expect.any(Number),
      email: "ada@example.com",
      customer_code: expect.stringMatching(/^CUS_/),
    });
    const hook = JSON.parse(paystack.webhookBody(tx.reference)) as { event: string; data: typeof tx };
    expect(hook.data.authorization.authorization_code).toBe(tx.authorization.authorization_code);
    expect(hook.data.customer.email).toBe("ada@example.com");
  });

  it("lets a test choose the card; the same card paid twice gets a new code", async () => {
    const a = await paid("bola@example.com", { last4: "1234", brand: "mastercard", reusable: false });
    expect(a.authorization).toMatchObject({ last4: "1234", brand: "mastercard", reusable: false });
    const b = await paid("bola@example.com", { last4: "1234", brand: "mastercard" });
    expect(b.authorization.authorization_code).not.toBe(a.authorization.authorization_code);
    expect(b.customer.customer_code).toBe(a.customer.customer_code);
  });

  it("charges an authorization under our reference, then verify answers that charge", async () => {
    const { authorization } = await paid("chi@example.com");
    const charged = await call("POST", "/transaction/charge_authorization", {
      authorization_code: authorization.authorization_code,
      email: "chi@example.com",
      amount: 200_000,
      currency: "NGN",
      reference: "reload-chi-1",
      metadata: { user_id: "u-chi" },
    });
    expect(charged.status).toBe(200);
    expect(charged.body).toMatchObject({ status: true, message: "Charge attempted" });
    expect(charged.body.data).toMatchObject({
      amount: 200_000,
      currency: "NGN",
      status: "success",
      reference: "reload-chi-1",
      domain: "test",
      metadata: { user_id: "u-chi" },
      gateway_response: "Approved",
      message: null,
      channel: "card",
      fees: expect.any(Number),
      authorization: { authorization_code: authorization.authorization_code, last4: "4081" },
      customer: { email: "chi@example.com" },
      id: expect.any(Number),
    });
    expect(typeof charged.body.data.transaction_date).toBe("string");
    const verified = await call("GET", "/transaction/verify/reload-chi-1");
    expect(verified.body.data).toMatchObject({
      status: "success",
      amount: 200_000,
      gateway_response: "Approved",
      authorization: { authorization_code: authorization.authorization_code },
      customer: { email: "chi@example.com" },
    });
    // A retry under the same reference is refused, never a second charge.
    const again = await call("POST", "/transaction/charge_authorization", {
      authorization_code: authorization.authorization_code,
      email: "chi@example.com",
      amount: 200_000,
      reference: "reload-chi-1",
    });
    expect(again).toEqual({
      status: 400,
      body: expect.objectContaining({ status: false, message: "Duplicate Transaction Reference" }),
    });
    expect(paystack.charges.filter((c) => c.reference === "reload-chi-1")).toEqual([
      { reference: "reload-chi-1", authorization_code: authorization.authorization_code, amount: 200_000 },
    ]);
  });

  it("refuses a bad amount or e-mail, an unknown code and another e-mail's code", async () => {
    const { authorization } = await paid("dayo@example.com");
    const before = paystack.charges.length;
    const charge = (body: Record<string, unknown>) =>
      call("POST", "/transaction/charge_authorization", {
        authorization_code: authorization.authorization_code,
        email: "dayo@example.com",
        amount: 10_000,
        ...body,
      });
    expect(await charge({ amount: 10.5 })).toEqual({
      status: 400,
      body: expect.objectContaining({ status: false, message: "Invalid amount or email" }),
    });
    expect(await charge({ email: "" })).toMatchObject({
      status: 400,
      body: { message: "Invalid amount or email" },
    });
    expect(await charge({ authorization_code: "AUTH_unknown" })).toMatchObject({
      status: 400,
      body: { status: false, message: "Authorization code is invalid" },
    });
    expect(await charge({ email: "someone-else@example.com" })).toMatchObject({
      status: 400,
      body: { message: "Authorization code is invalid" },
    });
    expect(paystack.charges.length).toBe(before);
  });

  it("declines when the test says so: a failed transaction with the bank's words", async () => {
    const { authorization } = await paid("efe@example.com");
    paystack.declineAuthorization(authorization.authorization_code, "Insufficient Funds");
    const charged = await call("POST", "/transaction/charge_authorization", {
      authorization_code: authorization.authorization_code,
      email: "efe@example.com",
      amount: 150_000,
      reference: "reload-efe-1",
    });
    expect(charged.status).toBe(200);
    expect(charged.body.data).toMatchObject({ status: "failed", gateway_response: "Insufficient Funds" });
    const verified = await call("GET", "/transaction/verify/reload-efe-1");
    expect(verified.body.data).toMatchObject({ status: "failed", gateway_response: "Insufficient Funds" });
    expect(paystack.charges.at(-1)).toEqual({
      reference: "reload-efe-1",
      authorization_code: authorization.authorization_code,
      amount: 150_000,
    });
  });

  it("deactivates an authorization on both documented paths; it is refused afterwards", async () => {
    for (const path of ["/customer/authorization/deactivate", "/customer/deactivate_authorization"]) {
      const { authorization } = await paid("funmi@example.com");
      const off = await call("POST", path, { authorization_code: authorization.authorization_code });
      expect(off).toEqual({
        status: 200,
        body: { status: true, message: "Authorization has been deactivated" },
      });
      const charged = await call("POST", "/transaction/charge_authorization", {
        authorization_code: authorization.authorization_code,
        email: "funmi@example.com",
        amount: 10_000,
      });
      expect(charged).toMatchObject({
        status: 400,
        body: { status: false, message: "Authorization code is invalid" },
      });
    }
  });
});

describe("the Stripe fake's customers and saved cards, through the official SDK", () => {
  let fake: StripeFake;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startStripeFake(STRIPE_KEY);
    const url = new URL(fake.url);
    stripe = new Stripe(STRIPE_KEY, {
      host: url.hostname,
      port: url.port,
      protocol: "http",
      maxNetworkRetries: 0,
      telemetry: false,
    });
  });
  afterAll(() => fake.close());

  /** A customer who paid an on-session top-up asking to keep the card: the saved method. */
  const savedCard = async (card?: Parameters<StripeFake["succeed"]>[2]) => {
    const customer = await stripe.customers.create({
      email: "gina@example.com",
      metadata: { user_id: "u-g" },
    });
    const pi = await stripe.paymentIntents.create({
      amount: 2_000,
      currency: "usd",
      customer: customer.id,
      setup_future_usage: "off_session",
    });
    fake.succeed(pi.id, undefined, card);
    const paid = await stripe.paymentIntents.retrieve(pi.id, { expand: ["payment_method"] });
    return { customer, paid, pm: paid.payment_method as Stripe.PaymentMethod };
  };
  const offSession = (customer: string, pm: string, key: string, amount = 1_500) =>
    stripe.paymentIntents.create(
      {
        amount,
        currency: "usd",
        customer,
        payment_method: pm,
        off_session: true,
        confirm: true,
        metadata: { reference: key },
      },
      { idempotencyKey: key },
    );

  it("creates customers (the same Idempotency-Key answers the same one) and retrieves them", async () => {
    const a = await stripe.customers.create(
      { email: "hana@example.com", metadata: { user_id: "u-h" } },
      { idempotencyKey: "customer:u-h" },
    );
    const b = await stripe.customers.create(
      { email: "hana@example.com", metadata: { user_id: "u-h" } },
      { idempotencyKey: "customer:u-h" },
    );
    expect(a).toMatchObject({ object: "customer", email: "hana@example.com", metadata: { user_id: "u-h" } });
    expect(a.id).toMatch(/^cus_/);
    expect(b.id).toBe(a.id);
    expect((await stripe.customers.retrieve(a.id)).id).toBe(a.id);
    expect(fake.customers.has(a.id)).toBe(true);
    await expect(stripe.customers.retrieve("cus_missing")).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it("keeps the card of an intent paid with setup_future_usage on its customer; expand gives it inline", async () => {
    const { customer, paid, pm } = await savedCard({
      brand: "mastercard",
      last4: "4444",
      exp_month: 3,
      exp_year: 2031,
    });
    expect(paid).toMatchObject({
      status: "succeeded",
      customer: customer.id,
      setup_future_usage: "off_session",
    });
    expect(paid.latest_charge).toMatch(/^ch_/);
    expect(pm).toMatchObject({
      object: "payment_method",
      type: "card",
      card: {
        brand: "mastercard",
        last4: "4444",
        exp_month: 3,
        exp_year: 2031,
        country: "US",
        funding: "credit",
      },
      customer: customer.id,
    });
    const plain = await stripe.paymentIntents.retrieve(paid.id);
    expect(plain.payment_method).toBe(pm.id);
    // stripe-node asks with `expand[0]=`; `expand[]=` is the other form Stripe takes.
    expect(fake.requests.some((r) => r.path.includes("expand[0]=payment_method"))).toBe(true);
    const bare = await fetch(`${fake.url}/v1/payment_intents/${paid.id}?expand[]=payment_method`, {
      headers: { authorization: `Bearer ${STRIPE_KEY}` },
    });
    expect(((await bare.json()) as { payment_method: { id: string } }).payment_method.id).toBe(pm.id);
    expect(await stripe.paymentMethods.retrieve(pm.id)).toEqual(pm);
  });

  it("keeps no card on anyone when the intent did not ask to", async () => {
    const pi = await stripe.paymentIntents.create({ amount: 1_000, currency: "usd" });
    expect(pi).toMatchObject({ customer: null, payment_method: null, setup_future_usage: null });
    fake.succeed(pi.id);
    const paid = await stripe.paymentIntents.retrieve(pi.id, { expand: ["payment_method"] });
    expect(paid.payment_method).toMatchObject({
      card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 },
      customer: null,
    });
  });

  it("charges a saved card off session at once; a replay of the key is the same charge", async () => {
    const { customer, pm } = await savedCard();
    const before = fake.offSessionCharges.length;
    const pi = await offSession(customer.id, pm.id, "topup:r-1");
    expect(pi).toMatchObject({
      status: "succeeded",
      amount: 1_500,
      amount_received: 1_500,
      customer: customer.id,
      payment_method: pm.id,
    });
    expect(pi.latest_charge).toMatch(/^ch_/);
    const replay = await offSession(customer.id, pm.id, "topup:r-1");
    expect(replay.id).toBe(pi.id);
    expect(fake.offSessionCharges.slice(before)).toEqual([
      { intentId: pi.id, idempotencyKey: "topup:r-1", amount: 1_500 },
    ]);
  });

  it("answers a declined off-session charge as Stripe does: a card error holding the intent", async () => {
    const { customer, pm } = await savedCard();
    fake.declineMethod(pm.id);
    const err = (await offSession(customer.id, pm.id, "topup:r-2").catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeCardError;
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err.statusCode).toBe(402);
    expect(err).toMatchObject({
      code: "card_declined",
      decline_code: "generic_decline",
      message: "Your card was declined.",
    });
    const pi = (err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent!;
    expect(pi).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 1_500,
      last_payment_error: { type: "card_error", code: "card_declined", payment_method: { id: pm.id } },
    });
    expect((err.raw as { payment_method?: { id: string } }).payment_method?.id).toBe(pm.id);
    // Replayed under the same key as the same decline, not a second attempt.
    const again = (await offSession(customer.id, pm.id, "topup:r-2").catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeCardError;
    expect((again.raw as { payment_intent?: { id: string } }).payment_intent?.id).toBe(pi.id);
    expect(fake.offSessionCharges.filter((c) => c.idempotencyKey === "topup:r-2")).toHaveLength(1);
  });

  it("answers authentication_required off session with the intent back to requires_payment_method", async () => {
    const { customer, pm } = await savedCard();
    fake.declineMethod(pm.id, "authentication_required");
    const err = (await offSession(customer.id, pm.id, "topup:r-3").catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeCardError;
    expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(err.code).toBe("authentication_required");
    expect((err.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent?.status).toBe(
      "requires_payment_method",
    );
  });

  it("detaches a method; an off-session charge with it is then refused (400), not declined", async () => {
    const { customer, pm } = await savedCard();
    const detached = await stripe.paymentMethods.detach(pm.id);
    expect(detached.customer).toBeNull();
    const before = fake.offSessionCharges.length;
    const err = (await offSession(customer.id, pm.id, "topup:r-4").catch(
      (e: unknown) => e,
    )) as Stripe.errors.StripeError;
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe(
      "The provided PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.",
    );
    expect(fake.offSessionCharges.length).toBe(before);
    // Detaching twice is refused as Stripe refuses it.
    await expect(stripe.paymentMethods.detach(pm.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("keeps its PaymentIntents as before for a plain checkout", async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 700,
      currency: "usd",
      metadata: { user_id: "u" },
    });
    expect(pi.status).toBe("requires_payment_method");
    fake.decline(pi.id);
    expect((await stripe.paymentIntents.retrieve(pi.id)).last_payment_error?.code).toBe("card_declined");
    fake.succeed(pi.id);
    expect(await stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: "succeeded",
      amount_received: 700,
    });
  });
});
