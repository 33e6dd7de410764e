import {
  dayOnClock,
  type AdminDashboard,
  type AdminPlan,
  type PassPurchase,
  type SalesRow,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { fundedUser } from "../../bookings/bookings.test-kit";

const ZONE = "Africa/Lagos";
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

/**
 * Monthly passes in the back office's figures: each term charged is a sale of the "monthly"
 * channel (in the JSON page, its filter and the CSV export), on the park's day; the dashboard
 * counts the passes valid now and what the renewing ones bring a month, per currency, in scope.
 */
describe("monthly passes in the sales report and the dashboard", () => {
  let ctx: TestContext;
  let db: Db;
  let hvManager: TestUser;
  let cpManager: TestUser;
  let parkA: number;
  let parkB: number;
  let pass: PassPurchase;
  let second: PassPurchase;
  let driver: TestUser;

  const get = (user: TestUser, url: string) =>
    ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });
  const post = (user: TestUser, url: string, payload?: object) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: bearer(user),
      ...(payload ? { payload } : {}),
    });

  async function buyAt(
    parkId: number,
    monthly: number,
    term: 1 | 3,
    discount3mBps = 0,
  ): Promise<PassPurchase> {
    const plan = await post(hvManager, "/admin/plans", {
      park_id: parkId,
      name: { en: "Commuter", fr: "Navetteur" },
      windows: weekdays,
      prices: [{ vehicle_type_id: 1, monthly_price: monthly }],
      allocation: 5,
      min_term_months: 1,
      discount_3m_percent: discount3mBps / 100,
      status: "on_sale",
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const res = await post(driver, "/passes", {
      plan_id: plan.json<AdminPlan>().id,
      vehicle_type_id: 1,
      plates: ["REP123AA"],
      start_date: dayOnClock(new Date(), ZONE),
      term_months: term,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PassPurchase>();
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const own = await parksOf(db, harbourview, "Lagos");
    const active = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM parks WHERE id = ANY(${sql.param(own)}::int[]) AND status = 'active' AND time_zone = ${ZONE}
        ORDER BY id DESC LIMIT 2`,
    );
    [parkA, parkB] = active.map((r) => r.id) as [number, number];
    hvManager = await createStaff(db, "branch_manager", { operatorId: harbourview });
    cpManager = await createStaff(db, "branch_manager", {
      operatorId: await operatorId(db, "Citypark Nigeria"),
    });
    driver = await fundedUser(db, 1_000_000_000);
    pass = await buyAt(parkA, 40_000, 1);
    second = await buyAt(parkB, 30_000, 3, 1000);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists each term charged as a monthly sale with its price parts, filtered by status paid", async () => {
    const today = dayOnClock(new Date(), ZONE);
    const res = await get(hvManager, `/admin/reports/sales?park_id=${parkA}&from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<{ items: SalesRow[] }>().items.filter((r) => r.channel === "monthly");
    expect(rows).toHaveLength(1);
    const b = pass.charged.breakdown;
    expect(rows[0]).toMatchObject({
      channel: "monthly",
      code: pass.pass_code,
      park_id: parkA,
      status: "paid",
      currency: "NGN",
      parking: b.parking,
      fees: b.service_fee + b.booking_fee,
      vat: b.tax,
      total: pass.charged.amount,
      refunds: 0,
      net: pass.charged.amount,
    });
    const paid = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=${today}&to=${today}&status=paid`,
    );
    expect(paid.json<{ items: SalesRow[] }>().items.map((r) => r.code)).toEqual([pass.pass_code]);
    const closed = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=${today}&to=${today}&status=closed`,
    );
    expect(closed.json<{ items: SalesRow[] }>().items.some((r) => r.channel === "monthly")).toBe(false);
    // Another operator's manager never sees it.
    const other = await get(cpManager, `/admin/reports/sales?from=${today}&to=${today}&status=paid`);
    expect(other.json<{ items: SalesRow[] }>().items).toEqual([]);
  });

  it("counts a charge on the park's day, not UTC's, and exports it in the CSV", async () => {
    // 23:30 UTC is 00:30 the next day in Lagos.
    await db.execute(
      sql`UPDATE pass_charges SET charged_at = '2026-03-09T23:30:00Z' WHERE pass_id = ${pass.id} AND period = 1`,
    );
    const on = async (day: string) =>
      (await get(hvManager, `/admin/reports/sales?park_id=${parkA}&from=${day}&to=${day}&status=paid`))
        .json<{ items: SalesRow[] }>()
        .items.map((r) => r.code);
    expect(await on("2026-03-09")).toEqual([]);
    expect(await on("2026-03-10")).toEqual([pass.pass_code]);
    const csv = await get(
      hvManager,
      `/admin/reports/sales?park_id=${parkA}&from=2026-03-10&to=2026-03-10&format=csv`,
    );
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.slice(1).trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`monthly,${pass.pass_code},${parkA},`)).toBe(true);
    expect(lines[1]).toContain(",paid,2026-03-09T23:30:00.000Z,NGN,");
  });

  it("shows the passes valid now and the monthly recurring revenue, per currency and in scope", async () => {
    const dash = async (user: TestUser, query = "") => {
      const res = await get(user, `/admin/dashboard${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AdminDashboard>();
    };
    expect(await dash(hvManager, `?park_id=${parkA}`)).toMatchObject({
      passes_active: 1,
      monthly_recurring: [{ currency: "NGN", amount: 40_000 }],
    });
    // A 3-month term at 10% off brings 27,000 a month.
    expect(await dash(hvManager, `?park_id=${parkB}`)).toMatchObject({
      passes_active: 1,
      monthly_recurring: [{ currency: "NGN", amount: 27_000 }],
    });
    const all = await dash(hvManager);
    expect(all.passes_active).toBeGreaterThanOrEqual(2);
    expect(all.monthly_recurring.find((r) => r.currency === "NGN")!.amount).toBeGreaterThanOrEqual(67_000);
    // Cancelled at its term's end: still valid, no longer renewing.
    expect((await post(driver, `/passes/${second.pass_code}/cancel`)).statusCode).toBe(200);
    expect(await dash(hvManager, `?park_id=${parkB}`)).toMatchObject({
      passes_active: 1,
      monthly_recurring: [],
    });
    // Another operator's manager counts none of them.
    const other = await dash(cpManager);
    expect(other.passes_active).toBe(0);
    expect(other.monthly_recurring).toEqual([]);
  });
});
