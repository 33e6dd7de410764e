import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import {
  anotherApp,
  createTestContext,
  listenApi,
  TEST_ENGINE,
  type TestContext,
} from "../../../test/harness";
import { ledgerViolations, receiptViolations } from "../../../test/ledger-invariants";
import { allDayPark, fundedUser, setCapacity } from "../../bookings/bookings.test-kit";

const MINUTE = 60_000;

/**
 * A drive-up sale's commission (issue #65) takes the operator's shard 0 and the gate's revenue
 * account, never a sharded revenue account, while a booking's share takes a revenue shard and the
 * operator's shard of it: the two lock orders cannot cycle. Bookings and drive-up exits at one
 * operator's park, sent at once through two app instances on one PostgreSQL, all succeed (no
 * deadlock, no 500) and every move has its line. PGlite serialises: PostgreSQL only.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "drive-up commissions and bookings' shares at once (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let bases: string[];
    const closers: (() => Promise<void>)[] = [];
    let drivers: TestUser[];
    let staff: TestUser;
    let park: number;
    let harbourview: number;

    const post = (base: string, user: TestUser, path: string, payload: object) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...bearer(user), "content-type": "application/json" },
        body: JSON.stringify(payload),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      harbourview = await operatorId(db, "Harbourview Parking Ltd");
      park = await allDayPark(db, { operatorId: harbourview });
      await setCapacity(db, park, 1, 200);
      const a = await anotherApp(ctx, {}, 10);
      const b = await anotherApp(ctx, {}, 10);
      closers.push(a.close, b.close);
      bases = [await listenApi(a.app), await listenApi(b.app)];
      staff = await createStaff(db, "admin");
      drivers = [];
      for (let i = 0; i < 6; i += 1) drivers.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      for (const close of closers) await close();
      await ctx?.close();
    });

    it("6 bookings and 6 drive-up exits at once, 5 rounds: all succeed, each with its operator line", async () => {
      for (let round = 0; round < 5; round += 1) {
        const parked: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const sold = await post(bases[i % 2]!, staff, "/admin/pos-sales", {
            park_id: park,
            vehicle_type_id: 1,
            plate_number: `CR${round}X${i}`,
          });
          expect(sold.status).toBe(201);
          parked.push((sold.body.sale as { sale_code: string }).sale_code);
        }
        const start = new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + (60 + round * 180) * MINUTE);
        const window = {
          park_id: park,
          vehicle_type_id: 1,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 120 * MINUTE).toISOString(),
        };
        const results = await Promise.all([
          ...drivers.map((d, i) => post(bases[i % 2]!, d, "/bookings", window)),
          ...parked.map((code, i) =>
            post(bases[(i + 1) % 2]!, staff, `/admin/pos-sales/${code}/close`, { payment_method: "cash" }),
          ),
        ]);
        const statuses = results.map((r) => r.status);
        expect(statuses, `round ${round}`).toEqual([...drivers.map(() => 201), ...parked.map(() => 200)]);
      }
      const [lines] = await queryRows<{ n: string }>(
        db,
        sql`SELECT count(*)::text AS n FROM operator_lines WHERE operator_id = ${harbourview} AND kind = 'drive_up'
          AND park_id = ${park}`,
      );
      expect(Number(lines!.n)).toBe(30);
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });
  },
);
