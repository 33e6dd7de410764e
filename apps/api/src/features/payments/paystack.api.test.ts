// Paystack end to end against the local fake: verify, webhooks, tampering, outages, credit, idempotency.
import { describe, expect, it } from "vitest";
import { bearer } from "../../test/factories";
import { usePaymentsContext } from "../../test/payments-context";

const payments = usePaymentsContext();
const { user, addFunds, verify, balance } = payments;

describe("Paystack (Nigeria)", () => {
  it("tops up end to end: initialise in kobo, pending until paid, credit once, listed", async () => {
    const u = await user();
    const init = await addFunds(u, 1500.5);
    expect(init.statusCode).toBe(200);
    const data = init.json().data;
    expect(data).toMatchObject({ provider: "paystack", amount: 1500.5, currency: "NGN" });
    expect(data.payment_info.authorization_url).toMatch(payments.ctx.paystack.url);
    const sent = JSON.parse(payments.ctx.paystack.requests.at(-1)!.body);
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

    payments.ctx.paystack.complete(data.reference);
    const done = await verify(u, data.reference, "paystack", 1500.5);
    expect(done.json()).toMatchObject({ status: "success", data: { new_balance: 1500.5, credited: true } });
    const again = await verify(u, data.reference, "paystack");
    expect(again.json()).toMatchObject({ status: "success", data: { new_balance: 1500.5, credited: false } });
    expect(await payments.ctx.ledgerTransactionsFor(data.reference)).toBe(1);

    const list = (
      await payments.ctx.app.inject({ url: "/api/v1/wallet/transactions?page=1&size=10", headers: bearer(u) })
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
    payments.ctx.paystack.complete(reference);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(2000);
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { credited: false, new_balance: 2000 },
    });
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(
      await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"), "sk_wrong"),
    ).toBe(401);
    const forged = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/v1/payments/webhooks/paystack",
      headers: { "content-type": "application/json", "x-paystack-signature": "0".repeat(128) },
      payload: payments.ctx.paystack.webhookBody(reference),
    });
    expect(forged.statusCode).toBe(401);
    expect(await balance(u)).toBe(2000);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("verify first, webhook after: one credit", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 800)).json().data;
    payments.ctx.paystack.complete(reference);
    expect((await verify(u, reference)).json().data.credited).toBe(true);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(800);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("refuses a tampered amount (provider or client) and credits nothing", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1000)).json().data;
    expect((await verify(u, reference, "paystack", 5000)).statusCode).toBe(422);
    payments.ctx.paystack.complete(reference, "success", 50_000); // paid 500 for a 1000 top-up
    const res = await verify(u, reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("payment_mismatch");
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(0);
  });

  it("a declined payment is reported as failed and credits nothing, however often it is verified", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1000)).json().data;
    payments.ctx.paystack.complete(reference, "failed");
    const res = await verify(u, reference);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: "payment_failed" });
    expect((await verify(u, reference)).json().code).toBe("payment_failed");
    expect(await balance(u)).toBe(0);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(0);
  });

  it("never credits another user's reference", async () => {
    const owner = await user();
    const thief = await user();
    const { reference } = (await addFunds(owner, 1000)).json().data;
    payments.ctx.paystack.complete(reference);
    expect((await verify(thief, reference)).statusCode).toBe(404);
    const credit = await payments.ctx.app.inject({
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
    payments.ctx.paystack.complete(reference);
    payments.ctx.paystack.behaviour.mode = "down";
    const down = await verify(u, reference);
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({
      code: "provider_unavailable",
      message: expect.stringMatching(/could not be reached/),
    });
    payments.ctx.paystack.behaviour.mode = "slow";
    payments.ctx.paystack.behaviour.delayMs = 2500;
    const slow = await verify(u, reference);
    expect(slow.statusCode).toBe(504);
    expect(slow.json().code).toBe("provider_timeout");
    expect(await balance(u)).toBe(0);
    payments.ctx.paystack.behaviour.mode = "ok";
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { new_balance: 1000 },
    });
  });

  it("add-funds with the provider down: 502 and the user may retry", async () => {
    const u = await user();
    payments.ctx.paystack.behaviour.mode = "down";
    const res = await addFunds(u, 1000, { "idempotency-key": "k-down-1" });
    expect(res.statusCode).toBe(502);
    payments.ctx.paystack.behaviour.mode = "ok";
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
      payments.ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/credit",
        headers: bearer(u),
        // The client's description is accepted for compatibility and never stored.
        query: { amount, reference, description: "Refund approved by Parkwell support" },
      });
    expect((await credit("1200")).json().code).toBe("payment_not_confirmed");
    payments.ctx.paystack.complete(reference);
    expect((await credit("1300")).statusCode).toBe(422);
    const ok = await credit("1200");
    expect(ok.json()).toMatchObject({ status: "success", data: { new_balance: 1200 } });
    expect((await credit("1200")).json().code).toBe("already_credited");
    const unknown = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/credit",
      headers: bearer(u),
      query: { amount: "5", reference: "PW-nope" },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await balance(u)).toBe(1200);
    const list = (
      await payments.ctx.app.inject({ url: "/api/v1/wallet/transactions?page=1&size=10", headers: bearer(u) })
    ).json().data;
    expect(list.items.map((t: { description: string }) => t.description)).toEqual([
      "Wallet top-up (paystack)",
    ]);
  });
});
