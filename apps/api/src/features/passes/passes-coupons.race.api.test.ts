import type { PassPurchase } from "@parkwell/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import type { Db } from "../../db/client";
import { couponLimitRaces, type CouponRacer } from "../../test/coupon-race";
import { createCoupon } from "../../test/coupons";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser, setCapacity } from "../bookings/bookings.test-kit";
import { unsafeOptions } from "../purchases/coupons.service";
import { passPlans, passRequest } from "./passes.test-kit";

/**
 * A pass coupon's last uses raced by pass purchases, through two app instances (two pools) on one
 * PostgreSQL database: one driver's six purchases at once against a limit of two per driver, and
 * eight drivers' at once against a limit of three for everyone. The coupon's row is locked in the
 * purchase's transaction before the plan's and the capacity's (decision 044), so each purchase
 * counts the uses of those before it: exactly the limit's passes are sold at the discount, the
 * others refused with nothing charged. The negative control counts the uses without that lock and
 * must sell more. PGlite runs one query at a time, so this runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "a pass coupon's limits under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    let ctx: TestContext;
    let db: Db;
    let a: { app: FastifyInstance; close(): Promise<void> };
    let b: { app: FastifyInstance; close(): Promise<void> };
    let staff: TestUser;
    let planId: number;

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      a = await anotherApp(ctx, {}, 10);
      b = await anotherApp(ctx, {}, 10);
      staff = await createStaff(db, "admin");
      // Room for every pass the rounds and the negative control sell: only the coupon limits them.
      const plans = await passPlans(ctx);
      const plan = await plans.planAt();
      await setCapacity(db, plan.parkId, 1, 500);
      const roomy = await ctx.app.inject({
        method: "PATCH",
        url: `/api/v1/admin/plans/${plan.id}`,
        headers: bearer(plans.manager),
        payload: { allocation: 500 },
      });
      expect(roomy.statusCode, roomy.body).toBe(200);
      planId = plan.id;
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await ctx?.close();
    });
    afterEach(async () => {
      unsafeOptions.unsafeSkipCouponLock = false;
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    const coupon = (limits: { limit_per_user: number; total_limit: number | null }) =>
      createCoupon(ctx.app, staff, { kinds: ["pass"], ...limits });

    let plates = 0;
    /** A pass bought with `code` on one of the two instances (each its own plate). */
    const racer = (driver: TestUser, code: string, i: number): CouponRacer => {
      plates += 1;
      const payload = { ...passRequest(planId), plates: [`CPR${plates}AA`], coupon_code: code };
      return {
        driver,
        send: () =>
          (i % 2 === 0 ? a : b).app.inject({
            method: "POST",
            url: "/api/v1/passes",
            headers: bearer(driver),
            payload,
          }),
      };
    };
    const read = (body: unknown) => {
      const pass = body as PassPurchase;
      return { id: pass.id, amount: pass.charged.amount, breakdown: pass.charged.breakdown };
    };

    couponLimitRaces({
      noun: "passes",
      db: () => db,
      coupon,
      driver: (funds) => fundedUser(db, funds),
      racer,
      read,
      skipLock: (on) => {
        unsafeOptions.unsafeSkipCouponLock = on;
      },
    });
  },
);
