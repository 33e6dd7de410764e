import {
  addDays,
  dayOnClock,
  QUOTE_TOKEN_TTL_MS,
  timeOfMinutes,
  wallClockMs,
  type AdminPark,
  type AdminRateRules,
  type Availability,
  type Booking,
  type BookingQuote,
  type ParkPage,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations, receiptViolations } from "../../../test/ledger-invariants";
import {
  addChargers,
  at,
  book,
  extend,
  fundedUser,
  holdWindow,
  HOUR,
  setStatus,
} from "../../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../../wallet/ledger.service";
import { newPark, type Method } from "./admin-parks.test-kit";

/**
 * Busy-time prices (decision 059): the back office's rules of a park, a quote priced by them and
 * holding its price in its token, the booking charged what was quoted (never silently another
 * amount), an extension keeping the rule, and a park without rules booked as always.
 */
const MINUTE = 60_000;
let ctx: TestContext;
let db: Db;
let manager: TestUser;
let otherManager: TestUser;
let attendant: TestUser;
let driver: TestUser;
let park: AdminPark;
/** The app's clock runs this far ahead of the process's (a quote's expiry is tested by moving it). */
let shift = 0;
const clock = () => new Date(Date.now() + shift);

const call = (user: TestUser | null, method: Method, url: string, payload?: object, language = "en") =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), "accept-language": language },
    ...(payload ? { payload } : {}),
  });
const rulesUrl = () => `/admin/parks/${park.id}/rate-rules`;
const quote = (user: TestUser, start: Date, end: Date, vehicleTypeId = 1) =>
  call(
    user,
    "GET",
    `/bookings/quote?park_id=${park.id}&vehicle_type_id=${vehicleTypeId}&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
  );
const quoted = async (user: TestUser, start: Date, end: Date, vehicleTypeId = 1) => {
  const res = await quote(user, start, end, vehicleTypeId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingQuote>();
};
const bookWith = (user: TestUser, start: Date, end: Date, token?: string, language = "en") =>
  book(
    ctx.app,
    user,
    { park_id: park.id, start, end, ...(token ? { quote_token: token } : {}) },
    { "accept-language": language },
  );
const availability = (start: Date, end: Date) =>
  ctx.app.inject({
    url: `/api/v1/front/parks/${park.slug}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
  });
