// Automatic reloads (decision 069): a wallet under its threshold is reloaded once per dip, within
// its cap, by the scheduled job; two runs at once charge once (on PostgreSQL).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { chargeWallet } from "../wallet/ledger.service";
import { runAutoReloads } from "./auto-reload.service";
import { driverWithDemoCard, saveReload, savedCards, topUpDeps } from "./saved-cards.test-kit";

describe("automatic reloads (demo provider)", () => {
  let ctx: TestContext;
  let db: Db;
  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  const balance = async (u: TestUser) =>
    (await ctx.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data.balance as number;
  const reloads = async (u: TestUser) =>
    queryRows<{ amount_minor: number; status: string; client_key: string }>(
      db,
      sql`SELECT amount_minor::int AS amount_minor, status, client_key FROM payments
          WHERE user_id = ${u.id} AND starts_with(client_key, 'auto-reload:') ORDER BY created_at`,
    );
  /** Money out of the wallet, as a purchase takes it (a correction: no receipt to check). */
  const spend = (u: TestUser, major: number) =>
    db.transaction((tx) =>
      chargeWallet(tx, {
        userId: u.id,
        currency: "NGN",
        amountMinor: major * 100,
        idempotencyKey: `test-spend:${randomUUID()}`,
        kind: "adjustment",
      }),
    );
  /** The scheduled job, through the queue as the workers run it. */
  const tick = async () => {
    await ctx.app.jobs.send(db, "auto-reloads", {});
    await ctx.app.jobs.runDue(["auto-reloads"]);
  };

  it("checks what is saved: the driver's own card, an amount a top-up may be, within the wallet's cap", async () => {
    const { u, cardId } = await driverWithDemoCard(ctx);
    const { u: other } = await driverWithDemoCard(ctx);
    const refused = [
      [{ card_id: cardId, threshold: 1000, amount: 100 }, 422, "Amount must be at least"],
      [{ card_id: cardId, threshold: 4_999_000, amount: 2000 }, 422, "maximum balance of"],
      [{ card_id: cardId, threshold: 0.001, amount: 2000 }, 422, "decimal places"],
      [{ card_id: cardId, threshold: 1000 }, 422, "amount"],
      [
        { card_id: "not-a-card", threshold: 1000, amount: 2000 },
        422,
        "card_id must be one of your saved cards",
      ],
    ] as const;
    for (const [body, status, says] of refused) {
      const res = await saveReload(ctx.app, u, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.json())).toContain(says);
    }
    const stolen = await saveReload(ctx.app, other, { card_id: cardId, threshold: 1000, amount: 2000 });
    expect(stolen.statusCode).toBe(404);
    expect((await savedCards(ctx.app, u)).auto_reload).toBeNull();
    expect((await savedCards(ctx.app, other)).auto_reload).toBeNull();
    const french = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/wallet/auto-reload",
      headers: { ...bearer(u), "accept-language": "fr" },
      payload: { card_id: cardId, threshold: 4_999_000, amount: 2000 },
    });
    expect(JSON.stringify(french.json())).toContain("solde maximal de votre portefeuille");
  });

  it("reloads a wallet under its threshold once for that dip, tells nothing twice, and stops when turned off", async () => {
    const { u, cardId } = await driverWithDemoCard(ctx, 1500);
    const saved = await saveReload(ctx.app, u, { card_id: cardId, threshold: 3000, amount: 2000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.auto_reload).toMatchObject({
      card_id: cardId,
      threshold: 3000,
      amount: 2000,
      currency: "NGN",
      paused_at: null,
      last_reload_at: null,
    });
    await tick();
    expect(await balance(u)).toBe(3500);
    expect(await reloads(u)).toEqual([
      expect.objectContaining({ amount_minor: 200000, status: "succeeded" }),
    ]);
    expect((await savedCards(ctx.app, u)).auto_reload.last_reload_at).toMatch(/^\d{4}-/);
    // Over the threshold now: the next runs reload nothing.
    await tick();
    await tick();
    expect(await balance(u)).toBe(3500);
    expect(await reloads(u)).toHaveLength(1);
    // Under a higher threshold, with no spend since: the reload already answered that spend.
    await db.execute(sql`UPDATE auto_reloads SET threshold_minor = 500000 WHERE user_id = ${u.id}`);
    expect(await runAutoReloads(topUpDeps(ctx.app, db, ctx.config), ctx.config)).toEqual(["already"]);
    expect(await balance(u)).toBe(3500);
    // A spend that leaves it under: one reload more, then none until the next spend.
    await spend(u, 500);
    await tick();
    await tick();
    expect(await balance(u)).toBe(5000);
    expect(await reloads(u)).toHaveLength(2);
    // Turned off: nothing more, whatever the balance.
    const off = await ctx.app.inject({
      method: "DELETE",
      url: "/api/v1/wallet/auto-reload",
      headers: bearer(u),
    });
    expect(off.statusCode).toBe(204);
    await spend(u, 500);
    await tick();
    expect(await balance(u)).toBe(4500);
    expect(await reloads(u)).toHaveLength(2);
  });

  it("never takes the wallet over its cap: a reload is cut to the room left by top-ups still being paid", async () => {
    const { u, cardId } = await driverWithDemoCard(ctx, 1500);
    // Top-ups of 4,990,000 in all still being paid (their pages left open) hold that room under the cap.
    for (const amount of [1_000_000, 1_000_000, 1_000_000, 1_000_000, 990_000]) {
      const open = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/wallet/add-funds",
        headers: { ...bearer(u), "idempotency-key": randomUUID() },
        payload: { amount },
      });
      expect(open.statusCode).toBe(200);
    }
    expect(
      (await saveReload(ctx.app, u, { card_id: cardId, threshold: 3000, amount: 20_000 })).statusCode,
    ).toBe(200);
    await tick();
    // 5,000,000 - 1,500 - 4,990,000 = 8,500 fits, not 20,000.
    expect(await balance(u)).toBe(10_000);
    expect((await reloads(u)).map((r) => Number(r.amount_minor))).toEqual([850000]);
  });
});

