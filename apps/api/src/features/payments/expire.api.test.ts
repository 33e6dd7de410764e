// The expiry of top-ups never finished at their provider: the provider is asked one last time
// (paid credits, unpaid expires, declined fails), a provider that does not answer keeps the
// payment for a later run, and an expired top-up paid later is still credited once.
import { randomUUID } from "node:crypto";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../../config";
import { openDatabase, queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, TEST_ENGINE } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { KEYS, usePaymentsContext } from "../../test/payments-context";
import { servedCountries } from "../reference/served-countries";
import { expireUnfinishedPayments, type ExpiryRun } from "./expire.service";
import * as repo from "./payments.repo";
import { heldCheckouts } from "../bookings/hold.service";
import { createPayments } from "./registry";
import type { PaymentDeps } from "./verify.service";
import type { Jobs } from "../../jobs/queue";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the scheduled job hands the function: the app's parts, with a clock the test sets. */
async function jobDeps(db: Db, config: Config, at: Date, jobs: Jobs): Promise<PaymentDeps> {
  const countries = servedCountries(db);
  await countries.load();
  return {
    db,
    payments: createPayments(config, (currency) => countries.decimalsOf(currency)),
    clock: () => at,
    countries,
    jobs,
    checkouts: [heldCheckouts],
  };
}

/** One expiry run `ms` from now (the payments were started at about now). */
async function runIn(db: Db, config: Config, ms: number, jobs: Jobs) {
  return expireUnfinishedPayments(await jobDeps(db, config, new Date(Date.now() + ms), jobs), config);
}

async function paymentRow(db: Db, reference: string) {
  const [row] = await queryRows<{ status: string; failure_reason: string | null }>(
    db,
    sql`SELECT status, failure_reason FROM payments WHERE reference = ${reference}`,
  );
  return row;
}