const balance = (user: TestUser) => walletBalanceMinor(db, user.id, "NGN");

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  otherManager = await createStaff(db, "branch_manager", {
    operatorId: await operatorId(db, "Citypark Nigeria"),
  });
  driver = await fundedUser(db, 100_000_000);
  const created = await call(manager, "POST", "/admin/parks", newPark("Eko Stadium Garage"));
  expect(created.statusCode, created.body).toBe(201);
  park = created.json<AdminPark>();
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park.id] });
  expect((await parksOf(db, harbourview)).includes(park.id)).toBe(true);
  // ₦1,000 an hour, two spaces: a two-hour window is ₦2,000 of parking at the normal rates. The
  // same rates for vehicle type 2: only the token's own check tells its quote from type 1's.
  const rates = await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
    rates: [
      { vehicle_type_id: 1, hourly: 1000, daily_max: 20000 },
      { vehicle_type_id: 2, hourly: 1000, daily_max: 20000 },
    ],
  });
  expect(rates.statusCode, rates.body).toBe(200);
  const caps = await call(manager, "PUT", `/admin/parks/${park.id}/capacities`, {
    capacities: [{ vehicle_type_id: 1, capacity: 2 }],
  });
  expect(caps.statusCode, caps.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe("a park's busy-time rules in the back office", () => {
  it("adds, edits and deletes rules with the rates' permissions, refusing bad ones in the caller's language", async () => {
    const empty = await call(manager, "GET", rulesUrl());
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json<AdminRateRules>()).toEqual({
      park_id: park.id,
      currency: "NGN",
      decimals: 2,
      time_zone: "Africa/Lagos",
      items: [],
    });
    const good = { name: "Match day", adjustment_percent: 50, dates: ["2030-01-01"], ceiling: 10000 };
    const refusals: [object, string, string][] = [
      [
        { ...good, adjustment_percent: 0 },
        "adjustment_percent",
        "Enter a whole percentage from -90 to 300, not 0",
      ],
      [
        { ...good, adjustment_percent: 301 },
        "adjustment_percent",
        "Enter a whole percentage from -90 to 300, not 0",
      ],
      [{ ...good, from_time: "18:00" }, "to_time", "Give both times, from and to, or neither"],
      [{ ...good, from_time: "18:00", to_time: "18:00" }, "to_time", "The times must differ"],
      [
        { ...good, from_time: "25:00", to_time: "18:00" },
        "from_time",
        "Use a time as HH:MM (00:00 to 24:00)",
      ],
      [
        { name: "Always", adjustment_percent: 10 },
        "days",
        "Choose at least one condition: days, times, dates or occupancy",
      ],
      [{ ...good, floor: 20000 }, "floor", "The floor cannot be above the ceiling"],
      [{ ...good, days: [7] }, "days.0", "Days are 0 (Monday) to 6 (Sunday)"],
      [{ ...good, dates: ["2030-02-30"] }, "dates.0", "Use a date as YYYY-MM-DD"],
      [{ ...good, ceiling: 10000.001 }, "ceiling", expect.stringContaining("NGN") as unknown as string],
    ];
    for (const [body, field, message] of refusals) {
      const res = await call(manager, "POST", rulesUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().fields[field], JSON.stringify(body)).toEqual(message);
    }
    const french = await call(manager, "POST", rulesUrl(), { ...good, floor: 20000 }, "fr");
    expect(french.json().fields.floor).toBe("Le plancher ne peut pas dépasser le plafond");

    const added = await call(manager, "POST", rulesUrl(), good);
    expect(added.statusCode, added.body).toBe(201);
    const [rule] = added.json<AdminRateRules>().items;
    expect(rule).toMatchObject({
      name: "Match day",
      adjustment_percent: 50,
      days: [],
      from_time: null,
      to_time: null,
      dates: ["2030-01-01"],
      occupancy_above_percent: null,
      floor: null,
      ceiling: 10000,
      active: true,
    });
    const [audit] = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'park' AND entity_id = ${String(park.id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit?.action).toBe("park.rate_rule.add");

    // Read with parks.view, written with parks.update; another operator's park is a missing one.
    expect((await call(attendant, "GET", rulesUrl())).statusCode).toBe(200);
    expect((await call(attendant, "POST", rulesUrl(), good)).statusCode).toBe(403);
    expect((await call(attendant, "DELETE", `${rulesUrl()}/${rule!.id}`)).statusCode).toBe(403);
    for (const [method, path, body] of [
      ["GET", "", undefined],
      ["POST", "", good],
      ["PUT", `/${rule!.id}`, good],
      ["DELETE", `/${rule!.id}`, undefined],
    ] as [Method, string, object | undefined][]) {
      const theirs = await call(otherManager, method, `${rulesUrl()}${path}`, body);
      expect(theirs.statusCode, `${method} ${path}`).toBe(404);
      expect(theirs.json()).toEqual({ message: "Park not found", code: "park_not_found" });
    }
    expect((await call(await createUser(db), "GET", rulesUrl())).statusCode).toBe(403);

    const edited = await call(manager, "PUT", `${rulesUrl()}/${rule!.id}`, {
      ...good,
      name: "Match night",
      days: [5, 4, 5],
      from_time: "18:00",
      to_time: "02:00",
      occupancy_above_percent: 80,
      floor: 500.5,
      active: false,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<AdminRateRules>().items[0]).toMatchObject({
      name: "Match night",
      days: [4, 5],
      from_time: "18:00",
      to_time: "02:00",
      occupancy_above_percent: 80,
      floor: 500.5,
      active: false,
    });
    const missing = await call(manager, "PUT", `${rulesUrl()}/99999999`, good);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("rate_rule_not_found");
    const removed = await call(manager, "DELETE", `${rulesUrl()}/${rule!.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<AdminRateRules>().items).toEqual([]);
  });
});

describe("a quote's busy-time price, held by its token", () => {
  it("prices by the rule that applies, charges what was quoted, and asks again when the quote cannot hold", async () => {
    const start = at(26 * HOUR);
    const end = at(28 * HOUR);
    // A park without rules books without a token, as it always has.
    const plainDriver = await fundedUser(db, 10_000_000);
    const plain = await bookWith(plainDriver, start, end);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json<Booking>().breakdown.busy_time).toBeUndefined();
    // Cancelled: its space is free again for the occupancy below.
    expect((await setStatus(ctx.app, plainDriver, plain.json<Booking>().id, "cancelled")).statusCode).toBe(
      200,
    );

    // An event-day rule on the window's date (the park's clock), and a time-of-day rule that misses it.
    const startMinute =
      new Date(wallClockMs(start.getTime(), "Africa/Lagos")).getUTCHours() * 60 +
      new Date(wallClockMs(start.getTime(), "Africa/Lagos")).getUTCMinutes();
    const eventDay = {
      name: "Match day",
      adjustment_percent: 50,
      dates: [dayOnClock(start, "Africa/Lagos")],
      ceiling: 10000,
    };
    const elsewhen = {
      name: "Later",
      adjustment_percent: 200,
      from_time: timeOfMinutes((startMinute + 60) % 1440),
      to_time: timeOfMinutes((startMinute + 120) % 1440),
    };
    for (const body of [eventDay, elsewhen]) {
      expect((await call(manager, "POST", rulesUrl(), body)).statusCode).toBe(201);
    }
    const first = await quoted(driver, start, end);
    expect(first.price.breakdown).toMatchObject({
      parking: 3000,
      busy_time: { rule: "Match day", adjustment_percent: 50, normal_parking: 2000 },
    });
    expect(Date.parse(first.quote_expires_at!) - clock().getTime()).toBeGreaterThan(
      QUOTE_TOKEN_TTL_MS - MINUTE,
    );
    // The park page's availability shows the same price.
    const shown = await availability(start, end);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<Availability>().price).toEqual(first.price);
    // So does the search's card for that window; its "from" price stays the normal hourly rate.
    const found = await ctx.app.inject({
      url: `/api/v1/parks/front/parks/?country=NG&size=10&search=${encodeURIComponent("Eko Stadium")}&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
    });
    expect(found.statusCode, found.body).toBe(200);
    const card = found.json<ParkPage>().items.find((p) => p.id === park.id);
    expect(card?.availability?.price).toEqual(first.price);
    expect(card?.price_from).toMatchObject({ hourly: 1000 });

    // Without a token, or with another window's, the booking is refused and nothing is charged.
    const before = await balance(driver);
    const bare = await bookWith(driver, start, end, undefined, "fr");
    expect(bare.statusCode).toBe(409);
    expect(bare.json()).toEqual({
      code: "quote_required",
      message:
        "Les prix de ce parking suivent la demande\u00a0: demandez le prix, puis réservez avec son quote_token",
    });
    const other = await bookWith(driver, start, at(29 * HOUR), first.quote_token);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: "quote_invalid",
      fields: { quote_token: expect.any(String) },
    });
    const someoneElse = await bookWith(await fundedUser(db), start, end, first.quote_token);
    expect(someoneElse.json().code).toBe("quote_invalid");
    // Another start (the same end), another park, another vehicle type: each its own check.
    const laterStart = await bookWith(driver, at(27 * HOUR), end, first.quote_token);
    expect(laterStart.json().code).toBe("quote_invalid");
    const elsewhere = await book(ctx.app, driver, { park_id: 1, start, end, quote_token: first.quote_token });
    expect(elsewhere.json().code).toBe("quote_invalid");
    // Vehicle type 2's quote is the same price under the same rule: only its vehicle type differs.
    const otherType = await quoted(driver, start, end, 2);
    expect(otherType.price).toEqual(first.price);
    expect((await bookWith(driver, start, end, otherType.quote_token)).json().code).toBe("quote_invalid");
    expect((await bookWith(driver, start, end, `${first.quote_token}x`)).json().code).toBe("quote_invalid");
    expect(await balance(driver)).toBe(before);

    // With it: charged the quoted total, the rule kept on the booking. The token holds the parking,
    // whatever charger group is chosen with it (one paid at the charger here).
    const charger = await addChargers(db, park.id, { priceUnit: "kwh" });
    const booked = await book(
      ctx.app,
      driver,
      { park_id: park.id, start, end, charger_id: charger, quote_token: first.quote_token },
      {},
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const b = booked.json<Booking>();
    expect(b.amount).toBe(first.price.amount);
    expect(b.breakdown.busy_time).toEqual(first.price.breakdown.busy_time);
    expect(before - (await balance(driver))).toBe(Math.round(first.price.amount * 100));

    // One space of two is now held (50 %): an occupancy band above 40 % doubles the price, and the
    // highest of the rules that apply wins.
    expect(
      (
        await call(manager, "POST", rulesUrl(), {
          name: "Busy",
          adjustment_percent: 100,
          occupancy_above_percent: 40,
        })
      ).statusCode,
    ).toBe(201);
    const busy = await quoted(driver, start, end);
    expect(busy.price.breakdown).toMatchObject({
      parking: 4000,
      busy_time: { rule: "Busy", normal_parking: 2000 },
    });
    // The park page prices the band from the free spaces it shows.
    const busyShown = (await availability(start, end)).json<Availability>();
    expect(busyShown).toMatchObject({ available: 1, price: busy.price });
    // "Pay the difference" (a hold) is held to a quote as the booking is: refused without its
    // token, and with it holds the quoted total.
    const short = await fundedUser(db, 0);
    const unquoted = await holdWindow(ctx.app, short, park.id, start, end);
    expect(unquoted.statusCode, unquoted.body).toBe(409);
    expect(unquoted.json().code).toBe("quote_required");
    const shortQuote = await quoted(short, start, end);
    const held = await holdWindow(ctx.app, short, park.id, start, end, {
      quote_token: shortQuote.quote_token,
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json<{ total: number }>().total).toBe(busy.price.amount);

    // The rates changed since the quote: asked again, never charged another amount.
    await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 1100, daily_max: 20000 }],
    });
    const changed = await bookWith(driver, start, end, busy.quote_token);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().code).toBe("quote_changed");
    await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 1000, daily_max: 20000 }],
    });

    // A quote past its time: asked again.
    const late = await quoted(driver, start, end);
    shift += QUOTE_TOKEN_TTL_MS + MINUTE;
    const expired = await bookWith(driver, start, end, late.quote_token);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: "quote_expired" });
    expect(await balance(driver)).toBe(before - Math.round(first.price.amount * 100));

    // An extension keeps the booking's rule (+50 %, the event day's), whatever applies now.
    const extension = await extend(ctx.app, driver, b, at(29 * HOUR));
    expect(extension.statusCode, extension.body).toBe(200);
    expect(extension.json<Booking>().breakdown).toMatchObject({
      parking: 4500,
      busy_time: { rule: "Match day", normal_parking: 3000 },
    });

    // The sales report says what the rules added to the park's parking (₦4,500 against ₦3,000).
    const today = dayOnClock(clock(), "Africa/Lagos");
    const report = await call(
      manager,
      "GET",
      `/admin/reports/sales?park_id=${park.id}&from=${addDays(today, -1)}&to=${today}&size=25`,
    );
    expect(report.statusCode, report.body).toBe(200);
    const sale = report.json().items.find((r: { code: string }) => r.code === b.booking_code);
    expect(sale).toMatchObject({ parking: 4500, busy_time: 1500 });
    expect(report.json().totals[0]).toMatchObject({ currency: "NGN", busy_time: 1500 });

    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });
});
