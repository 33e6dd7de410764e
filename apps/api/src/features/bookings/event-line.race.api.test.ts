import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { createEvent } from "../../test/events";
import { ledgerViolations } from "../../test/ledger-invariants";
import { allDayParks, at, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { overAllocated } from "./event-bookings.test-kit";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The on-sale's line (decision 051) shared by two app instances through Redis, on one PostgreSQL,
 * with a window of two: while the first two drivers' bookings wait on the park's capacity lock,
 * the next eight, arriving one after another at either instance, get places 1 to 8 at once, and
 * are admitted in that order once the lock is released.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "the on-sale's line across processes (PostgreSQL and Redis)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let close: () => Promise<void>;
    let users: TestUser[];
    let park = 0;

    const post = async (base: string, user: TestUser, payload: object, key: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}/bookings`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(payload),
      });
      const body = (await res.json()) as { place?: number; code?: string };
      return { status: res.status, body, ms: performance.now() - t0 };
    };

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      park = (await allDayParks(db, 1))[0]!;
      const config = { ...ctx.config, REDIS_URL, EVENT_LINE_WINDOW: 2 };
      const a = await anotherApp(ctx, { config }, 10);
      const b = await anotherApp(ctx, { config }, 10);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      close = async () => (await a.close(), await b.close());
      users = [];
      for (let i = 0; i < 10; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      await close?.();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
      expect(await overAllocated(db)).toEqual([]);
    });

    it("gives places in arrival order at once, and admits in that order", async () => {
      await setCapacity(db, park, 1, 20);
      const ev = await createEvent(db, {
        start: at(600 * HOUR),
        end: at(602 * HOUR),
        parks: [{ parkId: park, offers: [{ allocation: 10 }] }],
      });
      const offer = { event_code: ev.code, park_id: park, vehicle_type_id: 1 };
      const key = (i: number) => `order-${ev.code}-${i}`;
      const holder = new pg.Client({ connectionString: ctx.url });
      await holder.connect();
      try {
        await holder.query("BEGIN");
        await holder.query(
          "SELECT 1 FROM park_capacities WHERE park_id = $1 AND vehicle_type_id = 1 FOR UPDATE",
          [park],
        );
        // The first two are admitted and wait on the lock.
        const admitted = [0, 1].map((i) => post(bases[i % 2]!, users[i]!, offer, key(i)));
        await sleep(300);
        const places: number[] = [];
        for (let i = 2; i < 10; i += 1) {
          const answer = await post(bases[i % 2]!, users[i]!, offer, key(i));
          expect(answer.status, JSON.stringify(answer.body)).toBe(202);
          expect(answer.ms).toBeLessThan(2_000);
          places.push(answer.body.place!);
        }
        expect(places).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
        await holder.query("ROLLBACK");
        expect((await Promise.all(admitted)).map((a) => a.status)).toEqual([201, 201]);
        // Everyone asks again every 50 ms, the last arrivals first, until booked.
        await Promise.all(
          [9, 8, 7, 6, 5, 4, 3, 2].map(async (i) => {
            for (;;) {
              const answer = await post(bases[(i + 1) % 2]!, users[i]!, offer, key(i));
              if (answer.status === 201) return;
              expect(answer.status).toBe(202);
              await sleep(50);
            }
          }),
        );
      } finally {
        await holder.end();
      }
      const booked = await queryRows<{ user_id: string }>(
        db,
        sql`SELECT user_id FROM bookings WHERE event_id = ${ev.id} ORDER BY created_at, id`,
      );
      const order = booked.map((b) => users.findIndex((u) => u.id === b.user_id));
      expect(order.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      // Admitted two at a time, in arrival order. A booking is written a moment after its driver is
      // admitted, and on a loaded machine the other admitted driver, and the one let in when it
      // leaves, may write theirs first: so no booking lands more than one window (2) from its
      // arrival. Admitting in any other order (the last arrivals ask first) lands them up to 7 away.
      const byTime = booked.map((b) => users.findIndex((u) => u.id === b.user_id));
      byTime.forEach((arrival, position) => expect(Math.abs(arrival - position)).toBeLessThanOrEqual(2));
    });
  },
);
