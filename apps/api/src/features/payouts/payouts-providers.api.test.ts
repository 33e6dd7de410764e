import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ledgerViolations } from "../../test/ledger-invariants";
import { createPaymentsContext, KEYS, type PaymentsContext } from "../../test/payments-context";
import { withTestContext } from "../../test/harness";
import { createPayments } from "../payments/registry";
import { servedCountries } from "../reference/served-countries";
import { runPayouts, type PayoutDeps } from "./payouts.service";
import {
  balanceOf,
  closePeriod,
  confirmedAccount,
  credit,
  operatorWithManager,
  payoutsOf,
} from "./payouts.test-kit";
import type { Db } from "../../db/client";
import type { Config } from "../../config";

let ctx: PaymentsContext;
let deps: PayoutDeps;
const depsOf = (db: Db, config: Config): PayoutDeps => {
  const countries = servedCountries(db);
  return {
    db,
    clock: () => new Date(),
    countries,
    payments: createPayments(config, (c) => countries.decimalsOf(c)),
  };
};
beforeAll(async () => {
  ctx = await createPaymentsContext();
  deps = depsOf(ctx.database.db, ctx.config);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(ctx.database.db)).toEqual([]);
});

const MONTH = { start: new Date("2026-10-01T00:00:00Z"), end: new Date("2026-11-01T00:00:00Z") };

async function owed(db: Db, countryId: number, currency: string, amountMinor: number) {
  const { operatorId } = await operatorWithManager(db, countryId);
  await credit(db, operatorId, currency, amountMinor);
  await closePeriod(db, operatorId, currency, MONTH.start, MONTH.end);
  return operatorId;
}

describe("a Stripe payout (Canada)", () => {
  it("is a transfer to the connected account with our Idempotency-Key: paid at once, reversed by its webhook", async () => {
    const operatorId = await owed(ctx.database.db, 2, "CAD", 12_345);
    ctx.stripe.addAccount(`acct_1Op${operatorId}Stripe`, "Harbour Ltd");
    await confirmedAccount(ctx.database.db, {
      operatorId,
      currency: "CAD",
      provider: "stripe",
      destination: `acct_1Op${operatorId}Stripe`,
      recipient: `acct_1Op${operatorId}Stripe`,
      at: new Date(),
    });
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    expect(payout!.status).toBe("paid");
    const sent = ctx.stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/transfers");
    expect(sent.at(-1)!.headers["idempotency-key"]).toBe(payout!.idempotency_key);
    const transfer = [...ctx.stripe.transfers.values()].find(
      (t) => t.metadata.payout_key === payout!.idempotency_key,
    )!;
    expect(transfer).toMatchObject({
      amount: 12_345,
      currency: "cad",
      destination: `acct_1Op${operatorId}Stripe`,
    });

    expect(
      await ctx.stripe.sendTransferWebhook(
        transfer.id,
        "transfer.created",
        ctx.webhookUrl("stripe"),
        KEYS.stripeWebhook,
      ),
    ).toBe(200);
    ctx.stripe.reverse(transfer.id);
    for (let i = 0; i < 2; i++) {
      expect(
        await ctx.stripe.sendTransferWebhook(
          transfer.id,
          "transfer.reversed",
          ctx.webhookUrl("stripe"),
          KEYS.stripeWebhook,
        ),
      ).toBe(200);
    }
    expect((await payoutsOf(ctx.database.db, operatorId))[0]).toMatchObject({
      status: "reversed",
      reason: "Stripe reversed the transfer",
    });
    expect(await balanceOf(ctx.database.db, operatorId, "CAD")).toBe(12_345);
  });

  it("refused by Stripe (the platform's balance is short): failed, the amount given back with Stripe's words", async () => {
    const operatorId = await owed(ctx.database.db, 4, "USD", 5_000);
    ctx.stripe.addAccount(`acct_1Op${operatorId}Short`, "Short Ltd");
    await confirmedAccount(ctx.database.db, {
      operatorId,
      currency: "USD",
      provider: "stripe",
      destination: `acct_1Op${operatorId}Short`,
      recipient: `acct_1Op${operatorId}Short`,
      at: new Date(),
    });
    ctx.stripe.state.balanceShort = true;
    try {
      await runPayouts(deps);
    } finally {
      ctx.stripe.state.balanceShort = false;
    }
    expect((await payoutsOf(ctx.database.db, operatorId))[0]).toMatchObject({
      status: "failed",
      reason: "You have insufficient funds in your Stripe account",
    });
    expect(await balanceOf(ctx.database.db, operatorId, "USD")).toBe(5_000);
  });
});

