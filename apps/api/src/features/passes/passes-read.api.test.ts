import {
  dayOnClock,
  type AdminPlan,
  type PassDetail,
  type PassList,
  type PassPurchase,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createTestContext, type TestContext } from "../../test/harness";
import { verifyQr } from "../bookings/qr";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addMonths, midnightOf } from "./passes.domain";
import { PASS_GRACE_DAYS } from "./passes.domain";
import { renewDuePasses, renewPass } from "./passes-renewal.service";

const ZONE = "Africa/Lagos";
const SECRET = "passes-read-secret";
const DAY = 24 * 3_600_000;
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

/**
 * A pass as its driver reads it: the gate's QR (signed as bookings' are), the terms charged,
 * the next renewal's price (the renewal's own) and when a cancel would take effect.
 */
describe("monthly passes: the driver's reading", () => {
  let ctx: TestContext;
  let db: Db;
  let now = new Date();
  const clock = () => now;
  let manager: TestUser;
  let parks: number[];
  let nextPark = 0;

  const call = (user: TestUser, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: object) =>
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
      plates: ["READ123AA"],
      start_date: dayOnClock(new Date(), ZONE),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PassPurchase>();
  }
  const read = async (driver: TestUser, code: string) => {
    const res = await call(driver, "GET", `/passes/${code}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PassDetail>();
  };

  beforeAll(async () => {
    ctx = await createTestContext({ QR_SIGNING_SECRET: SECRET });
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

  it("carries a QR the gate's verifier reads: the pass code and its park, signed with the bookings' secret", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 100_000_000);
    const pass = await buy(driver, p.id);
    const got = await read(driver, pass.pass_code);
    expect(got.pass_code).toMatch(/^MP-[A-Z0-9]{8}$/);
    expect(verifyQr(got.qr!, SECRET)).toEqual({ v: 1, code: pass.pass_code, park: p.park.id });
    expect(verifyQr(got.qr!, "another-secret")).toBeNull();
    // The list carries the same QR, and no charges.
    const list = (await call(driver, "GET", "/passes")).json<PassList>();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]!.qr).toBe(got.qr);
    expect(list.items[0]).not.toHaveProperty("charges");
  });

  it("says when a cancel would take effect and what the next renewal costs, as the renewal then charges", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 100_000_000);
    const pass = await buy(driver, p.id);
    const got = await read(driver, pass.pass_code);
    expect(got.cancel_effective_at).toBe(got.paid_until);
    expect(got.grace).toBeNull();
    expect(got.charges).toHaveLength(1);
    expect(got.charges[0]).toMatchObject({ period: 1, amount: pass.charged.amount, currency: "NGN" });
    expect(got.charges[0]!.breakdown).toEqual(pass.charged.breakdown);
    // The next term runs from the end of the paid one for a month, at the plan's price now.
    await call(manager, "PATCH", `/admin/plans/${p.id}`, {
      prices: [{ vehicle_type_id: 1, monthly_price: 45_000 }],
    });
    const next = (await read(driver, pass.pass_code)).next_charge!;
    const firstEnd = new Date(got.paid_until);
    expect(next.period_start).toBe(got.paid_until);
    expect(next.period_end).toBe(midnightOf(addMonths(dayOnClock(firstEnd, ZONE), 1), ZONE).toISOString());
    expect(next.breakdown.parking).toBe(45_000);
    expect(next.amount).toBe(next.breakdown.total);
    expect(next.amount).toBeGreaterThan(45_000);

    now = new Date(firstEnd.getTime() + 60_000);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    expect(await renewDuePasses({ db, clock, jobs: ctx.app.jobs })).toBeGreaterThanOrEqual(1);
    expect((before - (await walletBalanceMinor(db, driver.id, "NGN"))) / 100).toBe(next.amount);

    const renewed = await read(driver, pass.pass_code);
    expect(renewed.charges.map((c) => c.period)).toEqual([2, 1]);
    expect(renewed.charges[0]).toMatchObject({
      amount: next.amount,
      period_start: next.period_start,
      period_end: next.period_end,
      charged_at: now.toISOString(),
      breakdown: next.breakdown,
    });
    expect(renewed.paid_until).toBe(next.period_end);

    // Cancelled: nothing more to charge, and it ends at the end of the paid term.
    const cancelled = await call(driver, "POST", `/passes/${pass.pass_code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<PassDetail>()).toMatchObject({
      cancel_at_period_end: true,
      cancel_effective_at: null,
      next_charge: null,
      renews_at: null,
      paid_until: next.period_end,
    });
    expect(cancelled.json<PassDetail>().charges).toHaveLength(2);
  });

  it("in grace: says when it lapses and what the wallet lacks; a cancel takes effect at once", async () => {
    const p = await plan();
    const driver = await fundedUser(db, 0);
    await fund(db, driver.id, 5_000_000);
    const pass = await buy(driver, p.id);
    const end = new Date(pass.paid_until);
    now = new Date(end.getTime() + 60_000);
    expect(await renewPass({ db, clock, jobs: ctx.app.jobs }, pass.id)).toBe("grace");
    const got = await read(driver, pass.pass_code);
    const balance = (await walletBalanceMinor(db, driver.id, "NGN")) / 100;
    expect(got.status).toBe("grace");
    expect(got.grace).toEqual({
      lapses_at: new Date(end.getTime() + PASS_GRACE_DAYS * DAY).toISOString(),
      missing: Math.round((got.next_charge!.amount - balance) * 100) / 100,
    });
    expect(got.grace!.missing).toBeGreaterThan(0);
    expect(new Date(got.cancel_effective_at!).getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(got.qr).not.toBeNull();
  });

  it("another driver's pass is a 404, and so is an unknown code", async () => {
    const p = await plan();
    const owner = await fundedUser(db, 100_000_000);
    const other = await fundedUser(db, 100_000_000);
    const pass = await buy(owner, p.id);
    for (const [method, url, body] of [
      ["GET", `/passes/${pass.pass_code}`],
      ["PUT", `/passes/${pass.pass_code}/vehicles`, { plates: ["OTHER1AA"] }],
      ["POST", `/passes/${pass.pass_code}/cancel`],
      ["GET", "/passes/MP-NOSUCH00"],
    ] as const) {
      const res = await call(other, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: "pass_not_found" });
    }
    const list = (await call(other, "GET", "/passes")).json<PassList>();
    expect(list.items).toHaveLength(0);
    expect((await read(owner, pass.pass_code)).plates).toEqual(["READ123AA"]);
  });
});
