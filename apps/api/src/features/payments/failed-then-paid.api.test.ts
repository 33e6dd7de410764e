// A payment marked failed that the provider later reports, signed or verified, as paid: the
// customer retried on the same checkout, so it is credited once; a mismatch stays refused.
import { describe, expect, it } from "vitest";
import { KEYS, usePaymentsContext } from "../../test/payments-context";

const payments = usePaymentsContext();
const { user, addFunds, verify, balance } = payments;

describe("a later success after a failure", () => {
  it("Paystack: a declined attempt, then the customer pays on the same page; the redirect's verify credits once", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1500)).json().data;
    payments.ctx.paystack.complete(reference, "failed");
    expect((await verify(u, reference)).json().code).toBe("payment_failed");
    payments.ctx.paystack.complete(reference, "success");
    expect((await verify(u, reference, "paystack")).json()).toMatchObject({
      status: "success",
      data: { credited: true, new_balance: 1500 },
    });
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect((await verify(u, reference)).json().data.credited).toBe(false);
    expect(await balance(u)).toBe(1500);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("Paystack: the signed charge.success alone credits a payment verify had marked failed", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 700)).json().data;
    payments.ctx.paystack.complete(reference, "failed");
    expect((await verify(u, reference)).statusCode).toBe(422);
    payments.ctx.paystack.complete(reference, "success");
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(700);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("Wave: a failed attempt's webhook, then checkout.session.completed on the still open session credits", async () => {
    const u = await user(3);
    const { data } = (await addFunds(u, 2000)).json();
    const id = [...payments.ctx.wave.sessions.values()].find(
      (s) => s.client_reference === data.reference,
    )!.id;
    payments.ctx.wave.fail(id);
    const url = payments.ctx.webhookUrl("wave");
    expect(
      await payments.ctx.wave.sendWebhook(id, url, KEYS.waveWebhook, {
        type: "checkout.session.payment_failed",
      }),
    ).toBe(200);
    expect((await verify(u, data.reference)).json().code).toBe("payment_failed");
    payments.ctx.wave.complete(id);
    expect(await payments.ctx.wave.sendWebhook(id, url, KEYS.waveWebhook)).toBe(200);
    expect(await balance(u)).toBe(2000);
    expect(await payments.ctx.ledgerTransactionsFor(data.reference)).toBe(1);
  });

  it("Stripe: a declined card leaves the PaymentIntent payable; the signed success credits", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 30)).json();
    const pi = data.payment_info.payment_intent_id as string;
    payments.ctx.stripe.decline(pi);
    const url = payments.ctx.webhookUrl("stripe");
    expect(
      await payments.ctx.stripe.sendWebhook(pi, url, KEYS.stripeWebhook, {
        type: "payment_intent.payment_failed",
      }),
    ).toBe(200);
    expect((await verify(u, data.reference)).json()).toMatchObject({ status: "pending" });
    payments.ctx.stripe.succeed(pi);
    expect(await payments.ctx.stripe.sendWebhook(pi, url, KEYS.stripeWebhook)).toBe(200);
    expect(await balance(u)).toBe(30);
  });

  it("a payment refused for a mismatch stays refused, whatever the provider says later", async () => {
    const u = await user();
    const { reference } = (await addFunds(u, 1000)).json().data;
    payments.ctx.paystack.complete(reference, "success", 10_000); // ₦100 paid for a ₦1,000 top-up
    expect((await verify(u, reference)).json().code).toBe("payment_mismatch");
    payments.ctx.paystack.complete(reference, "success", 100_000);
    expect((await verify(u, reference)).json().code).toBe("payment_mismatch");
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(0);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(0);
  });
});