describe("a Wave payout (Senegal)", () => {
  it("is sent with its idempotency-key, then asked about by the job (Wave sends no payout webhook)", async () => {
    const operatorId = await owed(ctx.database.db, 3, "XOF", 75_000);
    await confirmedAccount(ctx.database.db, {
      operatorId,
      currency: "XOF",
      provider: "wave",
      destination: "+221771234567",
      recipient: null,
      holder: "Awa Diop",
      at: new Date(),
    });
    ctx.wave.behaviour.mode = "down";
    try {
      await runPayouts(deps);
    } finally {
      ctx.wave.behaviour.mode = "ok";
    }
    expect((await payoutsOf(ctx.database.db, operatorId))[0]).toMatchObject({
      status: "sending",
      reason: "The provider could not be reached: the payout will be sent again",
    });
    await runPayouts(deps);
    const [payout] = await payoutsOf(ctx.database.db, operatorId);
    expect(payout).toMatchObject({ status: "sent", attempts: 2 });
    const posts = ctx.wave.requests.filter((r) => r.method === "POST" && r.path === "/v1/payout");
    expect(posts.every((r) => r.headers["idempotency-key"] === payout!.idempotency_key)).toBe(true);
    const wavePayout = [...ctx.wave.payouts.values()].find(
      (p) => p.client_reference === payout!.idempotency_key,
    )!;
    expect(wavePayout).toMatchObject({
      receive_amount: "75000",
      currency: "XOF",
      mobile: "+221771234567",
      name: "Awa Diop",
    });
    expect(ctx.wave.payouts.size).toBeGreaterThan(0);

    await runPayouts(deps);
    expect((await payoutsOf(ctx.database.db, operatorId))[0]!.status).toBe("sent");
    ctx.wave.settlePayout(wavePayout.id, "failed", "Recipient's wallet limit reached");
    await runPayouts(deps);
    expect((await payoutsOf(ctx.database.db, operatorId))[0]).toMatchObject({
      status: "failed",
      reason: "Recipient's wallet limit reached",
    });
    expect(await balanceOf(ctx.database.db, operatorId, "XOF")).toBe(75_000);
  });
});

describe("without a provider's keys", () => {
  it("in demo mode the demo provider pays at once", async () => {
    await withTestContext({}, async (demo) => {
      const d = depsOf(demo.database.db, demo.config);
      const operatorId = await owed(demo.database.db, 1, "NGN", 1_000_000);
      await confirmedAccount(demo.database.db, {
        operatorId,
        currency: "NGN",
        provider: "demo",
        destination: "0123456789",
        recipient: "DEMO_RCP_0123456789",
        at: new Date(),
      });
      await runPayouts(d);
      expect((await payoutsOf(demo.database.db, operatorId))[0]).toMatchObject({
        status: "paid",
        provider: "demo",
      });
      expect(await balanceOf(demo.database.db, operatorId, "NGN")).toBe(0);
      expect(await ledgerViolations(demo.database.db)).toEqual([]);
    });
  }, 120_000);

  it("out of demo mode the payout waits, saying why", async () => {
    await withTestContext({ DEMO_MODE: "false" }, async (live) => {
      const d = depsOf(live.database.db, live.config);
      const operatorId = await owed(live.database.db, 1, "NGN", 1_000_000);
      await runPayouts(d);
      expect((await payoutsOf(live.database.db, operatorId))[0]).toMatchObject({
        status: "waiting",
        provider: "paystack",
        reason: "Payouts through paystack are not set up on this server yet: the payout waits until they are",
      });
      expect(await ledgerViolations(live.database.db)).toEqual([]);
    });
  }, 120_000);
});
