/**
 * Coupons, a capability of every purchase (docs/PRODUCT-RULES.md#coupons): a kind asks
 * `couponFor` what a code takes off its discountable amount (or why it does not apply, in a
 * sentence the quote shows), inside its purchase's transaction with the coupon's row locked, so
 * that its uses are counted by one purchase at a time; the engine records the use with the
 * purchase (`PurchasePrice.coupon`), and a purchase refunded in full gives it back.
 */
import {
  COUPON_ALL_USED_MESSAGE,
  COUPON_EXPIRED_MESSAGE,
  COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  COUPON_INACTIVE_MESSAGE,
  COUPON_MINIMUM_FOR_KIND,
  COUPON_NOT_FOR_KIND,
  COUPON_NOT_STARTED_MESSAGE,
  COUPON_OTHER_COUNTRY_MESSAGE,
  COUPON_UNKNOWN_MESSAGE,
  COUPON_USED_UP_MESSAGE,
  formatMoney,
  type CouponKind,
} from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { couponDiscount, type CouponRefusal } from "./coupons.domain";
import * as repo from "./coupons.repo";

/** A code as a purchase reads it: applied with its discount, or refused with the sentence why. */
export interface PurchaseCoupon {
  /** The coupon's id; null for a code no coupon of the country has. */
  id: number | null;
  code: string;
  applied: boolean;
  discountMinor: number;
  message: string | null;
}

const MESSAGES: Record<Exclude<CouponRefusal, "minimum" | "not_for_kind">, string> = {
  inactive: COUPON_INACTIVE_MESSAGE,
  not_started: COUPON_NOT_STARTED_MESSAGE,
  expired: COUPON_EXPIRED_MESSAGE,
  over_subtotal: COUPON_FIXED_OVER_SUBTOTAL_MESSAGE,
  used_up: COUPON_USED_UP_MESSAGE,
  all_used: COUPON_ALL_USED_MESSAGE,
};

/**
 * Test-only: counts a coupon's uses without its row's lock (the coupon race tests' negative
 * control, passes-coupons and event-bookings-coupons); never set in production.
 */
export const unsafeOptions = { unsafeSkipCouponLock: false };

/**
 * What coupon `code` (upper case) takes off a purchase of `kind` in a country whose discountable
 * amount is `baseMinor`: the driver's and everyone's uses counted (the driver's only when signed
 * in). `lock`: inside the purchase's transaction, the coupon's row FOR UPDATE until it commits.
 */
export async function couponFor(
  db: Tx,
  p: {
    code: string;
    kind: CouponKind;
    country: { id: number; currency: string; decimals: number };
    userId: string | null;
    baseMinor: number;
    now: Date;
    lock: boolean;
  },
): Promise<PurchaseCoupon> {
  const { code, country } = p;
  const row = await repo.couponByCode(db, country.id, code, p.lock && !unsafeOptions.unsafeSkipCouponLock);
  const refused = (message: string): PurchaseCoupon => ({
    id: row?.id ?? null,
    code,
    applied: false,
    discountMinor: 0,
    message,
  });
  if (!row) {
    // A code of another country (WELCOME5 typed in Nigeria) is said to be so, not to be unknown.
    return refused(
      (await repo.couponElsewhere(db, country.id, code))
        ? COUPON_OTHER_COUNTRY_MESSAGE
        : COUPON_UNKNOWN_MESSAGE,
    );
  }
  const uses = await repo.couponUsesOf(db, row.id, p.userId, row.totalLimit !== null);
  const verdict = couponDiscount(p.kind, p.baseMinor, row, p.now, {
    mine: p.userId ? uses.mine : 0,
    all: uses.all,
  });
  if (verdict.ok)
    return { id: row.id, code: row.code, applied: true, discountMinor: verdict.discountMinor, message: null };
  if (verdict.refusal === "not_for_kind") return refused(COUPON_NOT_FOR_KIND[p.kind]);
  if (verdict.refusal === "minimum") {
    const amount = formatMoney(toMajor(row.minOrderMinor, country.decimals), country.currency, "en");
    return refused(COUPON_MINIMUM_FOR_KIND[p.kind].replace("{amount}", amount));
  }
  return refused(MESSAGES[verdict.refusal]);
}

/** The 422 of a purchase made with a code that does not apply: never bought at full price unasked. */
export function assertCouponApplies(coupon: PurchaseCoupon | null): void {
  if (!coupon || coupon.applied) return;
  const message = coupon.message ?? COUPON_UNKNOWN_MESSAGE;
  throw new AppError(422, "coupon_refused", message, { coupon_code: message });
}

/**
 * Records a coupon's use by a purchase (the engine does, with the purchase's row). `again`: a
 * second call for the same purchase records nothing again (a paid hold's retried settle).
 */
export function recordCouponUse(
  tx: Tx,
  p: { couponId: number; userId: string; purchaseId: string },
  again = false,
) {
  return repo.insertCouponUse(tx, p, again);
}

/** A coupon locked for a purchase that kept its quoted price: its id (null: none of this code) and whether a use is left. */
export interface LockedCouponUse {
  couponId: number | null;
  useLeft: boolean;
}

/**
 * For a purchase that keeps the price it was quoted (a paid hold's booking): locks the country's
 * coupon of this code and says whether its limits still leave this driver a use, the purchase's own
 * use (a retried completion's) not counted. Its dates and status are not asked again: the quoted
 * discount stands; its limits are, as they cap how many purchases carry it. A coupon since deleted
 * limits nothing (and has no use to record). The purchase records its use with `recordCouponUse`
 * (`again`) and the id answered here, in the same transaction, under this lock.
 */
export async function lockCouponUse(
  tx: Tx,
  p: { countryId: number; code: string; userId: string; purchaseId: string },
): Promise<LockedCouponUse> {
  const row = await repo.couponByCode(tx, p.countryId, p.code, true);
  if (!row) return { couponId: null, useLeft: true };
  const uses = await repo.couponUsesOf(tx, row.id, p.userId, row.totalLimit !== null, p.purchaseId);
  const useLeft = uses.mine < row.limitPerUser && (row.totalLimit === null || uses.all < row.totalLimit);
  return { couponId: row.id, useLeft };
}

/** Gives a purchase's coupon use back (a purchase refunded in full). */
export function releaseCouponUse(tx: Tx, purchaseId: string) {
  return repo.deleteCouponUse(tx, purchaseId);
}
