import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { holdRequests } from "../../test/fakes/fake-server";
import { TEST_ENGINE } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, type PaymentsContext } from "../../test/payments-context";
import { IN_PROGRESS } from "./verify.service";

// PGlite runs one statement at a time, so races there always pass and prove nothing.
const onPostgres = TEST_ENGINE === "postgres";
const reason = "needs real PostgreSQL (TEST_DB_ENGINE=postgres): PGlite serialises every query";

let ctx: PaymentsContext;
beforeAll(async () => {
  if (onPostgres) ctx = await createPaymentsContext({ PAYMENT_TIMEOUT_MS: "5000" });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  if (!ctx) return;
  ctx.paystack.behaviour.mode = "ok";
  ctx.stripe.behaviour.mode = "ok";
  ctx.paystack.behaviour.hold?.release(); // a test that failed while holding one
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
  expect(await receiptViolations(ctx.database.db)).toEqual([]);
});

const verify = (u: TestUser, reference: string, provider: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/verify-payment",
    headers: bearer(u),
    query: { payment_reference: reference, payment_provider: provider },
  });
const credit = (u: TestUser, reference: string, amount: number) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/wallet/credit",
    headers: bearer(u),
    query: { reference, amount: String(amount) },
  });
const balance = async (u: TestUser) =>
  (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data.balance as number;

describe.skipIf(!onPostgres)(`exactly once under races (${reason})`, () => {
  it("25 concurrent verifies + the webhook + a redirect verify of one Paystack payment: one ledger transaction", async () => {
    for (let round = 0; round < 3; round++) {
      const u = await createUser(ctx.database.db);
      const { reference } = (
        await ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/add-funds",
          headers: { ...bearer(u), "idempotency-key": randomUUID() },
          payload: { amount: 1000 },
        })
      ).json().data;
      ctx.paystack.complete(reference);
      ctx.paystack.behaviour.mode = "slow";
      ctx.paystack.behaviour.delayMs = 30 + round * 40;
      const results = await Promise.all([
        ...Array.from({ length: 25 }, () => verify(u, reference, "paystack")),
        ctx.paystack.sendWebhook(reference, ctx.webhookUrl("paystack")),
        verify(u, reference, "paystack"), // the browser coming back from Paystack's redirect
      ]);
      const webhookStatus = results[25] as number;
      expect(webhookStatus).toBe(200);
      const bodies = results
        .filter((r): r is Awaited<ReturnType<typeof verify>> => typeof r !== "number")
        .map((r) => r.json());
      for (const b of bodies) {
        expect(b.status === "success" || (b.status === "pending" && b.message === IN_PROGRESS)).toBe(true);
      }
      expect(bodies.filter((b) => b.data.credited === true).length).toBeLessThanOrEqual(1);
      ctx.paystack.behaviour.mode = "ok";
      expect((await verify(u, reference, "paystack")).json()).toMatchObject({
        status: "success",
        data: { new_balance: 1000 },
      });
      expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
      expect(await balance(u)).toBe(1000);
    }
  });

  it("20 concurrent verifies and credits while the provider holds the first call: one asks, the others answer in progress", async () => {
    const u = await createUser(ctx.database.db);
    const { reference } = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/add-funds",
        headers: { ...bearer(u), "idempotency-key": randomUUID() },
        payload: { amount: 1000 },
      })
    ).json().data;
    ctx.paystack.complete(reference);
    const checks = () =>
      ctx.paystack.requests.filter((r) => r.path.startsWith("/transaction/verify/")).length;
    const before = checks();
    // No timing: the provider answers nobody until every call but the one it holds has answered.
    const held = holdRequests(ctx.paystack);
    let answered = 0;
    let othersAnswered!: () => void;
    const others = new Promise<void>((resolve) => (othersAnswered = resolve));
    const calls = Array.from({ length: 20 }, (_, i) =>
      (i % 2 === 0 ? verify(u, reference, "paystack") : credit(u, reference, 1000)).then((r) => {
        if (++answered === 19) othersAnswered();
        return r.json();
      }),
    );
    await held.arrived;
    await others;
    expect(checks() - before).toBe(1);
    held.release();
    const bodies = await Promise.all(calls);
    const credited = bodies.filter((b) => b.status === "success");
    expect(credited).toHaveLength(1);
    expect(credited[0]).toMatchObject({ data: { credited: true, new_balance: 1000 } });
    const busy = bodies.filter((b) => b.status === "pending");
    expect(busy).toHaveLength(19);
    for (const b of busy) expect(b.message).toBe(IN_PROGRESS);
    expect(await ctx.ledgerTransactionsFor(reference)).toBe(1);
    expect(await balance(u)).toBe(1000);
  });

  it("Stripe: concurrent webhook deliveries (replays and distinct events) and verifies credit once", async () => {
    const u = await createUser(ctx.database.db, { countryId: 4 });
    const { data } = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/add-funds",
        headers: { ...bearer(u), "idempotency-key": randomUUID() },
        payload: { amount: 40 },
      })
    ).json();
    const pi = data.payment_info.payment_intent_id as string;
    ctx.stripe.succeed(pi);
    const statuses = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        ctx.stripe.sendWebhook(pi, ctx.webhookUrl("stripe"), KEYS.stripeWebhook, { eventId: "evt_same" }),
      ),
      ...Array.from({ length: 10 }, () =>
        ctx.stripe.sendWebhook(pi, ctx.webhookUrl("stripe"), KEYS.stripeWebhook),
      ),
      ...Array.from({ length: 10 }, () => verify(u, pi, "stripe").then((r) => r.statusCode)),
    ]);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await ctx.ledgerTransactionsFor(data.reference)).toBe(1);
    expect(await balance(u)).toBe(40);
  });

  it("concurrent add-funds with one Idempotency-Key open one provider payment", async () => {
    const u = await createUser(ctx.database.db);
    const before = ctx.paystack.transactions.size;
    const res = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/add-funds",
          headers: { ...bearer(u), "idempotency-key": "same-key" },
          payload: { amount: 1000 },
        }),
      ),
    );
    const ok = res.filter((r) => r.statusCode === 200).map((r) => r.json().data.reference);
    expect(new Set(ok).size).toBe(1);
    for (const r of res) expect([200, 409]).toContain(r.statusCode);
    expect(ctx.paystack.transactions.size - before).toBe(1);
  });
});
