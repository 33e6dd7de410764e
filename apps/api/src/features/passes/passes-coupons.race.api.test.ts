import { COUPON_ALL_USED_MESSAGE, COUPON_USED_UP_MESSAGE, type PassPurchase } from "@parkwell/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import {
  expectCouponLimitHeld,
  purchasesMade,
  raceForCoupon,
  type CouponRacer,
} from "../../test/coupon-race";
import { couponUses, createCoupon } from "../../test/coupons";
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
    const ROUNDS = 3;
    const FUNDS = 100_000_000;
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

    /** One driver's six passes at once with a coupon of two uses per driver. */
    async function oneDriverSix() {
      const twice = await coupon({ limit_per_user: 2, total_limit: null });
      const driver = await fundedUser(db, FUNDS);
      const racers = Array.from({ length: 6 }, (_, i) => racer(driver, twice.code, i));
      return { coupon: twice, racers, answers: await raceForCoupon(racers) };
    }

    it("one driver's six passes at once against two uses per driver: two sold at the discount, four refused charging nothing", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const race = await oneDriverSix();
        await expectCouponLimitHeld(db, {
          ...race,
          allowed: 2,
          message: COUPON_USED_UP_MESSAGE,
          funds: FUNDS,
          read,
        });
      }
    }, 120_000);

    it("eight drivers' passes at once against three uses for everyone: three sold, five refused charging nothing", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const last = await coupon({ limit_per_user: 5, total_limit: 3 });
        const racers: CouponRacer[] = [];
        for (let i = 0; i < 8; i += 1) racers.push(racer(await fundedUser(db, FUNDS), last.code, i));
        const answers = await raceForCoupon(racers);
        await expectCouponLimitHeld(db, {
          coupon: last,
          racers,
          answers,
          allowed: 3,
          message: COUPON_ALL_USED_MESSAGE,
          funds: FUNDS,
          read,
        });
      }
    }, 120_000);

    it("negative control: counting the uses without the coupon's lock sells more passes at the discount than the limit allows", async () => {
      unsafeOptions.unsafeSkipCouponLock = true;
      let overrun = false;
      for (let round = 0; round < 5 && !overrun; round++) {
        const { coupon: twice, answers } = await oneDriverSix();
        const sold = purchasesMade(answers);
        expect(await couponUses(db, twice.id)).toBe(sold);
        if (sold > 2) overrun = true;
      }
      expect(overrun).toBe(true);
    }, 120_000);
  },
);
