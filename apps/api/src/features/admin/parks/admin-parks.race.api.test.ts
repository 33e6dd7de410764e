import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../../test/harness";
import { allDayParks, at, book, fundedUser, HOUR, overbooked } from "../../bookings/bookings.test-kit";

/**
 * A capacity lowered while drivers book the same park and type, through HTTP on two app instances
 * (two pools) on one PostgreSQL database: the change takes the capacity rows' lock the bookings take
 * and reads the peak after it, so either a booking commits first (and the change sees it: 409 or a
 * capacity that still fits) or it waits and then finds the new capacity. Never more bookings than
 * spaces. PGlite runs one query at a time, so no such race can happen there: PostgreSQL only
 * (TEST_DB_ENGINE=postgres, `npm run test:api:pg`).
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "capacity changes racing bookings (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    let manager: TestUser;
    let drivers: TestUser[];
    let parkId: number;
    const closers: (() => Promise<void>)[] = [];

    async function listen(app: FastifyInstance): Promise<string> {
      await app.listen({ port: 0, host: "127.0.0.1" });
      return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
    }
    const send = (base: string, user: TestUser, method: string, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      const harbourview = await operatorId(db, "Harbourview Parking Ltd");
      const own = new Set(await parksOf(db, harbourview));
      parkId = (await allDayParks(db, 200)).find((id) => own.has(id))!;
      manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
      drivers = [];
      for (let i = 0; i < 20; i += 1) drivers.push(await fundedUser(db, 100_000_000));
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      bases = [await listen(a.app), await listen(b.app)];
      closers.push(a.close, b.close);
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });

    it("a lower capacity and 20 bookings at once never overbook, and a 409 names real bookings (5 rounds)", async () => {
      for (let round = 0; round < 5; round += 1) {
        const start = at((30 + round * 4) * HOUR);
        const end = at((32 + round * 4) * HOUR);
        await db.execute(
          sql`UPDATE park_capacities SET capacity = 12 WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
        );
        // 4 spaces already held in the window.
        for (let i = 0; i < 4; i += 1) {
          const res = await book(ctx.app, drivers[i]!, {
            park_id: parkId,
            start,
            end,
            plate_number: `RND ${round}${i} AA`,
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const window = {
          park_id: parkId,
          vehicle_type_id: 1,
          start_time: start.toISOString(),
          end_time: end.toISOString(),
        };
        const [change, ...bookings] = await Promise.all([
          send(bases[round % 2]!, manager, "PUT", `/admin/parks/${parkId}/capacities`, {
            capacities: [{ vehicle_type_id: 1, capacity: 6 }],
          }),
          ...drivers.map((d, i) =>
            send(bases[i % 2]!, d, "POST", "/bookings", { ...window, plate_number: `RCE ${round}${i} BB` }),
          ),
        ]);
        const won = bookings.filter((b) => b.status === 201).length;
        expect(
          bookings.every((b) => b.status === 201 || b.status === 409),
          `round ${round}`,
        ).toBe(true);
        const [row] = await queryRows<{ capacity: number }>(
          db,
          sql`SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
        );
        const held = 4 + won;
        if (change.status === 200) {
          // The change went through: it counted every booking before it, and none came after past 6.
          expect(row!.capacity).toBe(6);
          expect(held).toBeLessThanOrEqual(6);
        } else {
          // Refused: the bookings that won came first, and it says so with their codes.
          expect(change.status, JSON.stringify(change.body)).toBe(409);
          expect(row!.capacity).toBe(12);
          const [conflict] = change.body.conflicts as {
            peak: number;
            bookings: { booking_code: string }[];
          }[];
          expect(conflict!.peak).toBeGreaterThan(6);
          expect(conflict!.bookings.length).toBe(conflict!.peak);
          expect(held).toBeGreaterThanOrEqual(conflict!.peak);
        }
        expect(await overbooked(db), `round ${round}`).toEqual([]);
        await db.execute(
          sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${parkId} AND start_time = ${start.toISOString()}::timestamptz`,
        );
      }
    });
  },
);
