import { couponUses, createCoupon } from "../../test/coupons";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { anotherApp, createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import { ngParks } from "../marketplace/marketplace.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

/**
 * A request's refund and a coupon's last use under real concurrency, through two app instances (two pools) on one
 * PostgreSQL database: two cancels at once, and a cancel racing the move to the licensing office.
 * The request's row lock makes the second judged from the first's stage, so the money comes back
 * once or not at all. PGlite runs one query at a time, so this runs only with TEST_DB_ENGINE=postgres.
 */
describe.skipIf(TEST_ENGINE !== "postgres")(
  "vehicle document refunds under concurrency (PostgreSQL only: PGlite serialises)",
  () => {
    const ROUNDS = 6;
    let ctx: TestContext;
    let db: Db;
    let a: { app: FastifyInstance; close(): Promise<void> };
    let b: { app: FastifyInstance; close(): Promise<void> };
    let staff: TestUser;
    let park: number;

    beforeAll(async () => {
      ctx = await createTestContext();
      db = ctx.database.db;
      a = await anotherApp(ctx, {}, 10);
      b = await anotherApp(ctx, {}, 10);
      staff = await createStaff(db, "admin");
      [park] = (await ngParks(db, 1)) as [number];
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await ctx?.close();
    });
    afterEach(async () => {
      expect(await ledgerViolations(db)).toEqual([]);
      expect(await receiptViolations(db)).toEqual([]);
    });

    async function request(driver: TestUser): Promise<string> {
      const [v] = await db
        .insert(userVehicles)
        .values({
          userId: driver.id,
          plateNumber: `RACE${Math.floor(Math.random() * 1e6)}`,
          vehicleTypeId: 1,
          registrationStateId: 1,
          engineCc: 1600,
          vehicleUse: "private",
        })
        .returning({ id: userVehicles.id });
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/vehicle-docs/requests",
        headers: bearer(driver),
        payload: {
          type: "vehicle_papers",
          vehicle_id: v!.id,
          documents: ["vehicle_licence", "third_party_insurance"],
          delivery: { park_id: park },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().code;
    }

    const cancel = (app: FastifyInstance, driver: TestUser, code: string) =>
      app.inject({
        method: "POST",
        url: `/api/v1/vehicle-docs/requests/${code}/cancel`,
        headers: bearer(driver),
      });
    const move = (app: FastifyInstance, code: string, to: string) =>
      app.inject({
        method: "POST",
        url: `/api/v1/admin/vehicle-docs/requests/${code}/stage`,
        headers: bearer(staff),
        payload: { to },
      });

    async function refunds(code: string) {
      const [row] = await queryRows<{ moves: number; notes: number; refunded: string; stage: string }>(
        db,
        sql`SELECT r.stage, r.refunded_minor AS refunded,
              (SELECT count(*)::int FROM ledger_transactions t WHERE t.idempotency_key LIKE 'vehicle_docs:' || r.id || ':%' AND t.kind = 'refund') AS moves,
              (SELECT count(*)::int FROM receipts c WHERE c.reference = r.code AND c.kind = 'credit_note') AS notes
            FROM vehicle_doc_requests r WHERE r.code = ${code}`,
      );
      return row!;
    }

    it("two cancels at once: one refund and one credit note, the other 409", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const driver = await fundedUser(db, 100_000_000);
        const before = await walletBalanceMinor(db, driver.id, "NGN");
        const code = await request(driver);
        const answers = await Promise.all([cancel(a.app, driver, code), cancel(b.app, driver, code)]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await refunds(code)).toMatchObject({ stage: "cancelled", moves: 1, notes: 1 });
        expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
      }
    }, 120_000);

    it("a cancel racing the move to the office: either refunded once and cancelled, or at the office and charged", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const driver = await fundedUser(db, 100_000_000);
        const before = await walletBalanceMinor(db, driver.id, "NGN");
        const code = await request(driver);
        expect((await move(ctx.app, code, "documents_checked")).statusCode).toBe(200);
        const [cancelled, moved] = await Promise.all([
          cancel(a.app, driver, code),
          move(b.app, code, "at_office"),
        ]);
        expect([cancelled.statusCode, moved.statusCode].sort()).toEqual([200, 409]);
        const after = await refunds(code);
        if (cancelled.statusCode === 200) {
          expect(after).toMatchObject({ stage: "cancelled", moves: 1, notes: 1 });
          expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
        } else {
          expect(cancelled.json().code).toBe("cancel_too_late");
          expect(after).toMatchObject({ stage: "at_office", moves: 0, notes: 0 });
          expect(await walletBalanceMinor(db, driver.id, "NGN")).toBeLessThan(before);
        }
      }
    }, 120_000);

    /** A live Nigerian coupon for vehicle documents, made in the back office. */
    const couponFor = (limits: { limit_per_user: number; total_limit: number | null }) =>
      createCoupon(ctx.app, staff, { kinds: ["vehicle_docs"], ...limits });

    async function withCoupon(app: FastifyInstance, driver: TestUser, code: string) {
      const [v] = await db
        .insert(userVehicles)
        .values({
          userId: driver.id,
          plateNumber: `CPN${Math.floor(Math.random() * 1e6)}`,
          vehicleTypeId: 1,
          registrationStateId: 1,
          engineCc: 1600,
          vehicleUse: "private",
        })
        .returning({ id: userVehicles.id });
      return app.inject({
        method: "POST",
        url: "/api/v1/vehicle-docs/requests",
        headers: bearer(driver),
        payload: {
          type: "vehicle_papers",
          vehicle_id: v!.id,
          documents: ["third_party_insurance"],
          delivery: { park_id: park },
          coupon_code: code,
        },
      });
    }

    it("a coupon's limits hold when its last use is raced: by one driver twice, and by two drivers", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        // One use per driver: the same driver's two requests at once (two keys, two app instances).
        const once = await couponFor({ limit_per_user: 1, total_limit: null });
        const driver = await fundedUser(db, 100_000_000);
        const mine = await Promise.all([
          withCoupon(a.app, driver, once.code),
          withCoupon(b.app, driver, once.code),
        ]);
        expect(mine.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        expect(mine.find((r) => r.statusCode === 422)!.json()).toMatchObject({
          code: "coupon_refused",
          fields: { coupon_code: "You have already used this coupon as many times as it allows" },
        });
        expect(await couponUses(db, once.id)).toBe(1);

        // One use for everyone: two drivers at once.
        const last = await couponFor({ limit_per_user: 5, total_limit: 1 });
        const [x, y] = [await fundedUser(db, 100_000_000), await fundedUser(db, 100_000_000)];
        const both = await Promise.all([withCoupon(a.app, x, last.code), withCoupon(b.app, y, last.code)]);
        expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
        expect(both.find((r) => r.statusCode === 422)!.json()).toMatchObject({
          fields: { coupon_code: "This coupon has been used as many times as it allows" },
        });
        expect(await couponUses(db, last.id)).toBe(1);
      }
    }, 120_000);
  },
);
