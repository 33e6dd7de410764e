import { addDays, dayOnClock, type AdminPlan, type Pass, type PassPurchase } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { openDatabase } from "../../db/client";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { PASS_GRACE_DAYS } from "./passes.domain";
import { renewDuePasses, renewPass } from "./passes-renewal.service";
import { addMonths, midnightOf } from "./passes.domain";

const ZONE = "Africa/Lagos";
const DAY = 24 * 3_600_000;
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

/**
 * A pass's life on a driven clock: its term ends, the renewal job charges the next one at the
 * plan's price then; a short wallet puts it in grace (still valid, still holding its space), a top-up
 * renews it at the next run, and the end of the grace lapses it. Passes are bought now (the test
 * clock); the job runs on its own clock, which the tests move past the terms' ends.
 */
describe("monthly passes: renewal, grace and lapse", () => {
  let ctx: TestContext;
  let db: Db;
  let now = new Date();
  const clock = () => now;
  let manager: TestUser;
  let parks: number[];
  let nextPark = 0;

  const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });
  async function plan(): Promise<AdminPlan> {
    const res = await call(manager, "POST", "/admin/plans", {
      park_id: parks[nextPark++],
      name: { en: "Commuter", fr: "Navetteur" },
      windows: weekdays,
      prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
      allocation: 5,
      status: "on_sale",
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminPlan>();
  }
  async function buy(driver: TestUser, planId: number): Promise<PassPurchase> {
    const res = await call(driver, "POST", "/passes", {
      plan_id: planId,
      vehicle_type_id: 1,
      plates: ["REN123AA"],
      // Tomorrow on the park's clock: a request that crosses midnight there still starts today or later.
      start_date: addDays(dayOnClock(new Date(), ZONE), 1),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PassPurchase>();
  }
  const charges = (passId: string) =>
    queryRows<{ period: number; total_minor: string; period_end: string }>(
      db,
      sql`SELECT period, total_minor, period_end::text FROM pass_charges WHERE pass_id = ${passId} ORDER BY period`,
    );
  const passOf = async (driver: TestUser, code: string) =>
    (await call(driver, "GET", `/passes/${code}`)).json<Pass>();

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const own = await parksOf(db, harbourview, "Lagos");
    parks = (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parks p WHERE p.id = ANY(${sql.param(own)}::int[]) AND p.status = 'active'
          AND p.time_zone = ${ZONE} ORDER BY p.id`,
      )
    ).map((r) => r.id);
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("renews at the term's end at the plan's price then, once however often the job runs", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 100_000_000);
    const pass = await buy(driver, p.id);
    const firstEnd = midnightOf(addMonths(dayOnClock(new Date(pass.starts_at), ZONE), 1), ZONE);
    expect(pass.paid_until).toBe(firstEnd.toISOString());
    // The plan's price goes up; the pass keeps its term, then renews at the new price.
    await call(manager, "PATCH", `/admin/plans/${p.id}`, {
      prices: [{ vehicle_type_id: 1, monthly_price: 45_000 }],
    });
    now = new Date(firstEnd.getTime() - 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBeUndefined();
    now = new Date(firstEnd.getTime() + 60_000);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("renewed");
    await renewDuePasses({ db, clock, jobs: ctx.app.jobs });
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBeUndefined();
    const rows = await charges(pass.id);
    expect(rows.map((r) => r.period)).toEqual([1, 2]);
    expect(new Date(rows[1]!.period_end).toISOString()).toBe(
      midnightOf(addMonths(dayOnClock(firstEnd, ZONE), 1), ZONE).toISOString(),
    );
    const paid = before - (await walletBalanceMinor(db, driver.id, "NGN"));
    expect(paid).toBe(Number(rows[1]!.total_minor));
    expect(paid).toBeGreaterThan(4_500_000);
    const after = await passOf(driver, pass.pass_code);
    expect(after).toMatchObject({ status: "active", monthly_price: 45_000, renews_at: after.paid_until });
    const [moves] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE ${`pass:${pass.id}:%`}`,
    );
    expect(moves!.n).toBe(2);
    // Each term has its own receipt: the renewal's, for the new term at the new price, issued when charged.
    const receipts = await queryRows<{
      ledger_key: string;
      kind: string;
      issued_at: Date;
      total_minor: string;
      lines: {
        kind: string;
        amountMinor: number;
        subject?: string;
        from?: string;
        to?: string;
        detail?: string;
      }[];
    }>(
      db,
      sql`SELECT ledger_key, kind, issued_at, total_minor::text, lines FROM receipts
          WHERE reference = ${pass.pass_code} ORDER BY id`,
    );
    expect(receipts.map((r) => [r.ledger_key, r.kind])).toEqual([
      [`pass:${pass.id}:1`, "pass"],
      [`pass:${pass.id}:2`, "pass"],
    ]);
    const renewal = receipts[1]!;
    expect(Number(renewal.total_minor)).toBe(paid);
    expect(new Date(renewal.issued_at).toISOString()).toBe(
      new Date(firstEnd.getTime() + 60_000).toISOString(),
    );
    expect(renewal.lines[0]).toEqual({
      kind: "pass",
      amountMinor: 4_500_000,
      subject: "Commuter",
      from: firstEnd.toISOString(),
      to: new Date(rows[1]!.period_end).toISOString(),
      quantity: 1,
      detail: "REN123AA · Car",
    });
    expect(renewal.lines.map((l) => l.kind)).toEqual(["pass", "service_fee", "booking_fee"]);
  });

  it("a short wallet puts the pass in grace, still holding its space; a top-up renews it at the next run", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    const pass = await buy(driver, p.id);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("grace");
    expect(await passOf(driver, pass.pass_code)).toMatchObject({ status: "grace" });
    const [held] = await queryRows<{ held: string }>(
      db,
      sql`SELECT held_until::text AS held FROM passes WHERE id = ${pass.id}`,
    );
    expect(held!.held).toBe("infinity");
    // Runs during the grace change nothing while the wallet is short.
    now = new Date(end.getTime() + DAY);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("grace");
    await fund(db, driver.id, 10_000_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("renewed");
    const renewed = await passOf(driver, pass.pass_code);
    // The next term runs on from the end of the last one, not from the day it was paid.
    expect(renewed).toMatchObject({ status: "active" });
    expect(renewed.paid_until).toBe(midnightOf(addMonths(dayOnClock(end, ZONE), 1), ZONE).toISOString());
  });

  it("lapses when the grace is over, and then holds no space", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    const pass = await buy(driver, p.id);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("grace");
    now = new Date(end.getTime() + PASS_GRACE_DAYS * DAY + 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("lapsed");
    const lapsed = await passOf(driver, pass.pass_code);
    expect(lapsed).toMatchObject({ status: "ended", ended_reason: "lapsed", renews_at: null });
    const [peak] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM space_holds(${p.park.id}, 1, ${now.toISOString()}::timestamptz,
        ${new Date(now.getTime() + 14 * DAY).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) WHERE kind = 'pass'`,
    );
    expect(peak!.n).toBe(0);
    expect(await charges(pass.id)).toHaveLength(1);
  });

  it("a pass cancelled before its term's end ends then, with no charge", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 100_000_000);
    const pass = await buy(driver, p.id);
    expect((await call(driver, "POST", `/passes/${pass.pass_code}/cancel`)).statusCode).toBe(200);
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    now = new Date(new Date(pass.paid_until).getTime() + 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("ended");
    expect(await passOf(driver, pass.pass_code)).toMatchObject({
      status: "ended",
      ended_reason: "cancelled",
    });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
  });

  it("a pass that cannot be renewed does not stop the run: the others renew, and the run says which failed", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const stuck = await buy(driver, (await plan()).id);
    const fine = await buy(driver, (await plan()).id);
    // A fault of one pass's row (any error its renewal could meet), by a trigger for this test only.
    await db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_pass() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD.id = '${stuck.id}' THEN RAISE EXCEPTION 'test: this pass cannot change'; END IF;
          RETURN NEW;
        END $$`),
    );
    await db.execute(
      sql`CREATE TRIGGER test_refuse_pass BEFORE UPDATE ON passes FOR EACH ROW EXECUTE FUNCTION test_refuse_pass()`,
    );
    now = new Date(Math.max(Date.parse(stuck.paid_until), Date.parse(fine.paid_until)) + 60_000);
    try {
      const run = renewDuePasses({ db, clock, jobs: ctx.app.jobs });
      await expect(run).rejects.toThrow(/1 of the due passes could not be renewed/);
      const failure = (await run.catch((err: unknown) => err)) as AggregateError;
      expect(failure.errors.map((e: Error) => e.message)).toEqual([`pass ${stuck.id} could not be renewed`]);
      expect((await charges(fine.id)).map((r) => r.period)).toEqual([1, 2]);
      expect((await charges(stuck.id)).map((r) => r.period)).toEqual([1]);
    } finally {
      await db.execute(sql`DROP TRIGGER test_refuse_pass ON passes`);
      await db.execute(sql`DROP FUNCTION test_refuse_pass()`);
    }
    // Mended, the next run renews it.
    await renewDuePasses({ db, clock, jobs: ctx.app.jobs });
    expect((await charges(stuck.id)).map((r) => r.period)).toEqual([1, 2]);
  });

  /** Takes `statement`'s lock in a transaction of its own, held until the returned release. */
  async function hold(statement: ReturnType<typeof sql>): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const done = db.transaction(async (tx) => {
      await tx.execute(statement);
      locked();
      await released;
    });
    await isLocked;
    return async () => {
      release();
      await done;
    };
  }
  /** Waits until `n` lock requests of this database's sessions wait. */
  async function waiting(n: number) {
    for (let i = 0; i < 400; i += 1) {
      const [w] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE a.datname = current_database() AND NOT l.granted`,
      );
      if (w!.n >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`fewer than ${n} lock requests waiting`);
  }

  it.skipIf(TEST_ENGINE !== "postgres")(
    "two processes running the job at once charge each due pass once (PostgreSQL: PGlite serialises)",
    async () => {
      const p = await plan();
      const passes: PassPurchase[] = [];
      for (let i = 0; i < 5; i += 1) passes.push(await buy(await fundedUser(db, 100_000_000), p.id));
      const balances = await Promise.all(
        passes.map(async (pass) => {
          const [row] = await queryRows<{ user_id: string }>(
            db,
            sql`SELECT user_id FROM passes WHERE id = ${pass.id}`,
          );
          return { userId: row!.user_id, before: await walletBalanceMinor(db, row!.user_id, "NGN") };
        }),
      );
      // A second process: its own pool on the same database.
      const other = await openDatabase({ url: ctx.url!, poolSize: 5 });
      try {
        now = new Date(new Date(passes[0]!.paid_until).getTime() + 60_000);
        // Both runs are made to be inside a renewal at the same moment: each charges a pass and then
        // waits to write its charge row (the table is held) with that pass's row locked, so each
        // must have skipped the pass the other holds. Then both go on.
        const release = await hold(sql`LOCK TABLE pass_charges IN EXCLUSIVE MODE`);
        const runs = Promise.all([
          renewDuePasses({ db, clock, jobs: ctx.app.jobs }),
          renewDuePasses({ db: other.db, clock, jobs: ctx.app.jobs }),
        ]);
        try {
          await waiting(2);
        } finally {
          await release();
        }
        const [here, there] = await runs;
        expect(here, "the first process renewed some").toBeGreaterThan(0);
        expect(there, "the second process renewed some").toBeGreaterThan(0);
        expect(here + there).toBe(passes.length);
        // Run again from both at once: nothing is due.
        expect(
          await Promise.all([
            renewDuePasses({ db, clock, jobs: ctx.app.jobs }),
            renewDuePasses({ db: other.db, clock, jobs: ctx.app.jobs }),
          ]),
        ).toEqual([0, 0]);
        for (const [i, pass] of passes.entries()) {
          const rows = await charges(pass.id);
          expect(rows.map((r) => r.period)).toEqual([1, 2]);
          // One ledger move per period, and the wallet paid the second term once.
          const [moves] = await queryRows<{ keys: string[] }>(
            db,
            sql`SELECT array_agg(idempotency_key ORDER BY idempotency_key) AS keys FROM ledger_transactions
              WHERE idempotency_key LIKE ${`pass:${pass.id}:%`}`,
          );
          expect(moves!.keys).toEqual([`pass:${pass.id}:1`, `pass:${pass.id}:2`]);
          const { userId, before } = balances[i]!;
          expect(before - (await walletBalanceMinor(db, userId, "NGN"))).toBe(Number(rows[1]!.total_minor));
        }
      } finally {
        await other.close();
      }
    },
  );
});
