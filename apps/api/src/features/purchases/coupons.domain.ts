/**
 * A coupon's terms, pure and in minor units (docs/PRODUCT-RULES.md#coupons): whether it applies to
 * a purchase of some kind worth some amount at some instant, and how much it takes off. Every kind
 * of purchase asks the same question (coupons.service.ts asks it with the coupon's row and uses).
 */
import { bpsOf, type CouponKind, type DiscountType } from "@parkwell/contract";

export type CouponRefusal =
  | "not_for_kind"
  | "not_started"
  | "expired"
  | "inactive"
  | "minimum"
  | "over_subtotal"
  | "used_up"
  | "all_used";

export interface CouponTerms {
  discountType: DiscountType;
  /** Minor units (fixed) or basis points (percentage, at most 10,000). */
  discount: number;
  maxDiscountMinor: number | null;
  minOrderMinor: number;
  startsAt: Date;
  endsAt: Date;
  status: "active" | "inactive";
  kinds: readonly CouponKind[];
  limitPerUser: number;
  totalLimit: number | null;
}

/** How many purchases used a coupon: the driver's own, and everyone's. */
export interface CouponUses {
  mine: number;
  all: number;
}

/**
 * A coupon's discount on a purchase of `kind` whose discountable amount is `baseMinor` at `now`,
 * or why it does not apply, in this order: the kind, the status, the dates, the minimum, the
 * amount (a fixed discount larger than the base is refused: "does not over the subtotal"; a
 * percentage is capped by the coupon's maximum and by the base), then the uses (the driver's,
 * then everyone's). `uses` is null before a driver is known (a signed-out quote).
 */
export function couponDiscount(
  kind: CouponKind,
  baseMinor: number,
  coupon: CouponTerms,
  now: Date,
  uses: CouponUses | null,
): { ok: true; discountMinor: number } | { ok: false; refusal: CouponRefusal } {
  if (!coupon.kinds.includes(kind)) return { ok: false, refusal: "not_for_kind" };
  if (coupon.status !== "active") return { ok: false, refusal: "inactive" };
  if (now < coupon.startsAt) return { ok: false, refusal: "not_started" };
  if (now >= coupon.endsAt) return { ok: false, refusal: "expired" };
  if (baseMinor < coupon.minOrderMinor) return { ok: false, refusal: "minimum" };
  let discountMinor: number;
  if (coupon.discountType === "fixed") {
    if (coupon.discount > baseMinor) return { ok: false, refusal: "over_subtotal" };
    discountMinor = coupon.discount;
  } else {
    discountMinor = Math.min(
      bpsOf(baseMinor, coupon.discount),
      coupon.maxDiscountMinor ?? Infinity,
      baseMinor,
    );
  }
  if (uses && uses.mine >= coupon.limitPerUser) return { ok: false, refusal: "used_up" };
  if (uses && coupon.totalLimit !== null && uses.all >= coupon.totalLimit)
    return { ok: false, refusal: "all_used" };
  return { ok: true, discountMinor };
}
