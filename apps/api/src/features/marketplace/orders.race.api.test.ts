import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, listenApi, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import {
  createCategory,
  createCoupon,
  createItem,
  offerAtPark,
  createSlots,
  createVariation,
  marketViolations,
  ngParks,
  resetDeliverySetup,
  stockOf,
} from "./marketplace.test-kit";

/**
 * Stock under real concurrency, through HTTP, with two app instances (two pools) on one
 * PostgreSQL database: buyers race for the last units of one variation. PGlite runs one query at a
 * time, so it runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "orders under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    const BUYERS = 12;
    const UNITS = 3;
    let ctx: TestContext;
    let db: Db;
    let close: () => Promise<void>;
    let users: TestUser[];
    let categoryId: number;
    let park: number;
    let slot: { slot_id: number; date: string };

    /** Two instances (the negative control's without the conditional stock UPDATE). */
    async function instances(unsafe: boolean) {
      const a = await anotherApp(ctx, unsafe ? { orders: { unsafeReadThenWriteStock: true } } : {}, 10);
      const b = await anotherApp(ctx, unsafe ? { orders: { unsafeReadThenWriteStock: true } } : {}, 10);
      close = async () => (await a.close(), await b.close());
      return [await listenApi(a.app), await listenApi(b.app)];
    }

    beforeAll(async () => {
      ctx = await createTestContext({
        DATA_DIR: await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-orders-race-")),
      });
      db = ctx.database.db;
      await resetDeliverySetup(db);
      categoryId = (await createCategory(db)).id;
      slot = await createSlots(db);
      [park] = (await ngParks(db, 1)) as [number];
      users = [];
      for (let i = 0; i < BUYERS; i += 1) users.push(await fundedUser(db, 100_000_000));
    });
    afterAll(async () => {
      await close?.();
      await ctx?.close();
      if (ctx)
        await fs.rm(ctx.config.DATA_DIR, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    });
    afterEach(async () => {
      await close?.();
      close = async () => {};
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    /** Every buyer orders one unit of the variation at once, half through each instance. */
    async function race(bases: string[]) {
      const item = await createItem(db, { categoryId, priceMinor: 90_000, stock: null });
      const variation = await createVariation(db, item.id, { priceMinor: 75_000, stock: UNITS });
      const statuses = await Promise.all(
        users.map((u, i) =>
          fetch(`${bases[i % 2]}/orders`, {
            method: "POST",
            headers: { ...bearer(u), "content-type": "application/json" },
            body: JSON.stringify({
              country: "NG",
              order_type: "takeaway",
              park_id: park,
              time_slot: slot,
              lines: [{ item_id: item.id, variation_id: variation.id, quantity: 1 }],
            }),
          }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code })),
        ),
      );
      const [orders] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(DISTINCT o.id)::int AS n FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE l.variation_id = ${variation.id}`,
      );
      return { statuses, orders: Number(orders!.n), stock: await stockOf(db, "variation", variation.id) };
    }

    it(`${BUYERS} buyers for the last ${UNITS} units across two instances: exactly ${UNITS} orders (3 rounds)`, async () => {
      const bases = await instances(false);
      for (let r = 0; r < 3; r += 1) {
        const { statuses, orders, stock } = await race(bases);
        expect(
          statuses.filter((s) => s.status === 201),
          `round ${r}`,
        ).toHaveLength(UNITS);
        const refused = statuses.filter((s) => s.status !== 201);
        expect(refused, `round ${r}`).toEqual(
          Array.from({ length: BUYERS - UNITS }, () => ({ status: 409, code: "out_of_stock" })),
        );
        expect(orders).toBe(UNITS);
        expect(stock).toBe(0);
        expect(await marketViolations(db)).toEqual([]);
      }
    });

    it("a service's last jobs of the day and a one-use coupon are taken once under concurrency", async () => {
      const bases = await instances(false);
      const service = await createItem(db, {
        categoryId,
        kind: "service",
        priceMinor: 40_000,
        dailyCapacity: 2,
      });
      await offerAtPark(db, service.id, park);
      const send = (u: TestUser, i: number, payload: object) =>
        fetch(`${bases[i % 2]}/orders`, {
          method: "POST",
          headers: { ...bearer(u), "content-type": "application/json" },
          body: JSON.stringify({
            country: "NG",
            order_type: "takeaway",
            park_id: park,
            time_slot: slot,
            ...payload,
          }),
        }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { code?: string }).code }));
      const jobs = await Promise.all(
        users.map((u, i) => send(u, i, { lines: [{ item_id: service.id, quantity: 1 }] })),
      );
      expect(jobs.filter((r) => r.status === 201)).toHaveLength(2);
      expect(
        jobs.filter((r) => r.status !== 201).every((r) => r.status === 409 && r.code === "service_full"),
      ).toBe(true);
      const [day] = await queryRows<{ taken: number }>(
        db,
        sql`SELECT taken FROM service_days WHERE item_id = ${service.id}`,
      );
      expect(day!.taken).toBe(2);

      // One driver, one use, six orders at once: one gets the coupon, the others are refused.
      const coupon = await createCoupon(db, { discountType: "fixed", discount: 1_000, limitPerUser: 1 });
      const item = await createItem(db, { categoryId, priceMinor: 20_000, stock: 100 });
      const one = users[0]!;
      const tries = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          send(one, i, { coupon_code: coupon.code, lines: [{ item_id: item.id, quantity: 1 }] }),
        ),
      );
      expect(tries.filter((r) => r.status === 201)).toHaveLength(1);
      expect(tries.filter((r) => r.status === 422 && r.code === "coupon_refused")).toHaveLength(5);
      expect(await marketViolations(db)).toEqual([]);
    });

    it("negative control: taking stock by read-then-write instead of the conditional UPDATE oversells", async () => {
      const bases = await instances(true);
      let oversold = 0;
      for (let r = 0; r < 5 && oversold === 0; r += 1) {
        const { statuses, orders, stock } = await race(bases);
        expect(statuses.every((s) => s.status === 201 || s.status === 409)).toBe(true);
        // More orders than units, while the stock row still says some are left: lost updates.
        if (orders > UNITS) {
          oversold += 1;
          expect(stock).toBeGreaterThanOrEqual(0);
        }
      }
      expect(oversold).toBeGreaterThan(0);
    });
  },
);
