/**
 * The sales report's columns add up (issue #65): for a mixed day made through the real routes
 * (bookings, an extension, a coupon's discount, a cancellation with its refund, a renewal, a
 * daily booking, a monthly pass, an event space, a drive-up sale, an overstay charged at the gate),
 * each row's net is the operator's share + Parkwell's commission + the fees + the discount + the
 * VAT to the minor unit, its parking is the share + the commission, its commission is what its
 * operator's lines say, and the totals per currency add up the same way. The ledger's invariants
 * hold after it.
 */
import type { Booking, SalesRow } from "@parkwell/contract";
import { addDays, dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { createCoupon } from "../../../test/coupons";
import { createEvent } from "../../../test/events";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations, receiptViolations } from "../../../test/ledger-invariants";
import {
  allDayPark,
  book,
  bookingMovedTo,
  extend,
  fundedUser,
  HOUR,
  setCapacity,
  setStatus,
} from "../../bookings/bookings.test-kit";
import { bookEvent } from "../../bookings/event-bookings.test-kit";
import { passPlans, passRequest } from "../../passes/passes.test-kit";

const DAY = 24 * HOUR;
let ctx: TestContext;
let db: Db;
let admin: TestUser;
let park: number;
let harbourview: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  admin = await createStaff(db, "admin");
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview, timeZone: "Africa/Lagos" });
  await setCapacity(db, park, 1, 50);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });
/** Whole minutes from now. */
const fromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 60_000) * 60_000);
/** NGN: two decimals. */
const minor = (major: number) => Math.round(major * 100);

async function booked(driver: TestUser, start: Date, hours: number, extra: { coupon_code?: string } = {}) {
  const res = await book(ctx.app, driver, {
    park_id: park,
    start,
    end: new Date(start.getTime() + hours * HOUR),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

describe("the sales report of a mixed day", () => {
  it("adds up per row and in total: net = operator share + commission + fees + discount + VAT", async () => {
    const driver = await fundedUser(db, 50_000_000);
    // A booking, extended by an hour.
    const a = await booked(driver, fromNow(DAY), 2);
    expect((await extend(ctx.app, driver, a, new Date(Date.parse(a.end_time) + HOUR))).statusCode).toBe(200);
    // A booking with a coupon's 10 % off.
    const coupon = await createCoupon(ctx.app, admin, { kinds: ["booking"] });
    const b = await booked(driver, fromNow(DAY + 3 * HOUR), 2, { coupon_code: coupon.code });
    // A booking cancelled well ahead: its parking comes back.
    const c = await booked(driver, fromNow(2 * DAY), 3);
    expect((await setStatus(ctx.app, driver, String(c.id), "cancelled")).statusCode).toBe(200);
    // A daily booking cancelled, then renewed.
    const d = await booked(driver, fromNow(3 * DAY), 26);
    expect((await setStatus(ctx.app, driver, String(d.id), "cancelled")).statusCode).toBe(200);
    const renewed = await setStatus(ctx.app, driver, String(d.id), "active");
    expect(renewed.statusCode, renewed.body).toBe(200);
    // A monthly pass.
    const plans = await passPlans(ctx);
    const plan = await plans.planAt();
    const pass = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(driver),
      payload: passRequest(plan.id),
    });
    expect(pass.statusCode, pass.body).toBe(201);
    // An event's space at the park.
    const ev = await createEvent(db, {
      start: fromNow(4 * DAY),
      end: fromNow(4 * DAY + 3 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 5, priceMinor: 500_000 }] }],
      operatorId: harbourview,
    });
    const evb = await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: park });
    expect(evb.statusCode, evb.body).toBe(201);
    // A drive-up sale paid at the exit.
    const sold = await call(admin, "POST", "/admin/pos-sales", {
      park_id: park,
      vehicle_type_id: 1,
      plate_number: "MIX 1",
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const closed = await call(admin, "POST", `/admin/pos-sales/${sold.json().sale.sale_code}/close`, {
      payment_method: "cash",
    });
    expect(closed.statusCode).toBe(200);
    // A stay that ran over its window, the overstay charged to the wallet at the exit.
    const late = await bookingMovedTo(ctx.app, db, park, -180, -100);
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${late.b.id}`,
    );
    const out = await call(admin, "POST", "/admin/checkouts", { code: late.b.booking_code, park_id: park });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().charged).toBeGreaterThan(0);

    const today = dayOnClock(new Date(), "Africa/Lagos");
    const res = await call(
      admin,
      "GET",
      `/admin/reports/sales?from=${addDays(today, -1)}&to=${addDays(today, 1)}&size=1000`,
    );
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: SalesRow[]; totals: Record<string, number | string>[] }>();
    const rows = page.items;
    const codes = rows.map((r) => r.code);
    for (const code of [a, b, c, d, late.b].map((x) => x.booking_code)) expect(codes).toContain(code);
    expect(codes).toContain(evb.json<Booking>().booking_code);
    expect(codes).toContain(sold.json().sale.sale_code);
    expect(rows.some((r) => r.channel === "monthly" && r.park_id === plan.parkId)).toBe(true);
    const row = (code: string) => rows.find((r) => r.code === code)!;
    expect(row(b.booking_code).discount).toBeLessThan(0);
    expect(row(c.booking_code).refunds).toBeGreaterThan(0);

    for (const r of rows) {
      const label = `${r.channel} ${r.code}`;
      expect(minor(r.net), label).toBe(
        minor(r.operator_share) + minor(r.commission) + minor(r.fees) + minor(r.discount) + minor(r.vat),
      );
      expect(minor(r.parking), label).toBe(minor(r.operator_share) + minor(r.commission));
      expect(minor(r.net), label).toBe(minor(r.total) - minor(r.refunds));
    }
    // Each of the day's rows at Harbourview's parks: its commission is what its operator's lines say.
    const ours = rows.filter((r) => r.park_id === park || r.park_id === plan.parkId);
    expect(ours.length).toBeGreaterThanOrEqual(8);
    for (const r of ours) {
      const [lines] = await queryRows<{ commission: string; share: string }>(
        db,
        sql`SELECT COALESCE(sum(commission_minor), 0)::text AS commission,
            COALESCE(sum(gross_minor - commission_minor), 0)::text AS share
          FROM operator_lines WHERE reference = ${r.code}
            AND (${r.channel} <> 'monthly' OR ledger_key = ${`share:pass:${r.id}`})`,
      );
      expect(minor(r.commission), `${r.channel} ${r.code}`).toBe(Number(lines!.commission));
      expect(minor(r.operator_share), `${r.channel} ${r.code}`).toBe(Number(lines!.share));
    }
    // A drive-up's share is what the operator kept of what it collected: the amount less what it owes.
    const driveUp = row(sold.json().sale.sale_code);
    expect(minor(driveUp.commission)).toBe(Math.round((minor(driveUp.parking) * 1500) / 10_000));

    for (const t of page.totals) {
      const n = (k: string) => minor(Number(t[k]));
      expect(n("net"), String(t.currency)).toBe(
        n("operator_share") + n("commission") + n("fees") + n("discount") + n("vat"),
      );
      const same = rows.filter((r) => r.currency === t.currency);
      expect(n("operator_share")).toBe(same.reduce((s, r) => s + minor(r.operator_share), 0));
      expect(n("commission")).toBe(same.reduce((s, r) => s + minor(r.commission), 0));
      expect(n("net")).toBe(same.reduce((s, r) => s + minor(r.net), 0));
    }
  });
});
