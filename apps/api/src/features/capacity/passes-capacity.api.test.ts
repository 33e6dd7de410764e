import { randomUUID } from "node:crypto";
import { instantOfWallClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, createUser, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { allDayPark, book, fundedUser, HOUR } from "../bookings/bookings.test-kit";

/**
 * Monthly passes hold spaces in the capacity engine (space_holds, booking_peak): one space of
 * their park and vehicle type in each weekly window of their plan, on the park's clock, from the
 * pass's start until it is no longer held. Every reader of booking_peak (the booking writes, the
 * park page's free spaces, a capacity cut) sees them with no code of its own. The passes are
 * written as rows here: this tests the engine, not the sale.
 */
describe("monthly passes in the capacity engine", () => {
  let ctx: TestContext;
  let db: Db;
  let driver: TestUser;
  let lagos: number;
  let toronto: number;
  const DAY = 24 * HOUR;

  /** The instant of a wall-clock time ("2027-03-15T07:00") in a zone, by the zone rules the product uses. */
  const local = (wall: string, zone: string) => new Date(instantOfWallClock(Date.parse(`${wall}Z`), zone));

  async function plan(parkId: number, windows: [weekday: number, start: string, end: string][]) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO parking_plans (park_id, name, status, allocation)
        VALUES (${parkId}, '{"en":"Test plan","fr":"Forfait test"}'::jsonb, 'on_sale', 10) RETURNING id`,
    );
    const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
    for (const [weekday, start, end] of windows) {
      await db.execute(sql`INSERT INTO plan_windows (plan_id, weekday, start_minute, end_minute)
        VALUES (${row!.id}, ${weekday}, ${minutes(start)}, ${minutes(end)})`);
    }
    return row!.id;
  }

  let passes = 0;
  async function pass(
    planId: number,
    parkId: number,
    o: { starts: Date; heldUntil?: Date | "infinity"; status?: string; endedReason?: string },
  ) {
    passes += 1;
    const paidUntil = new Date(o.starts.getTime() + 30 * DAY);
    const held =
      o.heldUntil === undefined || o.heldUntil === "infinity" ? "infinity" : o.heldUntil.toISOString();
    await db.execute(sql`INSERT INTO passes (id, pass_code, user_id, plan_id, park_id, vehicle_type_id, plates,
        status, ended_reason, starts_at, paid_until, held_until, term_months, currency, monthly_minor,
        created_at, updated_at)
      VALUES (${randomUUID()}, ${`PTEST${passes}`}, ${driver.id}, ${planId}, ${parkId}, 1,
        ARRAY[${`PAS ${passes} AA`}]::text[], ${o.status ?? "active"}, ${o.endedReason ?? null},
        ${o.starts.toISOString()}::timestamptz, ${paidUntil.toISOString()}::timestamptz,
        ${held}::timestamptz, 1, 'NGN', 5000000, now(), now())`);
    return `PTEST${passes}`;
  }

  const peak = async (parkId: number, start: Date, end: Date) => {
    const [row] = await queryRows<{ peak: number }>(
      db,
      sql`SELECT booking_peak(${parkId}, 1, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, NULL) AS peak`,
    );
    return Number(row!.peak);
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    driver = await createUser(db);
    lagos = await allDayPark(db, { timeZone: "Africa/Lagos" });
    toronto = await allDayPark(db, { countryId: null, timeZone: "America/Toronto" });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("a weekday pass holds a space in its hours on the park's clock and nowhere else", async () => {
    const weekdays = await plan(
      lagos,
      [1, 2, 3, 4, 5].map((d) => [d, "07:00", "19:00"] as [number, string, string]),
    );
    // 2027-03-01 is a Monday.
    await pass(weekdays, lagos, { starts: local("2027-03-01T00:00", "Africa/Lagos") });
    const z = "Africa/Lagos";
    expect(await peak(lagos, local("2027-03-03T09:00", z), local("2027-03-03T11:00", z))).toBe(1);
    expect(await peak(lagos, local("2027-03-03T06:00", z), local("2027-03-03T07:00", z))).toBe(0);
    // Its window ends at 19:00: a stay from 19:00 does not meet it; one to 19:01 does.
    expect(await peak(lagos, local("2027-03-03T19:00", z), local("2027-03-03T21:00", z))).toBe(0);
    expect(await peak(lagos, local("2027-03-03T18:00", z), local("2027-03-03T19:01", z))).toBe(1);
    // Saturday and Sunday are not in the plan.
    expect(await peak(lagos, local("2027-03-06T00:00", z), local("2027-03-08T06:59", z))).toBe(0);
    // Before the pass starts, nothing: 2027-02-26 is a Friday.
    expect(await peak(lagos, local("2027-02-26T09:00", z), local("2027-02-26T11:00", z))).toBe(0);
    // A week of stays sees one space at most: the pass is one car.
    expect(await peak(lagos, local("2027-03-01T00:00", z), local("2027-03-08T00:00", z))).toBe(1);
  });

  it("a night window runs past midnight, and a DST change keeps it on the park's clock", async () => {
    const z = "America/Toronto";
    // Every night 18:00 to 08:00.
    const nights = await plan(
      toronto,
      [1, 2, 3, 4, 5, 6, 7].map((d) => [d, "18:00", "08:00"] as [number, string, string]),
    );
    await pass(nights, toronto, { starts: local("2027-03-01T00:00", z) });
    // Monday's night reaches Tuesday 07:59.
    expect(await peak(toronto, local("2027-03-02T02:00", z), local("2027-03-02T03:00", z))).toBe(1);
    expect(await peak(toronto, local("2027-03-02T08:00", z), local("2027-03-02T17:59", z))).toBe(0);
    // Clocks go forward on Sunday 2027-03-14 at 02:00 in Toronto: 18:00 is still 18:00 on the wall.
    expect(await peak(toronto, local("2027-03-14T12:00", z), local("2027-03-14T17:59", z))).toBe(0);
    expect(await peak(toronto, local("2027-03-14T17:00", z), local("2027-03-14T18:01", z))).toBe(1);
    expect(local("2027-03-14T18:00", z).toISOString()).toBe("2027-03-14T22:00:00.000Z");
  });

  it("a cancelled pass holds until its held end; an ended one, a pass of another park or type, nothing", async () => {
    const z = "Africa/Lagos";
    const other = await allDayPark(db, { timeZone: z, minCapacity: 1 }).then(async (first) => {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM parks WHERE time_zone = ${z} AND id <> ${first} AND id <> ${lagos} ORDER BY id LIMIT 1`,
      );
      return row!.id;
    });
    const allWeek = await plan(
      other,
      [1, 2, 3, 4, 5, 6, 7].map((d) => [d, "00:00", "24:00"] as [number, string, string]),
    );
    await pass(allWeek, other, {
      starts: local("2027-05-03T00:00", z),
      heldUntil: local("2027-06-02T00:00", z),
    });
    await pass(allWeek, other, {
      starts: local("2027-05-03T00:00", z),
      heldUntil: local("2027-06-02T00:00", z),
      status: "ended",
      endedReason: "cancelled",
    });
    expect(await peak(other, local("2027-06-01T23:00", z), local("2027-06-02T01:00", z))).toBe(1);
    expect(await peak(other, local("2027-06-02T00:00", z), local("2027-06-03T00:00", z))).toBe(0);
    // 24/7: one space all along, over the midnight joints of its seven windows.
    expect(await peak(other, local("2027-05-03T00:00", z), local("2027-06-02T00:00", z))).toBe(1);
    // The other park's pass holds nothing at the first park, nor for another vehicle type.
    expect(await peak(lagos, local("2027-05-08T00:00", z), local("2027-05-09T00:00", z))).toBe(0);
    const [motorbike] = await queryRows<{ peak: number }>(
      db,
      sql`SELECT booking_peak(${other}, 2, ${local("2027-05-08T00:00", z).toISOString()}::timestamptz,
        ${local("2027-05-09T00:00", z).toISOString()}::timestamptz, NULL) AS peak`,
    );
    expect(Number(motorbike!.peak)).toBe(0);
  });

  it("a booking in a pass's hours finds the space taken; outside them it books; a capacity cut names the pass", async () => {
    // A park of one car space whose only space a renewing 24/7 pass holds on weekdays only.
    const z = "Africa/Lagos";
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
        WHERE p.open_24h AND p.status = 'active' AND p.time_zone = ${z}
          AND p.operator_id = ${await operatorId(db, "Harbourview Parking Ltd")}
          AND NOT EXISTS (SELECT 1 FROM parking_plans pl WHERE pl.park_id = p.id)
        ORDER BY p.id LIMIT 1`,
    );
    const parkId = row!.id;
    await db.execute(
      sql`UPDATE park_capacities SET capacity = 1 WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
    );
    const weekdays = await plan(
      parkId,
      [1, 2, 3, 4, 5].map((d) => [d, "00:00", "24:00"] as [number, string, string]),
    );
    const code = await pass(weekdays, parkId, { starts: new Date(Date.now() - DAY) });
    // The next Wednesday and Saturday from now on the park's clock, at noon.
    const day = (isoWeekday: number) => {
      for (let d = 1; d <= 8; d += 1) {
        const t = new Date(Date.now() + d * DAY);
        const wd = new Date(t.toLocaleString("en-US", { timeZone: z })).getDay() || 7;
        if (wd === isoWeekday) {
          const ymd = t.toLocaleDateString("en-CA", { timeZone: z });
          return local(`${ymd}T12:00`, z);
        }
      }
      throw new Error("no such day");
    };
    const wednesday = day(3);
    const saturday = day(6);
    const d1 = await fundedUser(db);
    const refused = await book(ctx.app, d1, {
      park_id: parkId,
      start: wednesday,
      end: new Date(wednesday.getTime() + 2 * HOUR),
      plate_number: "PSS 1 AA",
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const booked = await book(ctx.app, d1, {
      park_id: parkId,
      start: saturday,
      end: new Date(saturday.getTime() + 2 * HOUR),
      plate_number: "PSS 1 AA",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // The park page says the weekday is full and the Saturday had its one space.
    const availability = async (start: Date) => {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/v1/front/parks/${parkId}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(new Date(start.getTime() + HOUR).toISOString())}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ available: number }>().available;
    };
    expect(await availability(wednesday)).toBe(0);
    expect(await availability(new Date(saturday.getTime() + 3 * HOUR))).toBe(1);
    // Cutting the capacity to none is refused, naming the pass among what would lose its space;
    // the open-ended look-ahead of a renewing pass finishes.
    const manager = await createStaff(db, "branch_manager", {
      operatorId: await operatorId(db, "Harbourview Parking Ltd"),
    });
    const cut = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/parks/${parkId}/capacities`,
      headers: bearer(manager),
      payload: { capacities: [{ vehicle_type_id: 1, capacity: 0 }] },
    });
    expect(cut.statusCode, cut.body).toBe(409);
    const codes = (cut.json().conflicts as { bookings: { booking_code: string }[] }[]).flatMap((c) =>
      c.bookings.map((b) => b.booking_code),
    );
    expect(codes).toContain(code);
    expect(codes.filter((c) => c === code)).toHaveLength(1);
  });
});
