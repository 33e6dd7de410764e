import type { AdminCoupon, CouponKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { queryRows, type Db } from "../db/client";
import { bearer, type TestUser } from "./factories";

/**
 * A coupon made as staff make one (POST /admin/marketplace/coupons), live from 2020 to 2099, for the
 * tests of any purchase that takes one: Nigerian, 10% off, one use per driver, unless `over` says
 * otherwise. `kinds` is always named, as the form asks for it.
 */
export async function createCoupon(
  app: FastifyInstance,
  staff: TestUser,
  over: Record<string, unknown> & { kinds: CouponKind[] },
): Promise<AdminCoupon> {
  const res = await app.inject({
    method: "POST",
    url: "/api/v1/admin/marketplace/coupons",
    headers: bearer(staff),
    payload: {
      country_code: "NG",
      code: `T-${Math.floor(Math.random() * 1e9)}`,
      name: "Test coupon",
      discount_type: "percentage",
      discount: 10,
      start_local: "2020-01-01T00:00",
      end_local: "2099-12-31T23:59",
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminCoupon>();
}

/** How many purchases have used coupon `couponId` (its `coupon_uses` rows, every driver's). */
export async function couponUses(db: Db, couponId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = ${couponId}`,
  );
  return Number(row!.n);
}
