import { addDays, dayOnClock, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { allDayPark, book, fundedUser } from "../../bookings/bookings.test-kit";

/**
 * "Today" in the back office is the day on the clock of the park (or country) it is about, never
 * UTC's: at 00:30 in Lagos (UTC+1 all year) it is already tomorrow there, still today in Dakar and
 * in UTC. The app's clock is fixed at the 00:30 in Lagos nearest the process's time (the test clock
 * may set that), so the sessions and rows the test writes are of the same day.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NOW = (() => {
  const latest = Math.floor((Date.now() - 23.5 * HOUR) / DAY) * DAY + 23.5 * HOUR; // 23:30 UTC
  return new Date(Date.now() - latest <= 12 * HOUR ? latest : latest + DAY);
})();
const LAGOS_TODAY = dayOnClock(NOW, "Africa/Lagos");
const DAKAR_TODAY = dayOnClock(NOW, "Africa/Dakar");
/** A default range's first day: 29 before its last. */
const firstOf = (to: string) => addDays(to, -29);

let ctx: TestContext;
let db: Db;
let lagosPark: number;
let dakarPark: number;
let manager: TestUser;
let admin: TestUser;
let booking: Booking;

const get = (user: TestUser, url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(user) });

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => new Date(NOW) });
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  lagosPark = await allDayPark(db, { timeZone: "Africa/Lagos", operatorId: harbourview, minCapacity: 1 });
  dakarPark = await allDayPark(db, { timeZone: "Africa/Dakar", countryId: null, minCapacity: 1 });
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  admin = await createStaff(db, "admin");

  // Booked at 00:20 in Lagos (23:20 UTC on the 26th) for 00:40 to 02:40 on the 27th.
  const driver = await fundedUser(db);
  const res = await book(ctx.app, driver, {
    park_id: lagosPark,
    start: new Date(NOW.getTime() + 10 * MINUTE),
    end: new Date(NOW.getTime() + 130 * MINUTE),
  });
  expect(res.statusCode, res.body).toBe(201);
  booking = res.json<Booking>();
  await db.execute(
    sql`UPDATE bookings SET created_at = ${new Date(NOW.getTime() - 10 * MINUTE).toISOString()}::timestamptz
      WHERE id = ${booking.id}`,
  );
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("the back office's today at 00:30 in Lagos", () => {
  it("is the product's own reading of the instant", () => {
    expect(NOW.getUTCHours() * 60 + NOW.getUTCMinutes()).toBe(23 * 60 + 30);
    expect(LAGOS_TODAY).toBe(addDays(DAKAR_TODAY, 1));
    expect(DAKAR_TODAY).toBe(NOW.toISOString().slice(0, 10));
  });

  it("ends a report's default range on the park's today, with the booking made 20 minutes into it", async () => {
    const sales = await get(manager, `/admin/reports/sales?park_id=${lagosPark}&size=100`);
    expect(sales.statusCode, sales.body).toBe(200);
    expect(sales.json()).toMatchObject({ from: firstOf(LAGOS_TODAY), to: LAGOS_TODAY });
    expect(sales.json().items.map((r: { code: string }) => r.code)).toContain(booking.booking_code);

    const bookings = await get(manager, `/admin/reports/bookings?park_id=${lagosPark}&size=100`);
    expect(bookings.json()).toMatchObject({ to: LAGOS_TODAY });
    expect(bookings.json().items.map((r: { code: string }) => r.code)).toContain(booking.booking_code);

    // The CSV of the same default range names it.
    const csv = await get(manager, `/admin/reports/sales?park_id=${lagosPark}&format=csv`);
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="parkwell-sales-${firstOf(LAGOS_TODAY)}-to-${LAGOS_TODAY}.csv"`,
    );
    expect(csv.body).toContain(booking.booking_code);
  });

  it("is each park's own: still the 26th for a park in Dakar, the latest of all parks without one", async () => {
    const dakar = await get(admin, `/admin/reports/occupancy?park_id=${dakarPark}&size=25`);
    expect(dakar.statusCode, dakar.body).toBe(200);
    expect(dakar.json()).toMatchObject({ from: firstOf(DAKAR_TODAY), to: DAKAR_TODAY });
    const all = await get(admin, `/admin/reports/sales?size=10`);
    expect(all.json()).toMatchObject({ to: LAGOS_TODAY });
    // Ledger entries are nobody's park: the transactions report keeps UTC's days.
    const ledger = await get(admin, `/admin/reports/transactions?size=10`);
    expect(ledger.json()).toMatchObject({ to: DAKAR_TODAY });
  });

  it("counts the booking in the dashboard's today and the gate's arrivals", async () => {
    const dashboard = await get(manager, `/admin/dashboard?park_id=${lagosPark}`);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    expect(dashboard.json()).toMatchObject({ now: NOW.toISOString(), bookings_today: 1, arrivals_today: 1 });

    const gate = await get(manager, `/admin/gate/today?park_id=${lagosPark}`);
    expect(gate.statusCode, gate.body).toBe(200);
    const arrivals = gate.json().arrivals.map((b: { booking_code: string }) => b.booking_code);
    expect(arrivals).toContain(booking.booking_code);
  });

  it("ends the marketplace reports' default range on each country's today", async () => {
    const ng = await get(admin, "/admin/orders/reports/sales?country=NG");
    expect(ng.statusCode, ng.body).toBe(200);
    expect(ng.json()).toMatchObject({ from: firstOf(LAGOS_TODAY), to: LAGOS_TODAY });
    const sn = await get(admin, "/admin/orders/reports/items?country=SN");
    expect(sn.json()).toMatchObject({ from: firstOf(DAKAR_TODAY), to: DAKAR_TODAY });
    const csv = await get(admin, "/admin/orders/reports/sales?country=SN&format=csv");
    expect(csv.headers["content-disposition"]).toContain(
      `parkwell-market-sales-${firstOf(DAKAR_TODAY)}-to-${DAKAR_TODAY}.csv`,
    );
  });
});
