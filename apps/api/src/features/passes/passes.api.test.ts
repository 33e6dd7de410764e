import {
  addDays,
  dayOnClock,
  type AdminPlan,
  type AdminPlanCreate,
  type Pass,
  type PassPurchase,
  type Receipt,
  type ReceiptSummary,
  type WalletTransaction,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createTestContext, type TestContext } from "../../test/harness";
import { book, fundedUser, HOUR } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { midnightOf } from "./passes.domain";

const ZONE = "Africa/Lagos";
const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

describe("monthly passes: buying from the wallet", () => {
  let ctx: TestContext;
  let db: Db;
  let manager: TestUser;
  let parks: number[];
  let nextPark = 0;

  const call = (
    user: TestUser,
    method: "GET" | "POST" | "PATCH" | "PUT",
    url: string,
    payload?: object,
    headers = {},
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...bearer(user), ...headers },
      ...(payload ? { payload } : {}),
    });

  /** A plan on sale at a park of its own (capacity set), made through the back office. */
  async function planAt(
    capacity: number,
    o: Partial<AdminPlanCreate> = {},
  ): Promise<AdminPlan & { parkId: number }> {
    const parkId = parks[nextPark++]!;
    await db.execute(
      sql`UPDATE park_capacities SET capacity = ${capacity} WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
    );
    const res = await call(manager, "POST", "/admin/plans", {
      park_id: parkId,
      name: { en: "Commuter", fr: "Navetteur" },
      windows: weekdays,
      prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
      allocation: Math.min(capacity, 5),
      status: "on_sale",
      ...o,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...res.json<AdminPlan>(), parkId };
  }
  /**
   * Today on the park's clock as the test reads it. The app reads its own clock a moment later, maybe
   * past midnight there: so a pass starts tomorrow unless told, and a day out of range is out of it
   * by more than a day either way.
   */
  const today = () => dayOnClock(new Date(), ZONE);
  const buy = (user: TestUser, planId: number, o: object = {}, headers = {}) =>
    call(
      user,
      "POST",
      "/passes",
      { plan_id: planId, vehicle_type_id: 1, plates: ["LAG123AA"], start_date: addDays(today(), 1), ...o },
      headers,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const own = await parksOf(db, harbourview, "Lagos");
    parks = (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
          WHERE p.id = ANY(${sql.param(own)}::int[]) AND p.open_24h AND p.status = 'active' AND p.time_zone = ${ZONE}
          ORDER BY p.id`,
      )
    ).map((r) => r.id);
    expect(parks.length).toBeGreaterThanOrEqual(6);
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("charges the term's price with the country's fees once, and the driver finds the pass", async () => {
    const plan = await planAt(10, { discount_3m_percent: 10 });
    const driver = await fundedUser(db, 100_000_000);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const start = addDays(today(), 2);
    const res = await buy(driver, plan.id, {
      start_date: start,
      term_months: 3,
      plates: ["lag 123 aa", "ABC-987"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<PassPurchase>();
    expect(pass).toMatchObject({
      pass_code: expect.stringMatching(/^MP-[A-Z2-9]{8}$/),
      status: "active",
      ended_reason: null,
      plan: { id: plan.id, name: { en: "Commuter" }, windows: weekdays },
      park: { id: plan.parkId, time_zone: ZONE },
      vehicle_type_id: 1,
      vehicle_type: "Car",
      plates: ["LAG123AA", "ABC987"],
      starts_at: midnightOf(start, ZONE).toISOString(),
      cancel_at_period_end: false,
      term_months: 3,
      currency: "NGN",
      monthly_price: 40_000,
    });
    // Three months less 10 %, then the fees as any parking.
    expect(pass.charged.breakdown.parking).toBe(108_000);
    expect(pass.charged.amount).toBe(pass.charged.breakdown.total);
    expect(pass.charged.breakdown.total).toBeGreaterThan(108_000);
    expect(pass.paid_until).toBe(pass.renews_at);
    const after = await walletBalanceMinor(db, driver.id, "NGN");
    expect(before - after).toBe(Math.round(pass.charged.amount * 100));
    expect(pass.wallet_balance).toBe(after / 100);
    const [move] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ${`pass:${pass.id}:1`}`,
    );
    expect(move!.n).toBe(1);
    const list = await call(driver, "GET", "/passes");
    expect(list.json<{ items: Pass[] }>().items.map((p) => p.pass_code)).toEqual([pass.pass_code]);
    expect((await call(driver, "GET", `/passes/${pass.pass_code.toLowerCase()}`)).statusCode).toBe(200);
    // Nobody else sees it.
    const other = await fundedUser(db, 0);
    expect((await call(other, "GET", `/passes/${pass.pass_code}`)).statusCode).toBe(404);
    expect((await call(other, "POST", `/passes/${pass.pass_code}/cancel`)).statusCode).toBe(404);
    expect(
      (await call(other, "PUT", `/passes/${pass.pass_code}/vehicles`, { plates: ["XYZ1"] })).statusCode,
    ).toBe(404);
    // The driver changes a plate: the new list replaces the old at once.
    const changed = await call(driver, "PUT", `/passes/${pass.pass_code}/vehicles`, {
      plates: ["new 456 bb"],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Pass>().plates).toEqual(["NEW456BB"]);
    expect(
      (await call(driver, "PUT", `/passes/${pass.pass_code}/vehicles`, { plates: [] })).json().fields,
    ).toEqual({
      plates: "Type the plate number of the car the pass is for",
    });
    expect((await call(other, "GET", "/passes")).json().items).toEqual([]);
  });

  it("shows the sale in the wallet's history as a monthly pass's payment, naming the pass and its receipt", async () => {
    const plan = await planAt(10);
    const driver = await fundedUser(db, 100_000_000);
    const pass = (await buy(driver, plan.id)).json<PassPurchase>();
    const history = await call(driver, "GET", "/wallet/transactions?page=1&size=10");
    expect(history.statusCode, history.body).toBe(200);
    const [charge, topUp] = history.json<{ data: { items: WalletTransaction[] } }>().data.items;
    expect(charge).toMatchObject({
      type: "pass_charge",
      amount: -pass.charged.amount,
      subject: { kind: "pass", code: pass.pass_code },
      receipt_number: expect.stringMatching(/^NG-\d{4}-\d{6}$/),
    });
    // The money that came in pays for nothing yet: no subject, found by its receipt.
    expect(topUp).toMatchObject({ type: "topup", subject: null });
  });

  it("gives the sale its receipt: the plan for the term paid, the 3-month discount, the fees and VAT, summing to the charge", async () => {
    const plan = await planAt(10, { discount_3m_percent: 10 });
    const driver = await fundedUser(db, 100_000_000);
    const res = await buy(driver, plan.id, { term_months: 3, plates: ["lag 123 aa", "ABC-987"] });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<PassPurchase>();
    const list = await call(driver, "GET", `/receipts?reference=${pass.pass_code}`);
    expect(list.statusCode, list.body).toBe(200);
    const [summary, ...more] = list.json<{ items: ReceiptSummary[] }>().items;
    expect(more).toEqual([]);
    expect(summary).toMatchObject({
      kind: "pass",
      reference: pass.pass_code,
      subject: "Commuter",
      time_zone: ZONE,
    });
    const receipt = (await call(driver, "GET", `/receipts/${summary!.number}`)).json<Receipt>();
    expect(receipt.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["pass", 120_000],
      ["discount", -12_000],
      ["service_fee", pass.charged.breakdown.service_fee],
      ["booking_fee", pass.charged.breakdown.booking_fee],
    ]);
    expect(receipt.lines[0]).toMatchObject({
      subject: "Commuter",
      quantity: 3,
      from: pass.starts_at,
      to: pass.paid_until,
      detail: "LAG123AA, ABC987 · Car",
    });
    expect(receipt.taxes).toEqual([
      {
        name: "VAT",
        rate: 7.5,
        base: pass.charged.breakdown.service_fee + pass.charged.breakdown.booking_fee,
        amount: pass.charged.breakdown.tax,
      },
    ]);
    expect(receipt.total).toBe(pass.charged.amount);
    // A month's pass has no discount line.
    const monthly = (await buy(driver, plan.id, { plates: ["KJA555CC"] })).json<PassPurchase>();
    const [one] = (await call(driver, "GET", `/receipts?reference=${monthly.pass_code}`)).json<{
      items: ReceiptSummary[];
    }>().items;
    const lines = (await call(driver, "GET", `/receipts/${one!.number}`)).json<Receipt>().lines;
    expect(lines.map((l) => l.kind)).toEqual(["pass", "service_fee", "booking_fee"]);
  });

  it("answers the same pass for the same Idempotency-Key, and 422 for the key with another body", async () => {
    const plan = await planAt(10);
    const driver = await fundedUser(db, 100_000_000);
    const key = { "idempotency-key": `pass-${plan.id}` };
    const first = await buy(driver, plan.id, {}, key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await buy(driver, plan.id, {}, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json<PassPurchase>().id).toBe(first.json<PassPurchase>().id);
    const other = await buy(driver, plan.id, { plates: ["OTHER1"] }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("idempotency_key_reused");
    expect((await call(driver, "GET", "/passes")).json().total).toBe(1);
  });

  it("402 names what the wallet lacks and changes nothing", async () => {
    const plan = await planAt(10);
    const driver = await fundedUser(db, 1_000_000);
    const res = await buy(driver, plan.id);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().message).toMatch(
      /^Your wallet balance is too low: add [\d.]+ NGN to pay for this pass$/,
    );
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(1_000_000);
    expect((await call(driver, "GET", "/passes")).json().total).toBe(0);
  });

  it("refuses a draft or closed plan, a type it does not take, a short term, a start out of range, a bad plate", async () => {
    const plan = await planAt(10, { min_term_months: 3 });
    const driver = await fundedUser(db, 100_000_000);
    const draft = (
      await call(manager, "POST", "/admin/plans", {
        park_id: plan.parkId,
        name: { en: "Draft", fr: "Brouillon" },
        windows: allWeek,
        prices: [{ vehicle_type_id: 1, monthly_price: 1 }],
        allocation: 1,
      })
    ).json<AdminPlan>();
    expect((await buy(driver, draft.id, { term_months: 3 })).statusCode).toBe(404);
    const wrong = await buy(driver, plan.id, {
      vehicle_type_id: 2,
      term_months: 1,
      start_date: addDays(today(), -1),
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().fields).toMatchObject({
      vehicle_type_id: "This plan takes no vehicles of this type",
      term_months: "This plan is sold for 3 months at least",
      start_date: "A pass starts today or later",
    });
    expect(
      (await buy(driver, plan.id, { term_months: 3, start_date: addDays(today(), 32) })).json().fields,
    ).toEqual({
      start_date: "A pass starts within 30 days",
    });
    expect((await buy(driver, plan.id, { term_months: 3, plates: ["!!"] })).statusCode).toBe(422);
    expect((await buy(driver, plan.id, { term_months: 3, plates: ["AB12", "AB12"] })).statusCode).toBe(422);
    await call(manager, "PATCH", `/admin/plans/${plan.id}`, { status: "closed" });
    const closed = await buy(driver, plan.id, { term_months: 3 });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe("plan_not_on_sale");
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(100_000_000);
  });

  it("sells no more passes than the allocation", async () => {
    const plan = await planAt(10, { allocation: 1 });
    const a = await fundedUser(db, 100_000_000);
    const b = await fundedUser(db, 100_000_000);
    expect((await buy(a, plan.id)).statusCode).toBe(201);
    const second = await buy(b, plan.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe("plan_sold_out");
    expect(await walletBalanceMinor(db, b.id, "NGN")).toBe(100_000_000);
  });

  it("a pass and hourly bookings share the capacity both ways; a cancelled pass frees its hours after its term", async () => {
    // One space, a weekday plan.
    const plan = await planAt(1);
    const booker = await fundedUser(db, 100_000_000);
    // The next weekday at noon, a week or more ahead: an hourly booking takes the only space.
    const dayAhead = (from: number, weekdayWanted: (d: number) => boolean) => {
      for (let d = from; d < from + 8; d += 1) {
        const date = addDays(today(), d);
        const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
        if (weekdayWanted(weekday)) return new Date(midnightOf(date, ZONE).getTime() + 12 * HOUR);
      }
      throw new Error("no day");
    };
    const weekdayNoon = dayAhead(8, (d) => d <= 5);
    const booked = await book(ctx.app, booker, {
      park_id: plan.parkId,
      start: weekdayNoon,
      end: new Date(weekdayNoon.getTime() + 2 * HOUR),
      plate_number: "HRL1AA",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const driver = await fundedUser(db, 100_000_000);
    const full = await buy(driver, plan.id);
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().code).toBe("full");
    // The booking cancelled, the pass sells; then no hourly booking fits in its hours, one outside does.
    await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${plan.parkId}`);
    const bought = await buy(driver, plan.id);
    expect(bought.statusCode, bought.body).toBe(201);
    const refused = await book(ctx.app, booker, {
      park_id: plan.parkId,
      start: weekdayNoon,
      end: new Date(weekdayNoon.getTime() + HOUR),
      plate_number: "HRL1AA",
    });
    expect(refused.statusCode).toBe(409);
    const saturday = dayAhead(1, (d) => d === 6);
    const weekend = await book(ctx.app, booker, {
      park_id: plan.parkId,
      start: saturday,
      end: new Date(saturday.getTime() + HOUR),
      plate_number: "HRL1AA",
    });
    expect(weekend.statusCode, weekend.body).toBe(201);
    // Cancelled: valid to the end of its term, holding nothing after.
    const code = bought.json<PassPurchase>().pass_code;
    const cancelled = await call(driver, "POST", `/passes/${code}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Pass>()).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
      renews_at: null,
    });
    const paidUntil = new Date(cancelled.json<Pass>().paid_until);
    const [held] = await queryRows<{ held_until: string }>(
      db,
      sql`SELECT held_until::text FROM passes WHERE pass_code = ${code}`,
    );
    expect(new Date(held!.held_until).getTime()).toBe(paidUntil.getTime());
    const afterTerm = dayAhead(
      Math.ceil((paidUntil.getTime() - Date.now()) / (24 * HOUR)) + 1,
      (d) => d <= 5,
    );
    const free = await book(ctx.app, booker, {
      park_id: plan.parkId,
      start: afterTerm,
      end: new Date(afterTerm.getTime() + HOUR),
      plate_number: "HRL2AA",
    });
    expect(free.statusCode, free.body).toBe(201);
    const inTerm = await book(ctx.app, booker, {
      park_id: plan.parkId,
      start: weekdayNoon,
      end: new Date(weekdayNoon.getTime() + HOUR),
      plate_number: "HRL3AA",
    });
    expect(inTerm.statusCode).toBe(409);
  });
});
