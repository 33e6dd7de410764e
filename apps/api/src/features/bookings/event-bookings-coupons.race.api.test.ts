import { COUPON_ALL_USED_MESSAGE, COUPON_USED_UP_MESSAGE, type Booking } from "@parkwell/contract";
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
import { createEvent } from "../../test/events";
import { createStaff, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { unsafeOptions } from "../purchases/coupons.service";
import { allDayPark, at, fundedUser, HOUR, overbooked, setCapacity } from "./bookings.test-kit";
import { bookEvent, overAllocated } from "./event-bookings.test-kit";

/**
 * An event coupon's last uses raced by bookings of an event's parking, through two app instances
 * (two pools) on one PostgreSQL database: one driver's six bookings at once against a limit of two
 * per driver, and eight drivers' at once against a limit of three for everyone. The coupon's row is
 * locked in the booking's transaction before `book_event_space` takes the park's capacity and the
 * wallet (decision 044), so each booking counts the uses of those before it: exactly the limit's
 * bookings are made at the discount, the others refused with nothing charged. The negative control
 * counts the uses without that lock and must book more. PGlite runs one query at a time, so this
 * runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "an event coupon's limits under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    const ROUNDS = 3;
    const FUNDS = 100_000_000;
    let ctx: TestContext;
    let db: Db;
    let a: { app: FastifyInstance; close(): Promise<void> };
    let b: { app: FastifyInstance; close(): Promise<void> };
    let staff: TestUser;
    let park: number;
    let eventCode: string;

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      a = await anotherApp(ctx, {}, 10);
      b = await anotherApp(ctx, {}, 10);
      staff = await createStaff(db, "admin");
      park = await allDayPark(db);
      // Room for every booking the rounds and the negative control make: only the coupon limits them.
      await setCapacity(db, park, 1, 500);
      eventCode = (
        await createEvent(db, {
          start: at(30 * HOUR),
          end: at(33 * HOUR),
          parks: [{ parkId: park, offers: [{ priceMinor: 700_000, allocation: 500 }] }],
        })
      ).code;
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
      expect(await overbooked(db)).toEqual([]);
      expect(await overAllocated(db)).toEqual([]);
    });

    const coupon = (limits: { limit_per_user: number; total_limit: number | null }) =>
      createCoupon(ctx.app, staff, { kinds: ["event_booking"], ...limits });

    /** The event's parking booked with `code` on one of the two instances. */
    const racer = (driver: TestUser, code: string, i: number): CouponRacer => ({
      driver,
      send: () =>
        bookEvent((i % 2 === 0 ? a : b).app, driver, {
          event_code: eventCode,
          park_id: park,
          coupon_code: code,
        }),
    });
    const read = (body: unknown) => {
      const booking = body as Booking;
      return { id: booking.id, amount: booking.amount, breakdown: booking.breakdown };
    };

    /** One driver's six bookings at once with a coupon of two uses per driver. */
    async function oneDriverSix() {
      const twice = await coupon({ limit_per_user: 2, total_limit: null });
      const driver = await fundedUser(db, FUNDS);
      const racers = Array.from({ length: 6 }, (_, i) => racer(driver, twice.code, i));
      return { coupon: twice, racers, answers: await raceForCoupon(racers) };
    }

    it("one driver's six bookings at once against two uses per driver: two made at the discount, four refused charging nothing", async () => {
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

    it("eight drivers' bookings at once against three uses for everyone: three made, five refused charging nothing", async () => {
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

    it("negative control: counting the uses without the coupon's lock books more at the discount than the limit allows", async () => {
      unsafeOptions.unsafeSkipCouponLock = true;
      let overrun = false;
      for (let round = 0; round < 5 && !overrun; round++) {
        const { coupon: twice, answers } = await oneDriverSix();
        const made = purchasesMade(answers);
        expect(await couponUses(db, twice.id)).toBe(made);
        if (made > 2) overrun = true;
      }
      expect(overrun).toBe(true);
    }, 120_000);
  },
);
