import type { Booking } from "@parkwell/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import type { Db } from "../../db/client";
import { couponLimitRaces, type CouponRacer } from "../../test/coupon-race";
import { createCoupon } from "../../test/coupons";
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

    couponLimitRaces({
      noun: "bookings",
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
