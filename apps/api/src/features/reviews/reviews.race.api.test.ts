// Concurrent reviews of one park on PostgreSQL (decision 033): the park's kept rating (count, sum of
// stars, average) stays exactly what its visible reviews say when many drivers write, edit, hide and
// delete at once through two app instances (two pools), and one booking never gets two reviews;
// and when the demo reset deletes the demo driver's stays while they are being reviewed.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, operatorId, parksOf, seededUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE } from "../../test/harness";
import { DEMO_ACCOUNTS } from "../../db/seed/accounts";
import { resetDemoData } from "../demo/demo.service";
import { keptAndCounted, stay } from "./reviews.test-kit";

const HOUR = 3_600_000;
const now = new Date("2026-12-10T12:00:00Z");
const clock = () => now;

/** A stay at the park that ended an hour ago, ready to be reviewed. */
const endedStay = (db: Db, userId: string, park: number) =>
  stay(db, userId, park, new Date(now.getTime() - 4 * HOUR), new Date(now.getTime() - HOUR));

/** Two app instances (two pools) on one fresh database, on the fixed clock; closed after `run`. */
async function onTwoApps(run: (db: Db, apps: FastifyInstance[]) => Promise<void>): Promise<void> {
  const ctx = await createTestContext({}, { clock });
  const second = await anotherApp(ctx, { clock });
  try {
    await run(ctx.database.db, [ctx.app, second.app]);
  } finally {
    await second.close();
    await ctx.close();
  }
}

/** A driver's review of a booking, posted through the `i`th app in turn. */
const postReview = (
  apps: FastifyInstance[],
  i: number,
  user: { token: string },
  booking: string,
  stars: number,
) =>
  apps[i % 2]!.inject({
    method: "POST",
    url: "/api/v1/reviews",
    headers: bearer(user),
    payload: { booking_id: booking, stars },
  });

describe.skipIf(TEST_ENGINE !== "postgres")("concurrent reviews (PostgreSQL)", () => {
  it("keep the average and count exact, and one review per booking", async () => {
    await onTwoApps(async (db, apps) => {
      const park = (await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos"))[0]!;
      const drivers = await Promise.all(Array.from({ length: 24 }, () => createUser(db, {}, clock)));
      const bookings = await Promise.all(drivers.map((d) => endedStay(db, d.id, park)));
      const post = (i: number, stars: number) => postReview(apps, i, drivers[i]!, bookings[i]!, stars);
      // Every driver at once, and each of the first eight twice more at the same moment.
      const starsOf = (i: number) => (i % 5) + 1;
      const answers = await Promise.all([
        ...drivers.map((_, i) => post(i, starsOf(i))),
        ...drivers.slice(0, 8).flatMap((_, i) => [post(i, 1), post(i, 5)]),
      ]);
      const created = answers.filter((a) => a.statusCode === 201);
      expect(created).toHaveLength(24);
      expect(
        answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === "already_reviewed"),
      ).toBe(true);
      expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 409)).toEqual([]);
      const perBooking = await queryRows(
        db,
        sql`SELECT booking_id, count(*)::int AS n FROM reviews WHERE park_id = ${park} GROUP BY booking_id HAVING count(*) > 1`,
      );
      expect(perBooking).toEqual([]);
      let figures = await keptAndCounted(db, park);
      expect(figures.kept.count).toBe(figures.counted.count);
      expect(figures.kept.total).toBe(figures.counted.total);
      expect(figures.kept.count).toBe(24);

      // Edits, deletes and hides at once.
      const admin = await createUser(db, { role: "admin" }, clock);
      const ids = created.map((a) => a.json<{ id: number; booking_id: string }>());
      const byBooking = new Map(ids.map((r) => [r.booking_id, r.id]));
      const idOf = (i: number) => byBooking.get(bookings[i]!)!;
      await Promise.all(
        drivers.map((d, i) => {
          const app = apps[i % 2]!;
          if (i % 3 === 0) {
            return app.inject({
              method: "PUT",
              url: `/api/v1/reviews/${idOf(i)}`,
              headers: bearer(d),
              payload: { stars: 5 },
            });
          }
          if (i % 3 === 1)
            return app.inject({ method: "DELETE", url: `/api/v1/reviews/${idOf(i)}`, headers: bearer(d) });
          return app.inject({
            method: "POST",
            url: `/api/v1/admin/reviews/${idOf(i)}/hide`,
            headers: bearer(admin),
            payload: { reason: "Test of moderation" },
          });
        }),
      );
      figures = await keptAndCounted(db, park);
      expect(figures.kept).toEqual({
        count: figures.counted.count,
        total: figures.counted.total,
        average: Math.round((figures.counted.total / figures.counted.count) * 100) / 100,
      });
      expect(figures.kept.count).toBe(8);
      expect(figures.kept.total).toBe(40);
    });
  }, 120_000);

  it("keep the rating exact when the demo reset deletes the demo driver's stays while they review them", async () => {
    await onTwoApps(async (db, apps) => {
      const park = (await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos"))[1]!;
      const driver = await seededUser(db, DEMO_ACCOUNTS[0]!.email, clock);
      const other = await createUser(db, {}, clock);
      const stays = await Promise.all(Array.from({ length: 16 }, () => endedStay(db, driver.id, park)));
      const kept = await endedStay(db, other.id, park);
      expect((await postReview(apps, 0, other, kept, 2)).statusCode).toBe(201);
      // The first half written before the reset starts; the rest while it runs.
      for (let i = 0; i < 8; i++)
        expect((await postReview(apps, i, driver, stays[i]!, 5)).statusCode).toBe(201);
      const [answers] = await Promise.all([
        Promise.all(stays.slice(8).map((b, i) => postReview(apps, i, driver, b, 4))),
        resetDemoData(db, clock),
      ]);
      // Each is written (then deleted by the reset) or finds its booking gone: never a 500.
      expect(answers.filter((a) => a.statusCode !== 201 && a.statusCode !== 404)).toEqual([]);
      const figures = await keptAndCounted(db, park);
      expect(figures).toEqual({
        kept: { count: figures.counted.count, total: figures.counted.total, average: 2 },
        counted: { count: 1, total: 2 },
      });
    });
  }, 120_000);
});
