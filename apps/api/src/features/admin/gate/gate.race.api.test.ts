import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../db/client";
import { bearer, createStaff, type TestUser } from "../../../test/factories";
import {
  anotherApp,
  createTestContext,
  listenApi,
  TEST_ENGINE,
  type TestContext,
} from "../../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../../test/ledger-invariants";
import { allDayParks, fundedUser, setCapacity } from "../../bookings/bookings.test-kit";

const MINUTE = 60_000;

/**
 * A drive-up sale at the gate and online bookings racing for a park's last space, through two app
 * instances (two pools) on one PostgreSQL database: the sale takes the capacity row lock that
 * book_space takes, so exactly one of them gets the space. PGlite runs one query at a time, so the
 * race cannot happen there: the suite runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "drive-up sales and bookings under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    const closers: (() => Promise<void>)[] = [];
    let drivers: TestUser[];
    let staff: TestUser;
    let park: number;

    const post = (base: string, user: TestUser, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      park = (await allDayParks(db, 1))[0]!;
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      closers.push(a.close, b.close);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      staff = await createStaff(db, "admin");
      drivers = [];
      for (let i = 0; i < 4; i += 1) drivers.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });

    it("the last space goes to exactly one of 4 drive-ups and 4 bookings sent at once (12 rounds)", async () => {
      await setCapacity(db, park!, 1, 1);
      for (let round = 0; round < 12; round += 1) {
        const start = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 2 * MINUTE);
        const window = {
          park_id: park,
          vehicle_type_id: 1,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 60 * MINUTE).toISOString(),
        };
        const results = await Promise.all([
          ...drivers.map((d, i) => post(bases[i % 2]!, d, "/bookings", window)),
          ...drivers.map((_, i) =>
            post(bases[(i + 1) % 2]!, staff, "/admin/pos-sales", {
              park_id: park,
              vehicle_type_id: 1,
              plate_number: `RACE${round}X${i}`,
              expected_minutes: 120,
            }),
          ),
        ]);
        const statuses = results.map((r) => r.status);
        expect(
          statuses.filter((s) => s === 201),
          `round ${round}: ${statuses.join(",")}`,
        ).toHaveLength(1);
        expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
        expect(await overbookedParks(db)).toEqual([]);
        // Free the space for the next round: the winner leaves.
        await db.execute(
          sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${park!} AND status = 'active'`,
        );
        await db.execute(
          sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${park!} AND status = 'parked'`,
        );
      }
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    it("the same car sent twice at once through two instances (a double tap) is parked once (10 rounds)", async () => {
      await setCapacity(db, park!, 1, 5);
      for (let round = 0; round < 10; round += 1) {
        const sale = { park_id: park, vehicle_type_id: 1, plate_number: `TAP${round}`, expected_minutes: 60 };
        const results = await Promise.all(bases.map((base) => post(base, staff, "/admin/pos-sales", sale)));
        const statuses = results.map((r) => r.status).sort();
        expect(statuses, `round ${round}`).toEqual([201, 409]);
        expect(results.find((r) => r.status === 409)!.body.code).toBe("already_parked");
        await db.execute(
          sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${park!} AND status = 'parked'`,
        );
      }
    });

    it("negative control: without the capacity lock, drive-ups sent at once overbook", async () => {
      const a = await anotherApp(ctx, { bookings: { unsafeSkipCapacityLock: true } }, 10);
      const b = await anotherApp(ctx, { bookings: { unsafeSkipCapacityLock: true } }, 10);
      const unsafe = [await listenApi(a.app), await listenApi(b.app)];
      try {
        await setCapacity(db, park!, 1, 1);
        let overbooked = 0;
        for (let round = 0; round < 10 && overbooked === 0; round += 1) {
          const results = await Promise.all(
            Array.from({ length: 8 }, (_, i) =>
              post(unsafe[i % 2]!, staff, "/admin/pos-sales", {
                park_id: park,
                vehicle_type_id: 1,
                plate_number: `UNSAFE${round}X${i}`,
                expected_minutes: 60,
              }),
            ),
          );
          if (results.filter((r) => r.status === 201).length > 1) overbooked += 1;
          else
            await db.execute(
              sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${park!} AND status = 'parked'`,
            );
        }
        expect(overbooked).toBeGreaterThan(0);
        expect((await overbookedParks(db)).map((r) => r.park_id)).toContain(park);
      } finally {
        await db.execute(
          sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${park!} AND status = 'parked'`,
        );
        await a.close();
        await b.close();
      }
    });
  },
);
