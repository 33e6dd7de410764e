// Saved cards at the providers' own APIs (decision 069): Paystack's reusable authorization and its
// charge_authorization, Stripe's payment method on a customer charged off session, Wave's none.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { readMailbox } from "../../test/mailbox";
import { usePaymentsContext } from "../../test/payments-context";
import { saveReload, savedCards, topUpDeps } from "./saved-cards.test-kit";
import { runAutoReloads } from "./auto-reload.service";

const payments = usePaymentsContext();
const { user, addFunds, verify, balance } = payments;

const cards = (u: TestUser) => savedCards(payments.ctx.app, u);
const payWithCard = (u: TestUser, amount: number, cardId: string, key = randomUUID()) =>
  payments.ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/add-funds",
    headers: { ...bearer(u), "idempotency-key": key },
    payload: { amount, card_id: cardId },
  });
function save(u: TestUser, amount: number) {
  return payments.ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/add-funds",
    headers: { ...bearer(u), "idempotency-key": randomUUID() },
    payload: { amount, save_card: true },
  });
}
const paymentsOf = (u: TestUser) =>
  queryRows<{ status: string }>(
    payments.ctx.database.db,
    sql`SELECT status FROM payments WHERE user_id = ${u.id}`,
  );

describe("Paystack's saved cards (Nigeria)", () => {
  /** A driver who paid 1,500 NGN with "save my card": Paystack's reusable Visa ending 4081 is kept. */
  async function paystackDriver() {
    const u = await user();
    const started = await save(u, 1500);
    expect(started.statusCode).toBe(200);
    const { reference } = started.json().data;
    payments.ctx.paystack.complete(reference, "success");
    expect((await verify(u, reference, "paystack")).json().data.credited).toBe(true);
    await payments.ctx.app.jobs.runDue(["saved-card"]);
    const kept = await cards(u);
    expect(kept).toMatchObject({ available: true, provider: "paystack" });
    expect(kept.cards).toEqual([
      expect.objectContaining({
        provider: "paystack",
        brand: "visa",
        last4: "4081",
        exp_month: 12,
        exp_year: 2030,
      }),
    ]);
    return { u, cardId: kept.cards[0].id as string };
  }

  it("keeps the card only when asked, and only a reusable one", async () => {
    const plain = await user();
    const { reference } = (await addFunds(plain, 1000)).json().data;
    payments.ctx.paystack.complete(reference, "success");
    await verify(plain, reference, "paystack");
    await payments.ctx.app.jobs.runDue(["saved-card"]);
    expect((await cards(plain)).cards).toEqual([]);

    const once = await user();
    const started = (await save(once, 1000)).json().data;
    payments.ctx.paystack.complete(started.reference, "success", undefined, { reusable: false });
    await verify(once, started.reference, "paystack");
    await payments.ctx.app.jobs.runDue(["saved-card"]);
    expect((await cards(once)).cards).toEqual([]);
  });

  it("charges the saved card at once, under our reference: once per Idempotency-Key", async () => {
    const { u, cardId } = await paystackDriver();
    const key = randomUUID();
    const paid = await payWithCard(u, 2000, cardId, key);
    expect(paid.statusCode).toBe(200);
    const data = paid.json().data;
    expect(data).toMatchObject({
      provider: "paystack",
      amount: 2000,
      payment_info: { charged: true, card: { brand: "visa", last4: "4081" } },
    });
    expect(await balance(u)).toBe(3500);
    const charges = payments.ctx.paystack.charges.filter((c) => c.reference === data.reference);
    expect(charges).toEqual([expect.objectContaining({ amount: 200000 })]);
    const sent = JSON.parse(
      payments.ctx.paystack.requests.filter((r) => r.path === "/transaction/charge_authorization").at(-1)!
        .body,
    );
    expect(sent).toMatchObject({
      email: u.email,
      amount: 200000,
      currency: "NGN",
      reference: data.reference,
    });
    // The same key again: the first answer, no second charge.
    const again = await payWithCard(u, 2000, cardId, key);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().data.reference).toBe(data.reference);
    expect(payments.ctx.paystack.charges.filter((c) => c.reference === data.reference)).toHaveLength(1);
    // Verify finds it settled, as after any provider.
    expect((await verify(u, data.reference, "paystack")).json()).toMatchObject({
      status: "success",
      data: { credited: false, new_balance: 3500 },
    });
    expect(await payments.ctx.ledgerTransactionsFor(data.reference)).toBe(1);
  });

  it("a declined card pays nothing: 409 with the bank's words, the payment failed for good", async () => {
    const { u, cardId } = await paystackDriver();
    const authorization = await authorizationOf(u);
    payments.ctx.paystack.declineAuthorization(authorization, "Insufficient Funds");
    const res = await payWithCard(u, 2000, cardId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "card_declined",
      message: "Your card was declined: Insufficient Funds",
    });
    expect(await balance(u)).toBe(1500);
    const french = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/add-funds",
      headers: { ...bearer(u), "idempotency-key": randomUUID(), "accept-language": "fr" },
      payload: { amount: 2000, card_id: cardId },
    });
    expect(french.json().message).toBe("Votre carte a été refusée\u00a0: Insufficient Funds");
    const rows = await queryRows<{ status: string; failure_reason: string }>(
      payments.ctx.database.db,
      sql`SELECT status, failure_reason FROM payments WHERE user_id = ${u.id} AND saved_card_id IS NOT NULL`,
    );
    expect(rows).toEqual([
      { status: "failed", failure_reason: "card_declined" },
      { status: "failed", failure_reason: "card_declined" },
    ]);
  });

  it("another driver's card is not found; a removed card is forgotten at Paystack", async () => {
    const { u, cardId } = await paystackDriver();
    const stranger = await user();
    const stolen = await payWithCard(stranger, 2000, cardId);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe("card_not_found");
    const deleted = await payments.ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/wallet/cards/${cardId}`,
      headers: bearer(stranger),
    });
    expect(deleted.statusCode).toBe(404);
    expect((await cards(u)).cards).toHaveLength(1);
    const authorization = await authorizationOf(u);
    const removed = await payments.ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/wallet/cards/${cardId}`,
      headers: bearer(u),
    });
    expect(removed.statusCode).toBe(204);
    expect(
      payments.ctx.paystack.requests.some(
        (r) =>
          r.path === "/customer/authorization/deactivate" &&
          JSON.parse(r.body).authorization_code === authorization,
      ),
    ).toBe(true);
    expect((await cards(u)).cards).toEqual([]);
  });

  it("a declined reload pauses it and tells the driver once; saving it again resumes it", async () => {
    const { u, cardId } = await paystackDriver();
    expect(
      (await saveReload(payments.ctx.app, u, { card_id: cardId, threshold: 3000, amount: 2000 })).statusCode,
    ).toBe(200);
    payments.ctx.paystack.declineAuthorization(await authorizationOf(u), "Do Not Honor");
    const deps = topUpDeps(payments.ctx.app, payments.ctx.database.db, payments.ctx.config);
    expect(await runAutoReloads(deps, payments.ctx.config)).toEqual(["declined"]);
    const paused = (await cards(u)).auto_reload;
    expect(paused).toMatchObject({ pause_reason: "Your card was declined: Do Not Honor" });
    expect(paused.paused_at).toMatch(/^\d{4}-/);
    // Paused: the next runs charge nothing.
    const before = payments.ctx.paystack.charges.length;
    expect(await runAutoReloads(deps, payments.ctx.config)).toEqual([]);
    expect(payments.ctx.paystack.charges.length).toBe(before);
    const mails = (await readMailbox(payments.ctx)).filter((m) => m.to.includes(u.email));
    expect(mails.filter((m) => m.subject === "Your Parkwell automatic reload is paused")).toHaveLength(1);
    const mail = mails.find((m) => m.subject === "Your Parkwell automatic reload is paused")!;
    expect(mail.body).toContain("VISA •••• 4081");
    expect(mail.body).toContain("Do Not Honor");
    // The driver saves it again (the bank sorted out): it resumes and reloads.
    payments.ctx.paystack.authorizations.get(await authorizationOf(u))!.decline = null;
    const resumed = await saveReload(payments.ctx.app, u, { card_id: cardId, threshold: 3000, amount: 2000 });
    expect(resumed.json().data.auto_reload).toMatchObject({ paused_at: null, pause_reason: null });
    expect(await runAutoReloads(deps, payments.ctx.config)).toEqual(["reloaded"]);
    expect(await balance(u)).toBe(3500);
  });

  /** The Paystack authorization code of the driver's saved card (never shown to the driver). */
  async function authorizationOf(u: TestUser) {
    const [row] = await queryRows<{ method_ref: string }>(
      payments.ctx.database.db,
      sql`SELECT method_ref FROM saved_cards WHERE user_id = ${u.id} AND removed_at IS NULL`,
    );
    return row!.method_ref;
  }
});

