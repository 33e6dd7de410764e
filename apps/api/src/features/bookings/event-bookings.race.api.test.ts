import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, book, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { createEvent } from "../../test/events";
import { overAllocated } from "./event-bookings.test-kit";

/**
 * Event allocations under real concurrency, through HTTP, with two app instances (two pools) on one
 * PostgreSQL database: drivers race for an event's last spaces while others race for the park's
 * ordinary ones in the same window. PGlite runs one query at a time, so it runs only with
 * TEST_DB_ENGINE=postgres (`npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "event bookings under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let close: () => Promise<void>;
    let users: TestUser[];
    let parks: number[];

    const post = (base: string, user: TestUser, payload: object) =>
      fetch(`${base}/bookings`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then((r) => r.status);

    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-event-race-")),
      });
      db = ctx.database.db;
      parks = await allDayParks(db, 10);
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      close = async () => (await a.close(), await b.close());
      users = [];
      for (let i = 0; i < 40; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      await close?.();
      await ctx?.close();
      if (ctx)
        await fs.rm(ctx.config.DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
      expect(await overAllocated(db)).toEqual([]);
    });

    /**
     * A park of capacity 10 holding 3 spaces for an event, 5 of the others already booked: 30
     * drivers race for the event's 3 spaces and 10 for the park's last 2 ordinary ones, across both
     * instances, all at once.
     */
    async function round(parkId: number, r: number) {
      await setCapacity(db, parkId, 1, 10);
      const start = at((20 + r * 10) * HOUR);
      const end = at((23 + r * 10) * HOUR);
      const ev = await createEvent(db, {
        start,
        end,
        parks: [{ parkId, before: 60, after: 60, offers: [{ allocation: 3 }] }],
      });
      const ws = new Date(start.getTime() - HOUR);
      const we = new Date(end.getTime() + HOUR);
      for (let i = 0; i < 5; i += 1) {
        expect((await book(ctx.app, users[39]!, { park_id: parkId, start: ws, end: we })).statusCode).toBe(
          201,
        );
      }
      const eventRacers = users
        .slice(0, 30)
        .map((u, i) => post(bases[i % 2]!, u, { event_code: ev.code, park_id: parkId, vehicle_type_id: 1 }));
      const ordinaryRacers = users.slice(30, 39).map((u, i) =>
        post(bases[(i + 1) % 2]!, u, {
          park_id: parkId,
          vehicle_type_id: 1,
          start_time: ws.toISOString(),
          end_time: we.toISOString(),
        }),
      );
      return { event: await Promise.all(eventRacers), ordinary: await Promise.all(ordinaryRacers) };
    }

    it("30 drivers for the last 3 event spaces and 9 for the last 2 ordinary ones: exactly 3 and 2 win (4 rounds)", async () => {
      for (let r = 0; r < 4; r += 1) {
        const { event, ordinary } = await round(parks[r]!, r);
        expect(
          event.filter((s) => s === 201),
          `round ${r}`,
        ).toHaveLength(3);
        expect(
          event.filter((s) => s === 409),
          `round ${r}`,
        ).toHaveLength(27);
        expect(
          ordinary.filter((s) => s === 201),
          `round ${r}`,
        ).toHaveLength(2);
        expect(
          ordinary.filter((s) => s === 409),
          `round ${r}`,
        ).toHaveLength(7);
        const [peak] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM bookings WHERE park_id = ${parks[r]!} AND status = 'active'`,
        );
        expect(Number(peak!.n)).toBe(10);
      }
    });

    it("negative control: without the locks in book_event_space the allocation is oversold", async () => {
      const [row] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef('book_event_space'::regproc) AS def`,
      );
      const locked = row!.def;
      const unlocked = locked.replace(/\s+FOR UPDATE;/, ";").replace(/\s+FOR SHARE;/, ";");
      expect(unlocked).not.toBe(locked);
      await db.execute(sql.raw(unlocked));
      try {
        let oversold = 0;
        for (let r = 0; r < 6 && oversold === 0; r += 1) {
          const { event } = await round(parks[5 + (r % 4)]!, r);
          expect(event.every((s) => s === 201 || s === 409)).toBe(true);
          if (event.filter((s) => s === 201).length > 3) oversold += 1;
        }
        expect(oversold).toBeGreaterThan(0);
        expect((await overAllocated(db)).length).toBeGreaterThan(0);
      } finally {
        await db.execute(sql.raw(locked));
        // Take the oversold events out of the invariant checks that follow every test.
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE event_id IS NOT NULL`);
        await db.execute(
          sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ANY(${sql.param(parks.slice(5, 9))}::int[])`,
        );
      }
    });
  },
);