// PGlite runs one statement at a time, so races there always pass and prove nothing.
const onPostgres = TEST_ENGINE === "postgres";

describe.skipIf(!onPostgres)("automatic reloads under races (PostgreSQL)", () => {
  let a: TestContext;
  let b: Awaited<ReturnType<typeof anotherApp>>;
  beforeAll(async () => {
    if (!onPostgres) return;
    a = await createTestContext();
    // A second app on the same database: another process running the same job.
    b = await anotherApp(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("three runs at once, in two processes, reload each wallet once", async () => {
    const drivers = [];
    for (let i = 0; i < 4; i++) drivers.push(await driverWithDemoCard(a, 1500));
    for (const { u, cardId } of drivers) {
      expect(
        (await saveReload(a.app, u, { card_id: cardId, threshold: 3000, amount: 2000 })).statusCode,
      ).toBe(200);
    }
    const depsA = topUpDeps(a.app, a.database.db, a.config);
    const depsB = topUpDeps(b.app, b.database.db, a.config);
    const runs = await Promise.all([
      runAutoReloads(depsA, a.config),
      runAutoReloads(depsB, a.config),
      runAutoReloads(depsA, a.config),
    ]);
    expect(runs.flat().filter((r) => r === "reloaded")).toHaveLength(drivers.length);
    for (const { u } of drivers) {
      const rows = await queryRows<{ n: number }>(
        a.database.db,
        sql`SELECT count(*)::int AS n FROM payments WHERE user_id = ${u.id} AND starts_with(client_key, 'auto-reload:')`,
      );
      expect(rows[0]!.n).toBe(1);
      const wallet = (await a.app.inject({ url: "/api/v1/wallet", headers: bearer(u) })).json().data;
      expect(wallet.balance).toBe(3500);
    }
    expect(await ledgerViolations(a.database.db)).toEqual([]);
    expect(await receiptViolations(a.database.db)).toEqual([]);
  });
});