describe("Stripe's saved cards (United States)", () => {
  it("pays on the driver's customer to keep the card, then charges it off session, once per key", async () => {
    const u = await user(4);
    const started = (await save(u, 25)).json().data;
    const pi = payments.ctx.stripe.intents.get(started.payment_info.payment_intent_id)!;
    expect(pi).toMatchObject({ setup_future_usage: "off_session", customer: expect.stringMatching(/^cus_/) });
    payments.ctx.stripe.succeed(pi.id, undefined, { brand: "mastercard", last4: "4444" });
    expect((await verify(u, started.reference, "stripe")).json().data.credited).toBe(true);
    await payments.ctx.app.jobs.runDue(["saved-card"]);
    const kept = await cards(u);
    expect(kept.cards).toEqual([
      expect.objectContaining({ provider: "stripe", brand: "mastercard", last4: "4444" }),
    ]);
    const cardId = kept.cards[0].id as string;

    // A second card-keeping top-up is made on the same customer.
    const second = (await save(u, 10)).json().data;
    expect(payments.ctx.stripe.intents.get(second.payment_info.payment_intent_id)!.customer).toBe(
      pi.customer,
    );

    const key = randomUUID();
    const paid = await payWithCard(u, 40, cardId, key);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payment_info).toMatchObject({ charged: true });
    expect(await balance(u)).toBe(65);
    expect((await payWithCard(u, 40, cardId, key)).headers["idempotent-replayed"]).toBe("true");
    expect(payments.ctx.stripe.offSessionCharges.filter((c) => c.amount === 4000)).toHaveLength(1);
    expect(await balance(u)).toBe(65);
  });

  it("a bank that wants the driver there (authentication_required) is a decline: nothing paid", async () => {
    const u = await user(4);
    const started = (await save(u, 25)).json().data;
    const piId = started.payment_info.payment_intent_id;
    payments.ctx.stripe.succeed(piId);
    await verify(u, started.reference, "stripe");
    await payments.ctx.app.jobs.runDue(["saved-card"]);
    const { cards: kept } = await cards(u);
    const method = payments.ctx.stripe.intents.get(piId)!.payment_method as string;
    payments.ctx.stripe.declineMethod(method, "authentication_required");
    const res = await payWithCard(u, 40, kept[0].id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("card_declined");
    expect(await balance(u)).toBe(25);
  });
});

describe("Wave (Senegal) keeps no cards", () => {
  it("says so, and refuses to save one", async () => {
    const u = await user(3);
    expect(await cards(u)).toEqual({ available: false, provider: "wave", cards: [], auto_reload: null });
    const res = await save(u, 1000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "saved_cards_unavailable" });
    expect(await paymentsOf(u)).toEqual([]);
  });
});
