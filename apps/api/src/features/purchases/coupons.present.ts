import type { CouponVerdict } from "@parkwell/contract";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import type { PurchaseCoupon } from "./coupons.service";

/**
 * A quote's verdict on the code asked for, in the currency's major units (`major`), its sentence in
 * the request's language; null without a code.
 */
export function presentCoupon(
  coupon: PurchaseCoupon | null,
  major: (minor: number) => number,
  language: Language,
): CouponVerdict {
  return (
    coupon && {
      code: coupon.code,
      applied: coupon.applied,
      discount: major(coupon.applied ? coupon.discountMinor : 0),
      message: coupon.message === null ? null : translate(coupon.message, language),
    }
  );
}
