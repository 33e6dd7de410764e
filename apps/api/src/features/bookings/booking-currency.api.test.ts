import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayPark, at, book, extend, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

/**
 * A booking is priced again (extended, renewed, its overstay at the gate) only in its own currency.
 * A park's country cannot change while it has bookings not finished (admin-parks.api.test.ts), so a
 * booking at a park now in another currency is a state from before that rule: written here straight
 * to the database, as such a park would have been moved.
 */
let ctx: TestContext;
let db: Db;
let gateStaff: TestUser;
/** A Nigerian and a Canadian park open all day, chosen before either moves. */
let ngPark: number;
let caPark: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  gateStaff = await createStaff(db, "admin");
  ngPark = await allDayPark(db);
  caPark = await allDayPark(db, { countryId: 2 });
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

/** The park moved to another country as it could be before the rule, with rates in its new currency. */
async function movedInDatabase(parkId: number, countryId: number, timeZone: string, hourly: number) {
  await db.execute(
    sql`UPDATE parks SET country_id = ${countryId}, state_id = NULL, time_zone = ${timeZone} WHERE id = ${parkId}`,
  );
  await db.execute(sql`UPDATE park_rates SET hourly_minor = ${hourly}, daily_max_minor = ${hourly * 8}
    WHERE park_id = ${parkId} AND kind = 'standard'`);
}

const bookingRow = async (id: string) =>
  (
    await queryRows<{
      status: string;
      end_time: Date;
      total_minor: string;
      paid_minor: string;
      moves: number;
    }>(
      db,
      sql`SELECT status, end_time, total_minor::text, paid_minor::text, moves FROM bookings WHERE id = ${id}`,
    )
  )[0]!;

const mismatch = (paid: string, charged: string) =>
  `This booking was paid in ${paid} but the park now charges in ${charged}, so it cannot be priced again`;

async function booked(driver: TestUser, parkId: number, from: number, to: number, plate: string) {
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start: at(from),
    end: at(to),
    plate_number: plate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

describe("a booking at a park whose country changed", () => {
  it("an NGN booking at a park now in Canada is neither extended nor renewed: no CAD price is charged in NGN", async () => {
    const parkId = ngPark;
    const driver = await fundedUser(db, 100_000_000);
    const live = await booked(driver, parkId, 2 * HOUR, 4 * HOUR, "LAG 301 CU");
    const dropped = await booked(driver, parkId, 6 * HOUR, 7 * HOUR, "LAG 302 CU");
    expect(live.currency).toBe("NGN");
    expect((await setStatus(ctx.app, driver, dropped.id, "cancelled")).statusCode).toBe(200);
    await movedInDatabase(parkId, 2, "America/Toronto", 500);
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    const before = await bookingRow(live.id);

    const longer = await extend(ctx.app, driver, live, at(5 * HOUR));
    expect(longer.statusCode, longer.body).toBe(409);
    expect(longer.json()).toMatchObject({ code: "currency_mismatch", message: mismatch("NGN", "CAD") });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/extend",
      headers: { ...bearer(driver), "accept-language": "fr" },
      payload: { booking_id: live.id, new_end_time: at(5 * HOUR).toISOString() },
    });
    expect(fr.json().message).toBe(
      "Cette réservation a été payée en NGN mais le parking facture désormais en CAD\u00a0: elle ne peut pas être tarifée à nouveau",
    );
    const renewed = await setStatus(ctx.app, driver, dropped.id, "active");
    expect(renewed.statusCode, renewed.body).toBe(409);
    expect(renewed.json()).toMatchObject({ code: "currency_mismatch", message: mismatch("NGN", "CAD") });

    expect(await bookingRow(live.id)).toEqual(before);
    expect((await bookingRow(dropped.id)).status).toBe("cancelled");
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
    // Cancelling prices nothing: the refund is the booking's own parking amount, in NGN.
    const cancelled = await setStatus(ctx.app, driver, live.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(
      balance + Math.round(live.breakdown.parking * 100),
    );
  });

  it("a CAD booking at a park now in Nigeria is not extended, nor its overstay priced at the gate, in NGN minor units", async () => {
    const parkId = caPark;
    const driver = await fundedUser(db, 1_000_000_000, "CAD");
    const live = await booked(driver, parkId, 2 * HOUR, 4 * HOUR, "ONT 401 CU");
    const late = await booked(driver, parkId, 8 * HOUR, 9 * HOUR, "ONT 402 CU");
    const early = await booked(driver, parkId, 10 * HOUR, 11 * HOUR, "ONT 403 CU");
    expect(live.currency).toBe("CAD");
    // At the gate: one car an hour past its end, one inside its window.
    await db.execute(sql`UPDATE bookings SET start_time = now() - interval '3 hours', end_time = now() - interval '1 hour',
      checked_in_at = now() - interval '170 minutes' WHERE id = ${late.id}`);
    await db.execute(sql`UPDATE bookings SET start_time = now() - interval '1 hour', end_time = now() + interval '1 hour',
      checked_in_at = now() - interval '50 minutes' WHERE id = ${early.id}`);
    await movedInDatabase(parkId, 1, "Africa/Lagos", 201_500);
    const balance = await walletBalanceMinor(db, driver.id, "CAD");
    const before = await bookingRow(live.id);

    const longer = await extend(ctx.app, driver, live, at(5 * HOUR));
    expect(longer.statusCode, longer.body).toBe(409);
    expect(longer.json()).toMatchObject({ code: "currency_mismatch", message: mismatch("CAD", "NGN") });
    expect(await bookingRow(live.id)).toEqual(before);

    const checkout = (code: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/admin/checkouts",
        headers: bearer(gateStaff),
        payload: { code, park_id: parkId },
      });
    const overstay = await checkout(late.booking_code);
    expect(overstay.statusCode, overstay.body).toBe(409);
    expect(overstay.json()).toMatchObject({ code: "currency_mismatch", message: mismatch("CAD", "NGN") });
    const [lateRow] = await queryRows<{ checked_out_at: Date | null; moves: number }>(
      db,
      sql`SELECT checked_out_at, moves FROM bookings WHERE id = ${late.id}`,
    );
    expect(lateRow).toEqual({ checked_out_at: null, moves: 1 });
    // Leaving inside the window prices nothing: the exit is recorded.
    const inTime = await checkout(early.booking_code);
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json()).toMatchObject({ overstay_amount: 0, charged: 0, currency: "CAD" });
    expect(await walletBalanceMinor(db, driver.id, "CAD")).toBe(balance);
  });
});
