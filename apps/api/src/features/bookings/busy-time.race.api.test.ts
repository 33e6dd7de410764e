import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Booking, BookingQuote } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayPark, at, book, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";

/**
 * A busy-time price locked when quoted (decision 059), under real concurrency on PostgreSQL (two app
 * instances, two pools): a driver's quote is taken below an occupancy band, other drivers' bookings
 * then push the window across it while the driver books with the token (twice at once, with one
 * Idempotency-Key): the driver is charged the quoted price once, and a quote after the crossing is
 * priced by the band. PGlite runs one query at a time: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "a quote locked while occupancy crosses a band (PostgreSQL only)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let parkId: number;
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-busy-race-")),
        // Both instances sign and read quotes with one secret, as a cluster's processes do.
        QR_SIGNING_SECRET: "busy-time-race-quote-secret",
      });
      db = ctx.database.db;
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      closers.push(a.close, b.close);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      parkId = await allDayPark(db);
      // Twelve spaces at ₦1,000 an hour; +50 % once more than half of them are held.
      await setCapacity(db, parkId, 1, 12);
      await db.execute(sql`UPDATE park_rates SET hourly_minor = 100000, daily_max_minor = 2000000
      WHERE park_id = ${parkId} AND vehicle_type_id = 1 AND kind = 'standard'`);
      await db.execute(sql`INSERT INTO park_rate_rules (park_id, name, adjustment_bps, occupancy_above_percent)
      VALUES (${parkId}, 'Busy', 5000, 50)`);
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
      if (ctx)
        await fs.rm(ctx.config.DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });

    const window = (start: Date, end: Date) =>
      `park_id=${parkId}&vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`;
    async function quote(base: string, user: TestUser, start: Date, end: Date): Promise<BookingQuote> {
      const res = await fetch(`${base}/bookings/quote?${window(start, end)}`, { headers: bearer(user) });
      expect(res.status).toBe(200);
      return (await res.json()) as BookingQuote;
    }
    const post = (base: string, user: TestUser, body: object, key?: string) =>
      fetch(`${base}/bookings`, {
        method: "POST",
        headers: {
          ...bearer(user),
          "content-type": "application/json",
          ...(key ? { "idempotency-key": key } : {}),
        },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Booking }));

    it("charges the quoted price once to the token's booking, and prices a new quote by the band", async () => {
      const start = at(50 * HOUR);
      const end = at(52 * HOUR);
      const slot = {
        park_id: parkId,
        vehicle_type_id: 1,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
      };
      // Four of twelve held (33 %): below the band.
      for (let i = 0; i < 4; i += 1) {
        const filler = await fundedUser(db);
        const q = await quote(bases[0]!, filler, start, end);
        expect(
          (await book(ctx.app, filler, { park_id: parkId, start, end, quote_token: q.quote_token }))
            .statusCode,
        ).toBe(201);
      }
      const driver = await fundedUser(db, 10_000_000);
      const others = await Promise.all(Array.from({ length: 6 }, () => fundedUser(db, 10_000_000)));
      const locked = await quote(bases[1]!, driver, start, end);
      expect(locked.price.breakdown.parking).toBe(2000);
      expect(locked.price.breakdown.busy_time).toBeUndefined();
      const theirs = await Promise.all(others.map((u, i) => quote(bases[i % 2]!, u, start, end)));

      // The six others cross the band (10 of 12 held) while the driver books, the same request twice.
      const key = `busy-race-${driver.id}`;
      const [mine, again, ...rest] = await Promise.all([
        post(bases[0]!, driver, { ...slot, quote_token: locked.quote_token }, key),
        post(bases[1]!, driver, { ...slot, quote_token: locked.quote_token }, key),
        ...others.map((u, i) => post(bases[i % 2]!, u, { ...slot, quote_token: theirs[i]!.quote_token })),
      ]);
      expect([mine!.status, again!.status]).toEqual([201, 201]);
      expect(again!.body.id).toBe(mine!.body.id);
      expect(mine!.body.amount).toBe(locked.price.amount);
      expect(rest.map((r) => r.status)).toEqual(others.map(() => 201));
      expect(10_000_000 - (await walletBalanceMinor(db, driver.id, "NGN"))).toBe(
        Math.round(locked.price.amount * 100),
      );
      const [mineCount] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id}`,
      );
      expect(Number(mineCount!.n)).toBe(1);

      // After the crossing, a new quote is the busy-time price.
      const after = await quote(bases[1]!, driver, start, end);
      expect(after.price.breakdown).toMatchObject({
        parking: 3000,
        busy_time: { rule: "Busy", adjustment_percent: 50, normal_parking: 2000 },
      });

      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
    });
  },
);
