import { createCoupon } from "../../test/coupons";
import type { Booking, BookingQuote, Receipt, ReceiptSummary } from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { bookEvent, overAllocated } from "./event-bookings.test-kit";
import {
  addChargers,
  allDayParks,
  at,
  book,
  extend,
  fundedUser,
  HOUR,
  overbooked,
  quoteExtension,
  setStatus,
} from "./bookings.test-kit";

/**
 * A coupon on a parking booking and on an event's parking (docs/PRODUCT-RULES.md#coupons): off the
 * parking, never the fees; the quote says what it saves or why not; the booking keeps the amount
 * through an extension, and a cancellation refunds the parking that was paid.
 */
let ctx: TestContext;
let db: Db;
let admin: TestUser;
let parks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  admin = await createStaff(db, "admin");
  parks = await allDayParks(db, 4);
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbooked(db)).toEqual([]);
  expect(await overAllocated(db)).toEqual([]);
});

const minor = (major: number) => Math.round(major * 100);

const coupon = (over: Record<string, unknown>) =>
  createCoupon(ctx.app, admin, { kinds: ["booking"], discount: 20, ...over });

const qs = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]));

const quote = async (user: TestUser, q: Record<string, string | number>, language = "en") => {
  const res = await ctx.app.inject({
    url: `/api/v1/bookings/quote?${qs(q)}`,
    headers: { ...bearer(user), "accept-language": language },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingQuote>();
};

const windowQuery = (park: number, start: Date, end: Date, code?: string) => ({
  park_id: park,
  vehicle_type_id: 1,
  start_time: start.toISOString(),
  end_time: end.toISOString(),
  ...(code ? { coupon_code: code } : {}),
});

async function receiptLines(user: TestUser, reference: string) {
  const list = await ctx.app.inject({
    url: `/api/v1/receipts?reference=${reference}`,
    headers: bearer(user),
  });
  const items = list.json<{ items: ReceiptSummary[] }>().items;
  const first = items[items.length - 1]!;
  const receipt = (
    await ctx.app.inject({ url: `/api/v1/receipts/${first.number}`, headers: bearer(user) })
  ).json<Receipt>();
  return receipt;
}

describe("a coupon on a parking booking", () => {
  it("takes its discount off the parking: the quote, the charge, the receipt; an extension keeps it; a cancellation refunds the parking paid", async () => {
    const park = parks[0]!;
    const c = await coupon({ discount: 20 });
    const driver = await fundedUser(db);
    const start = at(48 * HOUR);
    const end = at(51 * HOUR);
    const plain = await quote(driver, windowQuery(park, start, end));
    expect(plain.coupon).toBeNull();
    const q = await quote(driver, windowQuery(park, start, end, ` ${c.code.toLowerCase()} `));
    const discount = Math.round(plain.price.breakdown.parking * 0.2 * 100) / 100;
    expect(q.coupon).toEqual({ code: c.code, applied: true, discount, message: null });
    expect(q.price.breakdown).toMatchObject({
      parking: plain.price.breakdown.parking,
      coupon_discount: discount,
      coupon_code: c.code,
      service_fee: plain.price.breakdown.service_fee,
      booking_fee: plain.price.breakdown.booking_fee,
      tax: plain.price.breakdown.tax,
    });
    expect(minor(q.price.amount)).toBe(minor(plain.price.amount) - minor(discount));

    const res = await book(ctx.app, driver, { park_id: park, start, end, coupon_code: c.code });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect(booking.amount).toBe(q.price.amount);
    expect(booking.breakdown).toMatchObject({ coupon_discount: discount, coupon_code: c.code });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(10_000_000 - minor(q.price.amount));
    const receipt = await receiptLines(driver, booking.booking_code);
    expect(receipt.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["parking", plain.price.breakdown.parking],
      ["discount", -discount],
      ["service_fee", plain.price.breakdown.service_fee],
      ["booking_fee", plain.price.breakdown.booking_fee],
    ]);
    expect(receipt.lines[1]).toMatchObject({ detail: c.code });
    expect(receipt.total).toBe(q.price.amount);

    // Its one use per driver is taken: the quote says so, and a second booking is refused.
    const again = await quote(driver, windowQuery(park, at(60 * HOUR), at(61 * HOUR), c.code));
    expect(again.coupon).toMatchObject({
      applied: false,
      discount: 0,
      message: "You have already used this coupon as many times as it allows",
    });
    const second = await book(ctx.app, driver, {
      park_id: park,
      start: at(60 * HOUR),
      end: at(61 * HOUR),
      coupon_code: c.code,
    });
    expect(second.statusCode).toBe(422);
    expect(second.json<{ code: string }>().code).toBe("coupon_refused");

    // An extension charges the longer window's list price difference: the discount stays as booked.
    const longerEnd = at(53 * HOUR);
    const longer = await quote(driver, windowQuery(park, start, longerEnd));
    // The page's quote of the extension keeps the coupon's amount off, as the extension does (the
    // park's availability for the longer window, without the coupon, would say the discount more).
    const quoted = await quoteExtension(ctx.app, driver, booking, longerEnd);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      amount_due: (minor(longer.price.amount) - minor(plain.price.amount)) / 100,
      price: { breakdown: { coupon_discount: discount, coupon_code: c.code } },
    });
    const beforeExtension = await walletBalanceMinor(db, driver.id, "NGN");
    const extended = await extend(ctx.app, driver, booking, longerEnd);
    expect(extended.statusCode, extended.body).toBe(200);
    const after = extended.json<Booking>();
    expect(after.breakdown).toMatchObject({ coupon_discount: discount, coupon_code: c.code });
    expect(minor(after.amount)).toBe(minor(longer.price.amount) - minor(discount));
    expect(beforeExtension - (await walletBalanceMinor(db, driver.id, "NGN"))).toBe(
      minor(longer.price.amount) - minor(plain.price.amount),
    );

    // Two days ahead, a cancellation gives back all of the parking that was paid, never the discount.
    const beforeCancel = await walletBalanceMinor(db, driver.id, "NGN");
    const cancelled = await setStatus(ctx.app, driver, booking.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await walletBalanceMinor(db, driver.id, "NGN")) - beforeCancel).toBe(
      minor(longer.price.breakdown.parking) - minor(discount),
    );
    const view = (
      await ctx.app.inject({ url: `/api/v1/bookings/${booking.booking_code}`, headers: bearer(driver) })
    ).json<{ cancellation: { refund: { parking: number; total: number }; kept: { total: number } } }>();
    expect(minor(view.cancellation.refund.parking)).toBe(
      minor(longer.price.breakdown.parking) - minor(discount),
    );
    expect(minor(view.cancellation.refund.total) + minor(view.cancellation.kept.total)).toBe(
      minor(after.amount),
    );
  });

  it("takes nothing off the EV charging sold with the booking (a charger priced per hour): the discount is the parking's at most", async () => {
    const park = parks[3]!;
    const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: 500_00 });
    // 100% off: all of the parking is off, none of the charging.
    const c = await coupon({ discount: 100 });
    const driver = await fundedUser(db);
    const start = at(72 * HOUR);
    const end = at(74 * HOUR);
    const withCharger = { ...windowQuery(park, start, end), charger_id: charger };
    const plain = await quote(driver, withCharger);
    expect(plain.price.breakdown).toMatchObject({ charging: 1000, charging_hours: 2 });
    const q = await quote(driver, { ...withCharger, coupon_code: c.code });
    expect(q.coupon).toMatchObject({ applied: true, discount: plain.price.breakdown.parking });
    // The charging does not count in what a coupon is worked out on: a fixed amount above the
    // parking is refused, though the charging would cover it.
    const over = await coupon({ discount_type: "fixed", discount: plain.price.breakdown.parking + 1 });
    expect((await quote(driver, { ...withCharger, coupon_code: over.code })).coupon).toMatchObject({
      applied: false,
    });
    expect(q.price.breakdown).toMatchObject({
      coupon_discount: plain.price.breakdown.parking,
      charging: 1000,
    });
    expect(minor(q.price.amount)).toBe(
      minor(plain.price.breakdown.service_fee) +
        minor(plain.price.breakdown.booking_fee) +
        minor(plain.price.breakdown.tax) +
        1000_00,
    );
    const res = await book(ctx.app, driver, {
      park_id: park,
      start,
      end,
      coupon_code: c.code,
      charger_id: charger,
    });
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect(booking.amount).toBe(q.price.amount);
    expect(booking.breakdown).toMatchObject({
      charging: 1000,
      coupon_discount: plain.price.breakdown.parking,
    });
    const receipt = await receiptLines(driver, booking.booking_code);
    expect(receipt.lines.map((l) => [l.kind, l.amount])).toEqual([
      ["parking", plain.price.breakdown.parking],
      ["discount", -plain.price.breakdown.parking],
      ["service_fee", plain.price.breakdown.service_fee],
      ["booking_fee", plain.price.breakdown.booking_fee],
      ["charger", 1000],
    ]);
    // Cancelled days ahead: all of the parking paid (nothing) and of the charging comes back.
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    expect((await setStatus(ctx.app, driver, booking.id, "cancelled")).statusCode).toBe(200);
    expect((await walletBalanceMinor(db, driver.id, "NGN")) - before).toBe(1000_00);
  });

  it("refuses a code that does not apply, with the reason in the driver's language, booking nothing", async () => {
    const park = parks[1]!;
    const passOnly = await coupon({ kinds: ["pass"] });
    const ended = await coupon({ end_local: "2021-01-01T00:00" });
    const driver = await fundedUser(db);
    const start = at(5 * HOUR);
    const end = at(6 * HOUR);
    const q = await quote(driver, windowQuery(park, start, end, passOnly.code), "fr");
    // The quote says why in the driver's language.
    expect(q.coupon).toMatchObject({
      applied: false,
      message: "Ce code promo ne s'applique pas aux réservations de stationnement",
    });
    expect(q.price.breakdown.coupon_discount).toBeUndefined();
    // Below its minimum, the sentence names parking, not an order.
    const large = await coupon({ min_order: 1_000_000 });
    for (const [language, message] of [
      ["en", "This coupon needs parking of at least ₦1,000,000"],
      ["fr", "Ce code promo demande un stationnement d'au moins 1\u202f000\u202f000\u00a0₦"],
    ] as const) {
      const belowMinimum = await quote(driver, windowQuery(park, start, end, large.code), language);
      expect(belowMinimum.coupon).toMatchObject({ applied: false, message });
    }
    for (const [code, message] of [
      [passOnly.code, "Ce code promo ne s'applique pas aux réservations de stationnement"],
      [ended.code, "Ce code promo a expiré"],
    ] as const) {
      const res = await book(
        ctx.app,
        driver,
        { park_id: park, start, end, coupon_code: code },
        { "accept-language": "fr" },
      );
      expect(res.statusCode).toBe(422);
      expect(res.json<{ fields: Record<string, string> }>().fields.coupon_code).toBe(message);
    }
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(10_000_000);
    // A window the park cannot take is the booking's own error, coupon or not.
    const past = await ctx.app.inject({
      url: `/api/v1/bookings/quote?${qs(windowQuery(park, at(-2 * HOUR), at(-HOUR), passOnly.code))}`,
      headers: bearer(driver),
    });
    expect(past.statusCode).toBe(422);
    const signedOut = await ctx.app.inject({
      url: `/api/v1/bookings/quote?${qs(windowQuery(park, start, end))}`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("says a booking coupon of another country is for another country, on the quote and the booking, booking nothing", async () => {
    const canadian = await coupon({ country_code: "CA" });
    const driver = await fundedUser(db);
    const start = at(7 * HOUR);
    const end = at(8 * HOUR);
    const q = await quote(driver, windowQuery(parks[1]!, start, end, canadian.code));
    expect(q.coupon).toMatchObject({
      applied: false,
      message: "This coupon is for another country, not this one",
    });
    const res = await book(ctx.app, driver, { park_id: parks[1]!, start, end, coupon_code: canadian.code });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ fields: Record<string, string> }>().fields.coupon_code).toBe(
      "This coupon is for another country, not this one",
    );
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(10_000_000);
  });

  it("takes an event coupon off an event's flat price; a booking coupon is not one", async () => {
    const park = parks[2]!;
    const ev = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(33 * HOUR),
      parks: [{ parkId: park, offers: [{ priceMinor: 700_000, allocation: 4 }] }],
    });
    const forEvents = await coupon({ kinds: ["event_booking"], discount_type: "fixed", discount: 1500 });
    const forBookings = await coupon({ kinds: ["booking"] });
    const driver = await fundedUser(db);
    const ask = { park_id: park, vehicle_type_id: 1, event_code: ev.code };
    const wrong = await quote(driver, { ...ask, coupon_code: forBookings.code });
    expect(wrong.coupon).toMatchObject({
      applied: false,
      message: "This coupon does not apply to event parking",
    });
    const q = await quote(driver, { ...ask, coupon_code: forEvents.code });
    expect(q.coupon).toEqual({ code: forEvents.code, applied: true, discount: 1500, message: null });
    expect(q.price.breakdown).toMatchObject({ parking: 7000, coupon_discount: 1500 });
    const res = await bookEvent(ctx.app, driver, {
      ...ask,
      plate_number: "CPN 101 AA",
      coupon_code: forEvents.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    expect(b.amount).toBe(q.price.amount);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(10_000_000 - minor(q.price.amount));
    const receipt = await receiptLines(driver, b.booking_code);
    expect(receipt.lines.find((l) => l.kind === "discount")).toMatchObject({
      amount: -1500,
      detail: forEvents.code,
    });
    // The coupon was used: the back office can no longer delete it.
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/v1/admin/marketplace/coupons/${forEvents.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(409);
  });
});