describe("with the providers' fakes", () => {
  const payments = usePaymentsContext();
  const { user, addFunds, verify, balance } = payments;
  const run = (ms: number) => runIn(payments.ctx.database.db, payments.ctx.config, ms, payments.ctx.app.jobs);
  const row = (reference: string) => paymentRow(payments.ctx.database.db, reference);
  const AFTER_EXPIRY = 61 * MINUTE;

  // Each test counts what a run does: nothing another test left unfinished may be in its way.
  afterEach(async () => {
    await payments.ctx.database.db.execute(
      sql`UPDATE payments SET status = 'failed', failure_reason = 'test_over'
          WHERE status IN ('initialized', 'pending')`,
    );
  });

  async function start(u: TestUser, amount: number): Promise<string> {
    const res = await addFunds(u, amount);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.reference as string;
  }

  it("Paystack paid but never verified: the run credits it, once, however often it runs", async () => {
    const u = await user();
    const reference = await start(u, 1500);
    payments.ctx.paystack.complete(reference);
    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 1, credited: 1, expired: 0, failed: 0, left: 0 });
    expect(await run(AFTER_EXPIRY + MINUTE)).toEqual({
      asked: 0,
      credited: 0,
      expired: 0,
      failed: 0,
      left: 0,
    });
    expect(await balance(u)).toBe(1500);
    expect(await row(reference)).toEqual({ status: "succeeded", failure_reason: null });
    // The customer's verify and the provider's webhook confirm it without moving money again.
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { credited: false },
    });
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(1500);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("Paystack still unpaid: expired, told as such, and its room under the cap is free again", async () => {
    const u = await user();
    const refs = [];
    for (let i = 0; i < 5; i++) refs.push(await start(u, 1_000_000));
    expect((await addFunds(u, 1_000_000)).statusCode).toBe(422);

    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 5, credited: 0, expired: 5, failed: 0, left: 0 });
    for (const ref of refs) expect(await row(ref)).toEqual({ status: "failed", failure_reason: "expired" });
    expect(await run(AFTER_EXPIRY + MINUTE)).toEqual({
      asked: 0,
      credited: 0,
      expired: 0,
      failed: 0,
      left: 0,
    });

    const told = await verify(u, refs[0]!);
    expect(told.statusCode).toBe(422);
    expect(told.json()).toEqual({
      code: "payment_expired",
      message: "This top-up expired before it was paid; nothing was credited",
    });
    const inFrench = await payments.ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: { ...bearer(u), "accept-language": "fr" },
      query: { payment_reference: refs[0]! },
    });
    expect(inFrench.json().message).toBe("Ce rechargement a expiré avant d'être payé ; rien n'a été crédité");
    expect(
      (
        await payments.ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/credit",
          headers: bearer(u),
          query: { reference: refs[1]!, amount: "1000000" },
        })
      ).json().code,
    ).toBe("payment_expired");

    // Nothing of it is in the wallet's history, as for any payment that failed.
    const history = await payments.ctx.app.inject({ url: "/api/v1/wallet/transactions", headers: bearer(u) });
    expect(history.json().data.total).toBe(0);
    expect((await addFunds(u, 1_000_000)).statusCode).toBe(200);
  });

  it("a young payment is left alone, neither asked about nor expired", async () => {
    const u = await user();
    const reference = await start(u, 800);
    const asked = payments.ctx.paystack.requests.length;
    expect(await run(59 * MINUTE)).toEqual({ asked: 0, credited: 0, expired: 0, failed: 0, left: 0 });
    expect(payments.ctx.paystack.requests.length).toBe(asked);
    expect(await row(reference)).toEqual({ status: "pending", failure_reason: null });
  });

  it("a decline at the provider fails as usual (still payable), not expired", async () => {
    const u = await user();
    const reference = await start(u, 900);
    payments.ctx.paystack.complete(reference, "failed");
    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 1, credited: 0, expired: 0, failed: 1, left: 0 });
    expect(await row(reference)).toEqual({ status: "failed", failure_reason: "declined" });
  });

  it("expired, then paid: the redirect's verify credits once, and the webhook after it moves nothing", async () => {
    const u = await user();
    const reference = await start(u, 1200);
    expect((await run(AFTER_EXPIRY)).expired).toBe(1);
    payments.ctx.paystack.complete(reference);
    expect((await verify(u, reference, "paystack")).json()).toMatchObject({
      status: "success",
      data: { credited: true, new_balance: 1200 },
    });
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect((await verify(u, reference)).json().data.credited).toBe(false);
    expect(await row(reference)).toEqual({ status: "succeeded", failure_reason: null });
    expect(await balance(u)).toBe(1200);
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("expired, then paid: the signed webhook alone credits once, and a replay or a verify moves nothing", async () => {
    const u = await user();
    const reference = await start(u, 700);
    expect((await run(AFTER_EXPIRY)).expired).toBe(1);
    payments.ctx.paystack.complete(reference);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await payments.ctx.paystack.sendWebhook(reference, payments.ctx.webhookUrl("paystack"))).toBe(200);
    expect(await balance(u)).toBe(700);
    expect((await verify(u, reference)).json()).toMatchObject({
      status: "success",
      data: { credited: false },
    });
    expect(await run(AFTER_EXPIRY + MINUTE)).toMatchObject({ asked: 0, credited: 0 });
    expect(await payments.ctx.ledgerTransactionsFor(reference)).toBe(1);
  });

  it("a provider that is down is asked once per run and its payments wait; a day past the expiry they expire, and a late payment still credits", async () => {
    const u = await user();
    const refs = [await start(u, 1000), await start(u, 2000), await start(u, 3000)];
    payments.ctx.paystack.behaviour.mode = "down";
    const before = payments.ctx.paystack.requests.length;
    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 1, credited: 0, expired: 0, failed: 0, left: 3 });
    expect(payments.ctx.paystack.requests.length - before).toBe(1);
    for (const ref of refs) expect((await row(ref))?.status).toBe("pending");
    expect(await run(23 * HOUR)).toMatchObject({ expired: 0, left: 3 });

    expect(await run(25 * HOUR + 2 * MINUTE)).toEqual({
      asked: 1,
      credited: 0,
      expired: 3,
      failed: 0,
      left: 0,
    });
    for (const ref of refs) expect(await row(ref)).toEqual({ status: "failed", failure_reason: "expired" });

    payments.ctx.paystack.behaviour.mode = "ok";
    payments.ctx.paystack.complete(refs[1]!);
    expect((await verify(u, refs[1]!)).json()).toMatchObject({ data: { credited: true, new_balance: 2000 } });
    expect(await payments.ctx.ledgerTransactionsFor(refs[1]!)).toBe(1);
  });

  it("a payment whose start never reached a provider is expired without asking anyone", async () => {
    const u = await user();
    const reference = `PW-${randomBytes(9).toString("hex")}`;
    await repo.insertPayment(payments.ctx.database.db, {
      reference,
      userId: u.id,
      provider: "paystack",
      currency: "NGN",
      amountMinor: 100_000,
      createdAt: new Date(),
    });
    const before = payments.ctx.paystack.requests.length;
    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 0, credited: 0, expired: 1, failed: 0, left: 0 });
    expect(payments.ctx.paystack.requests.length).toBe(before);
    expect(await row(reference)).toEqual({ status: "failed", failure_reason: "expired" });
  });

  it("Stripe: an intent still waiting for a card expires; its signed success afterwards credits once", async () => {
    const u = await user(4);
    const { data } = (await addFunds(u, 30)).json();
    const pi = data.payment_info.payment_intent_id as string;
    expect(await run(AFTER_EXPIRY)).toMatchObject({ asked: 1, expired: 1 });
    payments.ctx.stripe.succeed(pi);
    const url = payments.ctx.webhookUrl("stripe");
    expect(await payments.ctx.stripe.sendWebhook(pi, url, KEYS.stripeWebhook)).toBe(200);
    expect(await payments.ctx.stripe.sendWebhook(pi, url, KEYS.stripeWebhook)).toBe(200);
    expect(await balance(u)).toBe(30);
    expect(await payments.ctx.ledgerTransactionsFor(data.reference)).toBe(1);
  });

  it("Wave: an open session paid before the run is credited by it; an unpaid one expires", async () => {
    const u = await user(3);
    const paid = (await addFunds(u, 2000)).json().data.reference as string;
    const open = (await addFunds(u, 3000)).json().data.reference as string;
    const session = (ref: string) =>
      [...payments.ctx.wave.sessions.values()].find((s) => s.client_reference === ref)!.id;
    payments.ctx.wave.complete(session(paid));
    expect(await run(AFTER_EXPIRY)).toEqual({ asked: 2, credited: 1, expired: 1, failed: 0, left: 0 });
    expect(await row(open)).toEqual({ status: "failed", failure_reason: "expired" });
    expect(await balance(u)).toBe(2000);
    expect(await payments.ctx.ledgerTransactionsFor(paid)).toBe(1);
  });

  // PGlite runs one transaction at a time, so two runs at once only race on PostgreSQL.
  describe.skipIf(TEST_ENGINE !== "postgres")("two runs at once (PostgreSQL)", () => {
    it("two processes' runs, with the customers' verifies and the webhooks, credit each paid payment once", async () => {
      const other = await openDatabase({ url: payments.ctx.url!, poolSize: 5 });
      try {
        for (let round = 0; round < 3; round++) {
          const u = await user();
          const paid = [];
          const unpaid = [];
          for (let i = 0; i < 4; i++) paid.push(await start(u, 1000));
          for (let i = 0; i < 4; i++) unpaid.push(await start(u, 500));
          for (const ref of paid) payments.ctx.paystack.complete(ref);
          payments.ctx.paystack.behaviour.mode = "slow";
          payments.ctx.paystack.behaviour.delayMs = 20 + round * 30;
          const at = AFTER_EXPIRY + round * MINUTE;
          const results = await Promise.all([
            runIn(payments.ctx.database.db, payments.ctx.config, at, payments.ctx.app.jobs),
            runIn(other.db, payments.ctx.config, at, payments.ctx.app.jobs),
            ...paid.flatMap((ref) => [
              verify(u, ref, "paystack"),
              payments.ctx.paystack.sendWebhook(ref, payments.ctx.webhookUrl("paystack")),
            ]),
          ]);
          payments.ctx.paystack.behaviour.mode = "ok";
          const runs = results.slice(0, 2) as ExpiryRun[];
          expect(runs[0]!.credited + runs[1]!.credited).toBeLessThanOrEqual(4);
          expect(runs[0]!.expired + runs[1]!.expired).toBe(4);
          expect(await balance(u)).toBe(4000);
          for (const ref of paid) {
            expect(await payments.ctx.ledgerTransactionsFor(ref)).toBe(1);
            expect((await row(ref))?.status).toBe("succeeded");
          }
          for (const ref of unpaid)
            expect(await row(ref)).toEqual({ status: "failed", failure_reason: "expired" });
        }
      } finally {
        await other.close();
      }
    });
  });
});

