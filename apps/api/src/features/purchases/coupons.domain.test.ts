import { describe, expect, it } from "vitest";
import { couponDiscount, type CouponTerms } from "./coupons.domain";

const now = new Date("2026-11-25T12:00:00Z");
const coupon = (over: Partial<CouponTerms>): CouponTerms => ({
  discountType: "percentage",
  discount: 1000,
  maxDiscountMinor: null,
  minOrderMinor: 0,
  startsAt: new Date("2026-11-01T00:00:00Z"),
  endsAt: new Date("2026-12-01T00:00:00Z"),
  status: "active",
  kinds: ["order", "vehicle_docs"],
  limitPerUser: 1,
  totalLimit: null,
  ...over,
});
const none = { mine: 0, all: 0 };

describe("couponDiscount", () => {
  it("applies a percentage capped by the maximum discount and by the amount", () => {
    expect(couponDiscount("order", 100_000, coupon({ discount: 1000 }), now, none)).toEqual({
      ok: true,
      discountMinor: 10_000,
    });
    expect(
      couponDiscount("order", 100_000, coupon({ discount: 1000, maxDiscountMinor: 2500 }), now, none),
    ).toEqual({
      ok: true,
      discountMinor: 2500,
    });
    expect(couponDiscount("vehicle_docs", 700, coupon({ discount: 10_000 }), now, none)).toEqual({
      ok: true,
      discountMinor: 700,
    });
  });

  it("refuses a fixed discount over the amount, below the minimum, outside the dates, or inactive", () => {
    const fixed = coupon({ discountType: "fixed", discount: 5000 });
    expect(couponDiscount("order", 5000, fixed, now, none)).toEqual({ ok: true, discountMinor: 5000 });
    expect(couponDiscount("order", 4999, fixed, now, none)).toEqual({ ok: false, refusal: "over_subtotal" });
    expect(couponDiscount("order", 9999, coupon({ minOrderMinor: 10_000 }), now, none)).toEqual({
      ok: false,
      refusal: "minimum",
    });
    expect(couponDiscount("order", 10_000, coupon({ minOrderMinor: 10_000 }), now, none).ok).toBe(true);
    expect(
      couponDiscount("order", 10_000, coupon({ startsAt: new Date("2026-11-26T00:00:00Z") }), now, none),
    ).toEqual({ ok: false, refusal: "not_started" });
    expect(couponDiscount("order", 10_000, coupon({ endsAt: now }), now, none)).toEqual({
      ok: false,
      refusal: "expired",
    });
    expect(couponDiscount("order", 10_000, coupon({ status: "inactive" }), now, none)).toEqual({
      ok: false,
      refusal: "inactive",
    });
  });

  it("refuses a purchase of a kind the coupon is not for, before anything else", () => {
    const ordersOnly = coupon({ kinds: ["order"], status: "inactive" });
    expect(couponDiscount("vehicle_docs", 10_000, ordersOnly, now, none)).toEqual({
      ok: false,
      refusal: "not_for_kind",
    });
    expect(couponDiscount("booking", 10_000, coupon({}), now, none)).toEqual({
      ok: false,
      refusal: "not_for_kind",
    });
  });

  it("counts the driver's uses against the limit per user, and everyone's against the total limit", () => {
    const limited = coupon({ limitPerUser: 2, totalLimit: 100 });
    expect(couponDiscount("order", 10_000, limited, now, { mine: 1, all: 99 }).ok).toBe(true);
    expect(couponDiscount("order", 10_000, limited, now, { mine: 2, all: 2 })).toEqual({
      ok: false,
      refusal: "used_up",
    });
    expect(couponDiscount("order", 10_000, limited, now, { mine: 0, all: 100 })).toEqual({
      ok: false,
      refusal: "all_used",
    });
    // No total limit: everyone's uses do not count; a signed-out quote has no uses to count.
    expect(couponDiscount("order", 10_000, coupon({}), now, { mine: 0, all: 1_000_000 }).ok).toBe(true);
    expect(couponDiscount("order", 10_000, coupon({ totalLimit: 1 }), now, null).ok).toBe(true);
  });
});
