// The home page's activity figures (docs/PRODUCT-RULES.md#home-figures): the drivers who bought
// something and the bookings made in the last 30 days, and the share of the last 12 months'
// visible reviews with 4 stars or more, on the app's clock; each only from its threshold on.
import { randomUUID } from "node:crypto";
import {
  FIGURES_MIN_ACTIVE_USERS,
  FIGURES_MIN_BOOKINGS,
  FIGURES_MIN_REVIEWS,
  type ParkFigures,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { parkFigures } from "./parks.service";

// Years after any row the template database was seeded with: only this file's rows are in the windows.
const at = new Date("2031-03-15T12:00:00Z");
const DAY = 86_400_000;
const ago = (days: number) => new Date(at.getTime() - days * DAY);

let ctx: TestContext;
let db: Db;
let park: number;
beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => at });
  db = ctx.database.db;
  park = (await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos"))[0]!;
});
afterAll(async () => {
  await ctx?.close();
});

let n = 0;
/** A booking made at `made`, with its purchase row (as the booking flow writes both). */
async function booking(user: TestUser, made: Date): Promise<string> {
  n += 1;
  const id = randomUUID();
  const code = `PWFIG${n}`;
  const start = new Date(made.getTime() + DAY);
  await db.execute(sql`INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, start_time, end_time,
      status, currency, total_minor, paid_minor, breakdown, created_at, updated_at)
    VALUES (${id}, ${code}, ${user.id}, ${park}, 1, ${start.toISOString()}::timestamptz,
      ${new Date(start.getTime() + 3_600_000).toISOString()}::timestamptz, 'completed', 'NGN', 100000, 100000,
      '{}'::jsonb, ${made.toISOString()}::timestamptz, ${made.toISOString()}::timestamptz)`);
  await purchase(user, "booking", made, id, code);
  return id;
}
async function purchase(user: TestUser, kind: string, made: Date, id = randomUUID(), code = `XX-FIG${++n}`) {
  await db.execute(sql`INSERT INTO purchases (id, kind, code, user_id, created_at)
    VALUES (${id}, ${kind}, ${code}, ${user.id}, ${made.toISOString()}::timestamptz)`);
}
/** A review of a booking of its own, written at `written`. */
async function review(user: TestUser, stars: number, written: Date, hidden = false) {
  const bookingId = await booking(user, new Date(written.getTime() - 2 * DAY));
  // The booking's purchase is not this test's activity: move it out of the 30 days.
  await db.execute(
    sql`UPDATE purchases SET created_at = ${ago(400).toISOString()}::timestamptz WHERE id = ${bookingId}`,
  );
  await db.execute(sql`INSERT INTO reviews (booking_id, park_id, user_id, stars, language, stay_start, created_at,
      hidden_at, hidden_reason)
    VALUES (${bookingId}, ${park}, ${user.id}, ${stars}, 'en', ${written.toISOString()}::timestamptz,
      ${written.toISOString()}::timestamptz, ${hidden ? written.toISOString() : null}::timestamptz,
      ${hidden ? "Insults staff" : null})`);
}
const drivers = async (count: number) =>
  Promise.all(Array.from({ length: count }, () => createUser(db, {}, () => at)));

describe("the home page's activity figures", () => {
  it("are left out (null) with no activity, never zero", async () => {
    expect(await parkFigures(db, at)).toMatchObject({
      monthly_active_users: null,
      monthly_bookings: null,
      satisfaction_percent: null,
    });
  });

  it("count the drivers who bought something and the bookings made in the last 30 days, from their thresholds", async () => {
    expect(FIGURES_MIN_ACTIVE_USERS).toBe(10);
    expect(FIGURES_MIN_BOOKINGS).toBe(10);
    const nine = await drivers(9);
    // Nine drivers book once each inside the 30 days (the first a minute after the window opens).
    for (const [i, d] of nine.entries())
      await booking(d, i === 0 ? new Date(ago(30).getTime() + 60_000) : ago(i));
    // Outside the window: a booking 30 days and a minute ago, and one after the clock's now.
    const [early, late, passBuyer] = await drivers(3);
    await booking(early!, new Date(ago(30).getTime() - 60_000));
    await booking(late!, new Date(at.getTime() + 60_000));
    expect(await parkFigures(db, at)).toMatchObject({ monthly_active_users: null, monthly_bookings: null });

    // A tenth driver buys a monthly pass: ten active drivers, still nine bookings.
    await purchase(passBuyer!, "pass", ago(3));
    expect(await parkFigures(db, at)).toMatchObject({ monthly_active_users: 10, monthly_bookings: null });

    // A second booking by a driver already counted: ten bookings, still ten drivers.
    await booking(nine[4]!, ago(2));
    expect(await parkFigures(db, at)).toMatchObject({ monthly_active_users: 10, monthly_bookings: 10 });

    // On a clock 25 days later only the last 5 days' activity is in the window: 6 bookings, 6 drivers.
    expect(await parkFigures(db, new Date(at.getTime() + 25 * DAY))).toMatchObject({
      monthly_active_users: null,
      monthly_bookings: null,
    });
  });

  it("state the share of the last 12 months' visible reviews with 4 stars or more, from 20 reviews", async () => {
    expect(FIGURES_MIN_REVIEWS).toBe(20);
    const people = await drivers(23);
    // 19 visible reviews in the 12 months: 15 of 4 or 5 stars, 4 of 3 stars or fewer.
    const stars = [5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 3, 2, 1, 3];
    for (const [i, s] of stars.entries()) await review(people[i]!, s, ago(10 + i * 15));
    // Not counted: a hidden one, one from 13 months ago.
    await review(people[19]!, 5, ago(5), true);
    await review(people[20]!, 5, ago(395));
    const before = await parkFigures(db, at);
    expect(before.satisfaction_percent).toBeNull();

    // The twentieth: 15 of 20 satisfied.
    await review(people[21]!, 3, ago(1));
    expect((await parkFigures(db, at)).satisfaction_percent).toBe(75);
    // 16 of 21 is 76.19...: stated as 76, never rounded up.
    await review(people[22]!, 4, ago(1));
    expect((await parkFigures(db, at)).satisfaction_percent).toBe(76);
    // The reviews' activity moved out of the month: the bookings figures are unchanged.
    expect(await parkFigures(db, at)).toMatchObject({ monthly_active_users: 10, monthly_bookings: 10 });
  });

  it("are served publicly with the parks, cities and countries, cached for minutes", async () => {
    const res = await ctx.app.inject({ url: "/api/v1/parks/front/figures" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const figures = res.json<ParkFigures>();
    expect(figures).toMatchObject({
      monthly_active_users: 10,
      monthly_bookings: 10,
      satisfaction_percent: 76,
    });
    expect(figures.parks).toBeGreaterThan(0);
    // Counted once a minute per process: a new booking does not reach the next request at once.
    await booking((await drivers(1))[0]!, ago(1));
    expect(
      (await ctx.app.inject({ url: "/api/v1/parks/front/figures" })).json<ParkFigures>().monthly_bookings,
    ).toBe(10);
    // A park deactivated in the back office changes what pages show: counted at once, on the home
    // page's figures as on its kept pages (both forgotten together).
    const admin = await createStaff(db, "admin");
    const off = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${park}`,
      headers: bearer(admin),
      payload: { status: "inactive" },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = (await ctx.app.inject({ url: "/api/v1/parks/front/figures" })).json<ParkFigures>();
    expect(after.parks).toBe(figures.parks - 1);
  });
});
