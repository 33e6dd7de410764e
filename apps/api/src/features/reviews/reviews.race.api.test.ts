// Concurrent reviews of one park on PostgreSQL (decision 033): the park's kept rating (count, sum of
// stars, average) stays exactly what its visible reviews say when many drivers write, edit, hide and
// delete at once through two app instances (two pools), and one booking never gets two reviews.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { bearer, createUser, operatorId, parksOf } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE } from "../../test/harness";
import { keptAndCounted, stay } from "./reviews.test-kit";

const HOUR = 3_600_000;

describe.skipIf(TEST_ENGINE !== "postgres")("concurrent reviews (PostgreSQL)", () => {
  it("keep the average and count exact, and one review per booking", async () => {
    const now = new Date("2026-12-10T12:00:00Z");
    const clock = () => now;
    const ctx = await createTestContext({}, { clock });
    const second = await anotherApp(ctx, { clock });
    try {
      const db = ctx.database.db;
      const park = (await parksOf(db, await operatorId(db, "Harbourview Parking Ltd"), "Lagos"))[0]!;
      const drivers = await Promise.all(Array.from({ length: 24 }, () => createUser(db, {}, clock)));
      const bookings = await Promise.all(
        drivers.map((d) =>
          stay(db, d.id, park, new Date(now.getTime() - 4 * HOUR), new Date(now.getTime() - HOUR)),
        ),
      );
      const apps = [ctx.app, second.app];
      const post = (i: number, stars: number) =>
        apps[i % 2]!.inject({
          method: "POST",
          url: "/api/v1/reviews",
          headers: bearer(drivers[i]!),
          payload: { booking_id: bookings[i], stars },
        });
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
      const perBooking = (await db.execute(
        sql`SELECT booking_id, count(*)::int AS n FROM reviews WHERE park_id = ${park} GROUP BY booking_id HAVING count(*) > 1`,
      )) as unknown as { rows: unknown[] };
      expect(perBooking.rows).toEqual([]);
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
    } finally {
      await second.close();
      await ctx.close();
    }
  }, 120_000);
});
