import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, at, book, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";

/**
 * A booking's change of window (decision 063) racing new bookings for the park's last space, through
 * HTTP, with two app instances (two pools) on one PostgreSQL database: the change takes the same
 * capacity row lock as `book_space`, so exactly one of them gets the space. PGlite runs one query at
 * a time, so this cannot race there: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "a change of window racing new bookings (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    const closers: (() => Promise<void>)[] = [];
    let parks: number[];
    let drivers: TestUser[];

    /** Two instances; `unsafe`: their changes of window skip the capacity lock (the negative control). */
    async function instances(unsafe: boolean): Promise<string[]> {
      const extra = unsafe ? { bookings: { unsafeSkipCapacityLock: true } } : {};
      const a = await anotherApp(ctx, extra, 10);
      const b = await anotherApp(ctx, extra, 10);
      closers.push(a.close, b.close);
      return [await listenApi(a.app), await listenApi(b.app)];
    }
    const send = (base: string, user: TestUser, method: string, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then((r) => r.status);
    const iso = (d: Date) => d.toISOString();

    /**
     * Round `round` at `parkId` (two spaces): a booking holds one over the target window, so one is
     * left; an owner's booking elsewhere in the day moves into that window while 20 drivers book
     * it, across both instances. Answers the change's status and the bookings'.
     */
    async function race(bases: string[], parkId: number, round: number) {
      const s = at((30 + round * 6) * HOUR);
      const target = { start: new Date(s.getTime() + 2 * HOUR), end: new Date(s.getTime() + 3 * HOUR) };
      const filler = await fundedUser(db);
      expect((await book(ctx.app, filler, { park_id: parkId, ...target })).statusCode).toBe(201);
      const owner = await fundedUser(db);
      const mine = await book(ctx.app, owner, {
        park_id: parkId,
        start: s,
        end: new Date(s.getTime() + HOUR),
      });
      expect(mine.statusCode, mine.body).toBe(201);
      const b = mine.json<Booking>();
      const window = { start_time: iso(target.start), end_time: iso(target.end) };
      const [moved, ...booked] = await Promise.all([
        send(bases[0]!, owner, "PUT", `/bookings/${b.id}/window`, window),
        ...drivers.map((u, i) =>
          send(bases[(i + 1) % 2]!, u, "POST", "/bookings", {
            park_id: parkId,
            vehicle_type_id: 1,
            ...window,
          }),
        ),
      ]);
      return { moved: moved!, booked };
    }

    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-window-race-")),
      });
      db = ctx.database.db;
      parks = await allDayParks(db, 2);
      for (const id of parks) await setCapacity(db, id, 1, 2);
      drivers = [];
      for (let i = 0; i < 20; i += 1) drivers.push(await fundedUser(db, 100_000_000));
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

    it("a change of window and 20 new bookings for the last space: exactly one wins, the others get 409 (5 rounds)", async () => {
      const bases = await instances(false);
      for (let round = 0; round < 5; round += 1) {
        const { moved, booked } = await race(bases, parks[0]!, round);
        const statuses = [moved, ...booked];
        expect(
          statuses.every((x) => x === 200 || x === 201 || x === 409),
          `round ${round}: ${statuses}`,
        ).toBe(true);
        const wins = (moved === 200 ? 1 : 0) + booked.filter((x) => x === 201).length;
        expect(wins, `round ${round}: ${statuses}`).toBe(1);
      }
    });

    it("negative control: a change of window without the capacity lock overbooks the same race", async () => {
      const bases = await instances(true);
      const parkId = parks[1]!;
      try {
        let overbookedRounds = 0;
        for (let round = 0; round < 10 && overbookedRounds === 0; round += 1) {
          const { moved, booked } = await race(bases, parkId, round);
          if ((moved === 200 ? 1 : 0) + booked.filter((x) => x === 201).length > 1) overbookedRounds += 1;
        }
        expect(overbookedRounds).toBeGreaterThan(0);
        expect((await overbooked(db)).length).toBeGreaterThan(0);
      } finally {
        // Take the overbooked park out of the invariant check that follows every test.
        await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parkId}`);
      }
    });
  },
);
