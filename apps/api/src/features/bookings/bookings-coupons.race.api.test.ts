import { couponUses, createCoupon } from "../../test/coupons";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createStaff, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, book, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";

/**
 * A coupon's last use raced by bookings, through two app instances (two pools) on one PostgreSQL
 * database: the same driver's two bookings at once, and two drivers' at once. The coupon's row is
 * locked in the booking's transaction after the capacity's, so the second is judged on the first's
 * use: one booked at the discount, the other refused with nothing charged. PGlite runs one query at
 * a time, so this runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "a booking coupon's limits under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    const ROUNDS = 6;
    let ctx: TestContext;
    let db: Db;
    let a: { app: FastifyInstance; close(): Promise<void> };
    let b: { app: FastifyInstance; close(): Promise<void> };
    let staff: TestUser;
    let parks: number[];

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      a = await anotherApp(ctx, {}, 10);
      b = await anotherApp(ctx, {}, 10);
      staff = await createStaff(db, "admin");
      parks = await allDayParks(db, 2);
      for (const park of parks) await setCapacity(db, park, 1, 100);
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
      expect(await overbooked(db)).toEqual([]);
    });

    const coupon = (limits: { limit_per_user: number; total_limit: number | null }) =>
      createCoupon(ctx.app, staff, { kinds: ["booking"], ...limits });

    it("one booking at the discount and one refused, charging nothing: one driver twice, and two drivers", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // One use per driver: two windows of the same driver at once, each at its own park.
        const once = await coupon({ limit_per_user: 1, total_limit: null });
        const driver = await fundedUser(db, 100_000_000);
        const window = { start: at((10 + round) * HOUR), end: at((11 + round) * HOUR) };
        const mine = await Promise.all([
          book(a.app, driver, { park_id: parks[0]!, ...window, coupon_code: once.code }),
          book(b.app, driver, { park_id: parks[1]!, ...window, coupon_code: once.code }),
        ]);
        expect(mine.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        expect(mine.find((r) => r.statusCode === 422)!.json()).toMatchObject({
          code: "coupon_refused",
          fields: { coupon_code: "You have already used this coupon as many times as it allows" },
        });
        const booked = mine.find((r) => r.statusCode === 201)!.json<{ amount: number }>();
        expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(
          100_000_000 - Math.round(booked.amount * 100),
        );
        expect(await couponUses(db, once.id)).toBe(1);

        // One use for everyone: two drivers at once at two parks (no capacity or wallet lock in common).
        const last = await coupon({ limit_per_user: 5, total_limit: 1 });
        const [x, y] = [await fundedUser(db, 100_000_000), await fundedUser(db, 100_000_000)];
        const both = await Promise.all([
          book(a.app, x, { park_id: parks[0]!, ...window, coupon_code: last.code }),
          book(b.app, y, { park_id: parks[1]!, ...window, coupon_code: last.code }),
        ]);
        expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        expect(both.find((r) => r.statusCode === 422)!.json()).toMatchObject({
          fields: { coupon_code: "This coupon has been used as many times as it allows" },
        });
        expect(await couponUses(db, last.id)).toBe(1);
      }
    }, 120_000);
  },
);
