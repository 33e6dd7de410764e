// A window's availability says, for each of the park's active EV charger groups, how many of its
// chargers are free for the whole window (decision 048), before the driver pays: the same count
// (charger_peak over charger_holds) the booking's reserve_charger refuses on.
import type { Availability, Booking, ParkDetail, WindowCharger } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { overbookedChargers } from "../../test/ledger-invariants";
import {
  addChargers,
  allDayParks,
  at,
  book,
  fundedUser,
  HOUR,
  setStatus,
} from "../bookings/bookings.test-kit";

const MINUTE = 60_000;

describe("GET /front/parks/{park}/availability: the charger groups' free chargers", () => {
  let ctx: TestContext;
  let db: Db;
  let parks: number[];
  /** The app's clock runs this far ahead of the process's (a hold's expiry is tested by moving it). */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);

  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
    db = ctx.database.db;
    parks = await allDayParks(db, 5);
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    shift = 0;
    expect(await overbookedChargers(db)).toEqual([]);
  });

  const availability = async (park: number, start: Date, end: Date) => {
    const res = await ctx.app.inject({
      url: `/api/v1/front/parks/${park}/availability`,
      query: { vehicle_type_id: "1", start_time: start.toISOString(), end_time: end.toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Availability>();
  };
  /** The groups' free counts over a window, by group id. */
  const freeOf = async (park: number, start: Date, end: Date) =>
    new Map((await availability(park, start, end)).chargers.map((c) => [c.id, c.free]));
  const hold = (u: TestUser, park: number, start: Date, end: Date, chargerId: number) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/hold",
      headers: bearer(u),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        charger_id: chargerId,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
      },
    });

  it("counts down as bookings and live holds take chargers, and a full group is what a booking is refused", async () => {
    const park = parks[0]!;
    const three = await addChargers(db, park, { count: 3, connector: "ccs2", powerKw: 150 });
    const one = await addChargers(db, park, { count: 1, connector: "type2", powerKw: 22 });
    const start = at(3 * HOUR);
    const end = at(5 * HOUR);
    const before = await availability(park, start, end);
    expect(before.chargers).toContainEqual({ id: three, count: 3, free: 3 });
    expect(before.chargers).toContainEqual({ id: one, count: 1, free: 1 });

    // A booking of the window takes one of the three; the other group keeps its charger.
    const a = await fundedUser(db);
    expect((await book(ctx.app, a, { park_id: park, start, end, charger_id: three })).statusCode).toBe(201);
    const after = await freeOf(park, start, end);
    expect([after.get(three), after.get(one)]).toEqual([2, 1]);
    // A live hold (the driver paying the difference) of part of the window takes another.
    const h = await hold(await createUser(db), park, at(4 * HOUR), at(6 * HOUR), three);
    expect(h.statusCode, h.body).toBe(201);
    expect((await freeOf(park, start, end)).get(three)).toBe(1);
    // A booking overlapping both at 4:30 takes the last one for the window: free 0, and a booking
    // of the group over the window is refused, as the count said.
    const c = await fundedUser(db);
    expect(
      (await book(ctx.app, c, { park_id: park, start: at(4.5 * HOUR), end: at(7 * HOUR), charger_id: three }))
        .statusCode,
    ).toBe(201);
    expect((await freeOf(park, start, end)).get(three)).toBe(0);
    const refused = await book(ctx.app, await fundedUser(db), {
      park_id: park,
      start,
      end,
      charger_id: three,
    });
    expect(refused.json().code).toBe("charger_full");
    // The peak, not the sum: from 5:00 the first booking has ended (two held, one free).
    expect((await freeOf(park, at(5 * HOUR), at(6 * HOUR))).get(three)).toBe(1);
    // Windows that overlap none of them have every charger free, an end touching a start included.
    expect((await freeOf(park, at(7 * HOUR), at(8 * HOUR))).get(three)).toBe(3);
    expect((await freeOf(park, at(HOUR), at(3 * HOUR))).get(three)).toBe(3);
    expect((await freeOf(park, at(10 * HOUR), at(12 * HOUR))).get(three)).toBe(3);
    // The other group was never taken.
    expect((await freeOf(park, start, end)).get(one)).toBe(1);
  });

  it("a cancelled booking gives its charger back, and an expired hold its own", async () => {
    const park = parks[1]!;
    const charger = await addChargers(db, park, { count: 2 });
    const start = at(3 * HOUR);
    const end = at(4 * HOUR);
    const a = await fundedUser(db);
    const mine = (await book(ctx.app, a, { park_id: park, start, end, charger_id: charger })).json<Booking>();
    expect((await hold(await createUser(db), park, start, end, charger)).statusCode).toBe(201);
    expect((await freeOf(park, start, end)).get(charger)).toBe(0);

    expect((await setStatus(ctx.app, a, mine.id, "cancelled")).statusCode).toBe(200);
    expect((await freeOf(park, start, end)).get(charger)).toBe(1);
    // Past its expiry on the app's clock, the hold holds nothing.
    shift = 31 * MINUTE;
    expect((await freeOf(park, start, end)).get(charger)).toBe(2);
  });

  it("lists the park's active groups only, in the park page's order, and none at a park without chargers", async () => {
    const park = parks[2]!;
    const kept = await addChargers(db, park, { count: 2, powerKw: 7.4, connector: "type2" });
    const inactive = await addChargers(db, park, { count: 4, status: "inactive" });
    const deactivated = await addChargers(db, park, { count: 1, powerKw: 300 });
    const elsewhere = await addChargers(db, parks[3]!, { count: 1 });
    await db.execute(sql`UPDATE park_chargers SET status = 'inactive' WHERE id = ${deactivated}`);

    const a = await availability(park, at(3 * HOUR), at(4 * HOUR));
    const ids = a.chargers.map((c) => c.id);
    expect(ids).toContain(kept);
    for (const gone of [inactive, deactivated, elsewhere]) expect(ids).not.toContain(gone);
    const page = (await ctx.app.inject({ url: `/api/v1/front/parks/${park}` })).json<ParkDetail>();
    expect(ids).toEqual(page.chargers.map((c) => c.id));
    expect(a.chargers).toEqual(page.chargers.map((c) => ({ id: c.id, count: c.count, free: c.count })));

    const [bare] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p
          WHERE p.status = 'active' AND p.open_24h
            AND NOT EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = p.id AND c.status = 'active')
          ORDER BY p.id LIMIT 1`,
    );
    expect((await availability(Number(bare!.id), at(3 * HOUR), at(4 * HOUR))).chargers).toEqual([]);
  });

  it("has no charger free in a window the park cannot take, as it has no space", async () => {
    const park = parks[4]!;
    const charger = await addChargers(db, park, { count: 2 });
    const past = await availability(park, at(-3 * HOUR), at(-2 * HOUR));
    expect(past).toMatchObject({ bookable: false, available: 0 });
    expect(past.chargers.find((c) => c.id === charger)).toEqual<WindowCharger>({
      id: charger,
      count: 2,
      free: 0,
    });
  });
});
