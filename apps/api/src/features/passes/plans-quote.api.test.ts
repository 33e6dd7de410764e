import {
  addDays,
  dayOnClock,
  type AdminPlanCreate,
  type PassPurchase,
  type PlanList,
  type PlanQuote,
} from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createTestContext, type TestContext } from "../../test/harness";
import { fundedUser } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { addMonths, midnightOf } from "./passes.domain";
import { PASS_ZONE as ZONE, passPlans, type PassPlans } from "./passes.test-kit";

/**
 * The checkout's quote (GET /plans/{id}/quote) is the sale's own price: the same function prices
 * both, so what the quote says is what POST /passes charges. The app runs on a driven clock, real
 * time unless a test moves it.
 */
describe("monthly plans: the checkout's quote", () => {
  let ctx: TestContext;
  let db: Db;
  let plans: PassPlans;
  let now = new Date();
  const clock = () => now;

  const call = (
    user: TestUser | null,
    method: "GET" | "POST" | "PATCH",
    url: string,
    payload?: object,
    headers = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(user ? bearer(user) : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  /** A plan on sale at a park of its own, made through the back office, with discounts for 3 and 12 months. */
  const planAt = (o: Partial<AdminPlanCreate> = {}) =>
    plans.planAt({ discount_3m_percent: 10, discount_12m_percent: 20, ...o });
  const today = () => dayOnClock(now, ZONE);
  const quote = (planId: number, query: Record<string, string | number>) =>
    call(
      null,
      "GET",
      `/plans/${planId}/quote?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
    );

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    db = ctx.database.db;
    plans = await passPlans(ctx);
    expect(plans.parks.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("quotes what POST /passes then charges, to the minor unit, with the same term", async () => {
    now = new Date();
    const plan = await planAt();
    const start = addDays(today(), 3);
    const asked = { vehicle_type_id: 1, start_date: start, term_months: 3 };
    const res = await quote(plan.id, asked);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const q = res.json<PlanQuote>();
    expect(q).toMatchObject({
      plan_id: plan.id,
      vehicle_type_id: 1,
      vehicle_type: "Car",
      term_months: 3,
      start_date: start,
      starts_at: midnightOf(start, ZONE).toISOString(),
      paid_until: midnightOf(addMonths(start, 3), ZONE).toISOString(),
      currency: "NGN",
      monthly_price: 40_000,
    });
    expect(q.total).toBe(q.breakdown.total);
    // The fees are on top of the discounted price, as any parking's.
    expect(q.total).toBeGreaterThan(q.breakdown.parking);

    const driver = await fundedUser(db, 100_000_000);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const bought = await call(
      driver,
      "POST",
      "/passes",
      { plan_id: plan.id, plates: ["QUO123AA"], ...asked },
      { "idempotency-key": `quote-${plan.id}` },
    );
    expect(bought.statusCode, bought.body).toBe(201);
    const pass = bought.json<PassPurchase>();
    expect(pass.charged.breakdown).toEqual(q.breakdown);
    expect(pass.charged.amount).toBe(q.total);
    expect(pass.starts_at).toBe(q.starts_at);
    expect(pass.paid_until).toBe(q.paid_until);
    expect(before - (await walletBalanceMinor(db, driver.id, "NGN"))).toBe(Math.round(q.total * 100));
  });

  it("takes the plan's 3- and 12-month discounts off before the fees; a month has none", async () => {
    now = new Date();
    const plan = await planAt();
    const start = today();
    const one = (await quote(plan.id, { vehicle_type_id: 1, start_date: start })).json<PlanQuote>();
    expect(one).toMatchObject({
      term_months: 1,
      discount_percent: 0,
      discount: 0,
      price_before_discount: 40_000,
    });
    expect(one.breakdown.parking).toBe(40_000);
    const three = (
      await quote(plan.id, { vehicle_type_id: 1, start_date: start, term_months: 3 })
    ).json<PlanQuote>();
    expect(three).toMatchObject({ discount_percent: 10, discount: 12_000, price_before_discount: 120_000 });
    expect(three.breakdown.parking).toBe(108_000);
    const year = (
      await quote(plan.id, { vehicle_type_id: 1, start_date: start, term_months: 12 })
    ).json<PlanQuote>();
    expect(year).toMatchObject({ discount_percent: 20, discount: 96_000, price_before_discount: 480_000 });
    expect(year.breakdown.parking).toBe(384_000);
    expect(year.paid_until).toBe(midnightOf(addMonths(start, 12), ZONE).toISOString());
    // A pass from today starts now, not at the day's past midnight.
    expect(Date.parse(one.starts_at)).toBe(now.getTime());
  });

  it("a term from the 31st ends on the last day of a shorter month", async () => {
    const plan = await planAt();
    // The next 31st (on the clock moved to that month's 20th) whose following month is shorter,
    // from next month on (in December: January of the next year, month 0, never a month 13).
    let y = new Date().getUTCFullYear();
    let m = new Date().getUTCMonth();
    const days = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    do {
      m += 1;
      if (m > 11) {
        m = 0;
        y += 1;
      }
    } while (!(days(y, m) === 31 && days(y, m + 1) < 31));
    now = new Date(Date.UTC(y, m, 20, 12));
    const start = `${y}-${String(m + 1).padStart(2, "0")}-31`;
    const next = new Date(Date.UTC(y, m + 1, days(y, m + 1)));
    const lastDay = next.toISOString().slice(0, 10);
    const res = await quote(plan.id, { vehicle_type_id: 1, start_date: start });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlanQuote>()).toMatchObject({
      starts_at: midnightOf(start, ZONE).toISOString(),
      paid_until: midnightOf(lastDay, ZONE).toISOString(),
    });
    expect(lastDay.endsWith("-31")).toBe(false);
    now = new Date();
  });

  it("refuses what the sale refuses, with the same words, and a plan not on sale", async () => {
    now = new Date();
    const plan = await planAt({ min_term_months: 3 });
    const wrong = await quote(plan.id, {
      vehicle_type_id: 2,
      start_date: addDays(today(), -1),
      term_months: 1,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toEqual({
      vehicle_type_id: "This plan takes no vehicles of this type",
      term_months: "This plan is sold for 3 months at least",
      start_date: "A pass starts today or later",
    });
    const late = await quote(plan.id, {
      vehicle_type_id: 1,
      start_date: addDays(today(), 31),
      term_months: 3,
    });
    expect(late.json().fields).toEqual({ start_date: "A pass starts within 30 days" });
    // The sale answers the same for the same start day.
    const driver = await fundedUser(db, 100_000_000);
    const sale = await call(driver, "POST", "/passes", {
      plan_id: plan.id,
      vehicle_type_id: 1,
      plates: ["QUO1"],
      start_date: addDays(today(), 31),
      term_months: 3,
    });
    expect(sale.json().fields).toEqual(late.json().fields);
    expect(
      (await quote(plan.id, { vehicle_type_id: 1, start_date: today(), term_months: 2 })).json().fields,
    ).toEqual({
      term_months: "The term is 1, 3 or 12 months",
    });
    expect((await quote(plan.id, { start_date: today(), term_months: 3 })).json().fields).toEqual({
      vehicle_type_id: "vehicle_type_id is required",
    });
    expect(
      (await quote(plan.id, { vehicle_type_id: 1, start_date: "31/01/2027" })).json().fields,
    ).toMatchObject({
      start_date: "Use a date as YYYY-MM-DD",
    });
    expect((await quote(999_999, { vehicle_type_id: 1, start_date: today() })).statusCode).toBe(404);
    await call(plans.manager, "PATCH", `/admin/plans/${plan.id}`, { status: "closed" });
    const closed = await quote(plan.id, { vehicle_type_id: 1, start_date: today(), term_months: 3 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("plan_not_on_sale");
  });

  it("lists one park's plans with park_id", async () => {
    now = new Date();
    const plan = await planAt();
    const other = await planAt();
    const res = await call(null, "GET", `/plans?park_id=${plan.parkId}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<PlanList>().items.map((p) => p.id);
    expect(ids).toContain(plan.id);
    expect(ids).not.toContain(other.id);
    expect(res.json<PlanList>().items.every((p) => p.park.id === plan.parkId)).toBe(true);
    expect((await call(null, "GET", "/plans?park_id=abc")).statusCode).toBe(422);
  });
});
