import { servedCountries } from "../reference/served-countries";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { creditTopUp, walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, book, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";

/**
 * The capacity lock under real concurrency, through HTTP, with two app instances (two pools) on one
 * PostgreSQL database. PGlite runs one query at a time, so these races cannot happen there: the
 * suite runs only with TEST_DB_ENGINE=postgres (`npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "bookings under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    const closers: (() => Promise<void>)[] = [];
    let bases: string[];
    let users: TestUser[];
    let parks: number[];

    async function instances(unsafe: boolean): Promise<{ bases: string[]; close(): Promise<void> }> {
      const extra = unsafe ? { bookings: { unsafeSkipCapacityLock: true } } : {};
      const a = await anotherApp(ctx, extra, 10);
      const b = await anotherApp(ctx, extra, 10);
      return {
        bases: [await listenApi(a.app), await listenApi(b.app)],
        close: async () => (await a.close(), await b.close()),
      };
    }
    const post = (base: string, user: TestUser, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then((r) => r.status);
    const window = (parkId: number, start: Date, end: Date) => ({
      park_id: parkId,
      vehicle_type_id: 1,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });

    /** Fills the park to its last space for the window, then 50 users race for that space across both instances. */
    async function lastSpaceRace(where: string[], parkId: number, round: number) {
      const start = at((10 + round * 3) * HOUR);
      const end = at((12 + round * 3) * HOUR);
      await setCapacity(db, parkId, 1, 3);
      for (let i = 0; i < 2; i += 1)
        expect((await book(ctx.app, users[0]!, { park_id: parkId, start, end })).statusCode).toBe(201);
      return Promise.all(
        users.map((u, i) => post(where[i % where.length]!, u, "/bookings", window(parkId, start, end))),
      );
    }

    beforeAll(async () => {
      ctx = await createTestContext({ DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-race-")) });
      db = ctx.database.db;
      parks = await allDayParks(db, 10);
      const safe = await instances(false);
      closers.push(safe.close);
      bases = safe.bases;
      users = [];
      for (let i = 0; i < 50; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
      if (ctx)
        await fs.rm(ctx.config.DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
    });

    it("50 concurrent requests for the last space: exactly one wins, 49 get 409, no 5xx (5 rounds)", async () => {
      for (let round = 0; round < 5; round += 1) {
        const statuses = await lastSpaceRace(bases, parks[5]!, round);
        expect(
          statuses.filter((s) => s === 201),
          `round ${round}`,
        ).toHaveLength(1);
        expect(
          statuses.filter((s) => s === 409),
          `round ${round}`,
        ).toHaveLength(49);
      }
    });

    /**
     * `book_space` without its capacity lock, in this test's own database only, until `restore`:
     * the production function has no switch for it.
     */
    async function unlockedBookSpace(): Promise<{ restore(): Promise<void> }> {
      const [row] = await queryRows<{ def: string }>(
        db,
        sql`SELECT pg_get_functiondef('book_space'::regproc) AS def`,
      );
      const locked = row!.def;
      const unlocked = locked.replace(/\s+FOR UPDATE;/, ";");
      expect(unlocked).not.toBe(locked);
      await db.execute(sql.raw(unlocked));
      return { restore: () => db.execute(sql.raw(locked)).then(() => undefined) };
    }

    it("negative control: without the capacity lock the same race overbooks", async () => {
      const unsafe = await instances(true);
      const bookSpace = await unlockedBookSpace();
      try {
        let overbookedRounds = 0;
        for (let round = 0; round < 6 && overbookedRounds === 0; round += 1) {
          const statuses = await lastSpaceRace(unsafe.bases, parks[6]!, round);
          expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
          if (statuses.filter((s) => s === 201).length > 1) overbookedRounds += 1;
        }
        expect(overbookedRounds).toBeGreaterThan(0);
        expect((await overbooked(db)).length).toBeGreaterThan(0);
      } finally {
        await bookSpace.restore();
        await unsafe.close();
        // Take the overbooked park out of the invariant check that follows every test.
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parks[6]!}`);
      }
    });

    it("an extension and 20 new bookings race for the same last space: exactly one wins (5 rounds)", async () => {
      await setCapacity(db, parks[7]!, 1, 1);
      for (let round = 0; round < 5; round += 1) {
        const s = at((40 + round * 4) * HOUR);
        const owner = users[round]!;
        const b = (
          await book(ctx.app, owner, { park_id: parks[7]!, start: s, end: new Date(s.getTime() + HOUR) })
        ).json<Booking>();
        const gap = window(parks[7]!, new Date(s.getTime() + HOUR), new Date(s.getTime() + 2 * HOUR));
        const racers = users.slice(10, 30);
        const [extended, ...booked] = await Promise.all([
          post(bases[0]!, owner, "/bookings/extend", { booking_id: b.id, new_end_time: gap.end_time }),
          ...racers.map((u, i) => post(bases[(i + 1) % 2]!, u, "/bookings", gap)),
        ]);
        const wins = [extended === 200 ? 1 : 0, ...booked.map((x) => (x === 201 ? 1 : 0))].reduce(
          (a, c) => a + c,
          0,
        );
        expect(wins, `round ${round}`).toBe(1);
        expect([extended, ...booked].every((x) => x === 200 || x === 201 || x === 409)).toBe(true);
      }
    });

    it("one user racing 10 bookings with money for one: exactly one charge, nine 402s", async () => {
      const user = await fundedUser(db, 0);
      const probe = await book(ctx.app, users[0]!, {
        park_id: parks[8]!,
        start: at(100 * HOUR),
        end: at(101 * HOUR),
      });
      const price = Math.round(probe.json<Booking>().amount * 100);
      await db.transaction(async (tx) => {
        await creditTopUp(servedCountries(db), tx, {
          userId: user.id,
          currency: "NGN",
          amountMinor: price,
          provider: "paystack",
          idempotencyKey: `race:${user.id}`,
          at: at(0),
        });
      });
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          post(
            bases[i % 2]!,
            user,
            "/bookings",
            window(parks[8]!, at((110 + i) * HOUR), at((111 + i) * HOUR)),
          ),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 402)).toHaveLength(9);
      expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(0);
    });
  },
);