describe("the demo provider (demo mode, no keys)", () => {
  it("an abandoned demo checkout expires unasked; the customer coming back late is still credited once", async () => {
    const ctx = await createTestContext();
    try {
      const u = await createUser(ctx.database.db);
      const amount = 2000;
      const { data } = (
        await ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/add-funds",
          headers: { ...bearer(u), "idempotency-key": randomUUID() },
          payload: { amount },
        })
      ).json();
      expect(data.provider).toBe("demo");
      const young = await runIn(ctx.database.db, ctx.config, 30 * MINUTE, ctx.app.jobs);
      expect(young).toEqual({ asked: 0, credited: 0, expired: 0, failed: 0, left: 0 });
      // The demo provider calls every payment paid: only the customer's return may ask it.
      const old = await runIn(ctx.database.db, ctx.config, 61 * MINUTE, ctx.app.jobs);
      expect(old).toEqual({ asked: 0, credited: 0, expired: 1, failed: 0, left: 0 });
      expect(await paymentRow(ctx.database.db, data.reference)).toEqual({
        status: "failed",
        failure_reason: "expired",
      });
      const verify = () =>
        ctx.app.inject({
          method: "POST",
          url: "/api/v1/wallet/verify-payment",
          headers: bearer(u),
          query: { payment_reference: data.reference, payment_provider: "demo" },
        });
      expect((await verify()).json()).toMatchObject({ data: { credited: true, new_balance: amount } });
      expect((await verify()).json()).toMatchObject({ data: { credited: false, new_balance: amount } });
      expect(await ledgerViolations(ctx.database.db)).toEqual([]);
      expect(await receiptViolations(ctx.database.db)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
