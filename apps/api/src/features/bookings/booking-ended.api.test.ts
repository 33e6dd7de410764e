/**
 * A booking whose window ended without the car coming in: its details no longer carry the entry
 * QR code (nothing is left to enter for); a car still inside keeps its code to leave with.
 */
import type { Booking, BookingDetail, BookingPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { allDayPark, book, fundedUser } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let park: number;
/** The app's clock, set by each step. */
let now = new Date("2026-12-10T06:00:00Z");
const START = new Date("2026-12-10T08:00:00Z");
const END = new Date("2026-12-10T10:00:00Z");

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  db = ctx.database.db;
  park = await allDayPark(db);
});
afterAll(() => ctx?.close());

async function booked() {
  now = new Date("2026-12-10T06:00:00Z");
  const driver = await fundedUser(db);
  const res = await book(ctx.app, driver, { park_id: park, start: START, end: END });
  expect(res.statusCode).toBe(201);
  return { driver, b: res.json<Booking>() };
}

const details = async (driver: { token: string }, code: string) => {
  const res = await ctx.app.inject({ url: `/api/v1/bookings/${code}`, headers: bearer(driver) });
  expect(res.statusCode).toBe(200);
  return res.json<BookingDetail>();
};

describe("the QR code of a booking whose window has ended", () => {
  it("is there until the window's end, and gone from its end on when the car never came in", async () => {
    const { driver, b } = await booked();
    expect(b.qr).toEqual(expect.any(String));
    now = new Date(END.getTime() - 60_000);
    expect((await details(driver, b.booking_code)).qr).toEqual(expect.any(String));
    now = END;
    const ended = await details(driver, b.booking_code);
    expect(ended).toMatchObject({ status: "active", checked_in_at: null, end_time: END.toISOString() });
    expect(ended.qr).toBeNull();
    // And in the list of bookings.
    const list = await ctx.app.inject({ url: "/api/v1/bookings/list", headers: bearer(driver) });
    const row = list.json<BookingPage>().items.find((x) => x.booking_code === b.booking_code);
    expect(row?.qr).toBeNull();
  });

  it("stays for a car still inside after the end: it leaves with it", async () => {
    const { driver, b } = await booked();
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = ${START.toISOString()}::timestamptz WHERE id = ${b.id}`,
    );
    now = new Date(END.getTime() + 30 * 60_000);
    expect((await details(driver, b.booking_code)).qr).toEqual(expect.any(String));
  });
});
