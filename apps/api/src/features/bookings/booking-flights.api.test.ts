// A booking's flight at an airport park (decision 068): given with the booking or later, checked
// against the park's type and the booking's days on its clock, shown to the driver, the attendant
// and on the wallet pass; bad input changes nothing, another driver's booking is a 404.
import {
  dayOnClock,
  FLIGHT_AT_AIRPORT_MESSAGE,
  FLIGHT_CHANGE_CLOSED_MESSAGE,
  FLIGHT_NUMBER_TEXT,
  RETURN_DATE_OUTSIDE_MESSAGE,
  type Booking,
  type GateBooking,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bookingPassContent } from "../../lib/wallet-pass/content";
import { bearer, createStaff, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { at, book, fundedUser, holdWindow, HOUR, setStatus } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let airport: { id: number; time_zone: string; operator_id: number };
let cityPark: number;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  [airport] = (await queryRows<typeof airport>(
    db,
    sql`SELECT id, time_zone, operator_id FROM parks
        WHERE type = 'airport' AND status = 'active' AND open_24h AND time_zone = 'Africa/Lagos' AND operator_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM park_rate_rules r WHERE r.park_id = parks.id AND r.active)
        ORDER BY id LIMIT 1`,
  )) as [typeof airport];
  [{ id: cityPark }] = (await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM parks WHERE type = 'city' AND status = 'active' AND open_24h AND time_zone = 'Africa/Lagos'
          AND NOT EXISTS (SELECT 1 FROM park_rate_rules r WHERE r.park_id = parks.id AND r.active)
        ORDER BY id LIMIT 1`,
  )) as [{ id: number }];
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

const DAY = 24 * HOUR;
const putFlight = (user: TestUser, id: string, payload: object) =>
  ctx.app.inject({ method: "PUT", url: `/api/v1/bookings/${id}/flight`, headers: bearer(user), payload });
const stored = async (id: string) =>
  await queryRows<{ flight_number: string | null; return_date: string | null }>(
    db,
    sql`SELECT flight_number, return_date::text FROM booking_flights WHERE booking_id = ${id}`,
  );

describe("a booking's flight", () => {
  it("is taken with a booking at an airport park, written as airlines do, and shown on the booking, at the gate and on the pass", async () => {
    const driver = await fundedUser(db);
    // Ten minutes ahead: the attendant may check it in (within the grace before the start).
    const start = at(10 * 60_000);
    const end = at(3 * DAY);
    const returns = dayOnClock(new Date(end.getTime() - 6 * HOUR), airport.time_zone);
    const res = await book(ctx.app, driver, {
      park_id: airport.id,
      start,
      end,
      flight_number: " w3-105 ",
      return_date: returns,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    expect(b.flight).toEqual({ flight_number: "W3105", return_date: returns });
    expect(b.park.type).toBe("airport");

    const read = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/bookings/${b.booking_code}`,
      headers: bearer(driver),
    });
    expect(read.json<Booking>().flight).toEqual({ flight_number: "W3105", return_date: returns });

    const attendant = await createStaff(db, "employee", {
      operatorId: airport.operator_id,
      parkIds: [airport.id],
    });
    const gate = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkins",
      headers: bearer(attendant),
      payload: { code: b.booking_code, park_id: airport.id },
    });
    expect(gate.statusCode, gate.body).toBe(200);
    expect(gate.json<{ booking: GateBooking }>().booking.flight).toEqual({
      flight_number: "W3105",
      return_date: returns,
    });

    const pass = bookingPassContent(read.json<Booking>(), "fr");
    expect(pass.fields).toEqual(
      expect.arrayContaining([
        { key: "flight", label: "Vol", value: "W3105" },
        expect.objectContaining({ key: "returns", label: "Retour de vol" }),
      ]),
    );
  });

  it("is refused at a park that is not an airport, outside the booking's days, or badly written: nothing is booked", async () => {
    const driver = await fundedUser(db);
    const start = at(2 * HOUR);
    const end = at(2 * DAY);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id}`,
        )
      )[0]!.n;
    const cases = [
      [{ park_id: cityPark, flight_number: "BA75" }, "flight_number", FLIGHT_AT_AIRPORT_MESSAGE],
      [
        { park_id: cityPark, return_date: dayOnClock(start, airport.time_zone) },
        "return_date",
        FLIGHT_AT_AIRPORT_MESSAGE,
      ],
      [{ park_id: airport.id, flight_number: "BRITISH 75" }, "flight_number", FLIGHT_NUMBER_TEXT],
      [{ park_id: airport.id, flight_number: "75" }, "flight_number", FLIGHT_NUMBER_TEXT],
      [
        {
          park_id: airport.id,
          return_date: dayOnClock(new Date(end.getTime() + 2 * DAY), airport.time_zone),
        },
        "return_date",
        RETURN_DATE_OUTSIDE_MESSAGE,
      ],
      [
        {
          park_id: airport.id,
          return_date: dayOnClock(new Date(start.getTime() - 2 * DAY), airport.time_zone),
        },
        "return_date",
        RETURN_DATE_OUTSIDE_MESSAGE,
      ],
      [{ park_id: airport.id, return_date: "2031-02-30" }, "return_date", "Use a date as YYYY-MM-DD"],
    ] as const;
    for (const [args, field, message] of cases) {
      const res = await book(ctx.app, driver, { start, end, ...args });
      expect(res.statusCode, JSON.stringify(args)).toBe(422);
      expect(res.json<{ fields: Record<string, string> }>().fields[field], JSON.stringify(args)).toBe(
        message,
      );
    }
    expect(await count()).toBe(0);
  });

  it("is given or changed later until the booking ends, cleared with nulls; another driver's booking is a 404", async () => {
    const driver = await fundedUser(db);
    const other = await fundedUser(db);
    const start = at(2 * HOUR);
    const end = at(4 * DAY);
    const b = (await book(ctx.app, driver, { park_id: airport.id, start, end })).json<Booking>();
    expect(b.flight).toBeNull();
    const day = (ms: number) => dayOnClock(new Date(start.getTime() + ms), airport.time_zone);

    const given = await putFlight(driver, b.id, { flight_number: "AF 148", return_date: day(DAY) });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json<Booking>().flight).toEqual({ flight_number: "AF148", return_date: day(DAY) });
    // A delayed flight: the return date moves, the number stays.
    const moved = await putFlight(driver, b.id, { flight_number: "AF148", return_date: day(2 * DAY) });
    expect(moved.json<Booking>().flight).toEqual({ flight_number: "AF148", return_date: day(2 * DAY) });

    const theirs = await putFlight(other, b.id, { flight_number: "BA75" });
    expect(theirs.statusCode).toBe(404);
    const outside = await putFlight(driver, b.id, { return_date: day(10 * DAY) });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ fields: { return_date: RETURN_DATE_OUTSIDE_MESSAGE } });
    expect(await stored(b.id)).toEqual([{ flight_number: "AF148", return_date: day(2 * DAY) }]);

    const cleared = await putFlight(driver, b.id, { flight_number: null, return_date: null });
    expect(cleared.json<Booking>().flight).toBeNull();
    expect(await stored(b.id)).toEqual([]);

    const cancelled = await setStatus(ctx.app, driver, b.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const late = await putFlight(driver, b.id, { flight_number: "AF148" });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ fields: { flight_number: FLIGHT_CHANGE_CLOSED_MESSAGE } });
    expect(await stored(b.id)).toEqual([]);
  });

  it("goes with a held window through the top-up of the difference: the booking has it once paid", async () => {
    const driver = await createUser(db);
    const start = at(2 * HOUR);
    const end = at(2 * DAY);
    const returns = dayOnClock(new Date(end.getTime() - 6 * HOUR), airport.time_zone);
    const flight = { flight_number: "ba 75", return_date: returns };
    // Refused as a booking's would be: the hold is not made.
    const wrong = await holdWindow(ctx.app, driver, cityPark, start, end, flight);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ fields: { flight_number: FLIGHT_AT_AIRPORT_MESSAGE } });
    const held = await holdWindow(ctx.app, driver, airport.id, start, end, flight);
    expect(held.statusCode, held.body).toBe(201);
    const { booking_code, payment } = held.json<{ booking_code: string; payment: { reference: string } }>();
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(driver),
      query: { payment_reference: payment.reference, payment_provider: "demo" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const booked = await ctx.app.inject({
      method: "GET",
      url: `/api/v1/bookings/${booking_code}`,
      headers: bearer(driver),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect(booked.json<Booking>().flight).toEqual({ flight_number: "BA75", return_date: returns });
  });
});
