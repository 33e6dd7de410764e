/**
 * The first term of a pass, priced once for the sale and the checkout's quote alike
 * (docs/PRODUCT-RULES.md#monthly-passes): the plan must be on sale at an active park, price the
 * vehicle type, take the term and the start day; the term runs a full month from the start day on
 * the park's clock, and costs the monthly price times the months less the term's discount, with
 * the country's fees and tax as any parking (priceFlat).
 */
import type { Language } from "../../lib/language";
import { presentCoupon } from "../purchases/coupons.present";
import {
  PASS_NOT_ON_SALE_MESSAGE,
  PASS_START_MAX_DAYS,
  planCurrencyChangedMessage,
  type PlanQuote,
} from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { bpsToPercent, toMajor } from "../../lib/money";
import { priceFlat, withCoupon } from "../parks/pricing.domain";
import { couponFor, type PurchaseCoupon } from "../purchases/coupons.service";
import { resolveCountry } from "../parks/parks.service";
import { servedCountries } from "../reference/served-countries";
import { taxesAt, withTaxesAt } from "../reference/tax-rates.domain";
import {
  closedDayShares,
  startDateProblem,
  termDiscountBps,
  termOf,
  termPriceMinor,
  type Term,
} from "./passes.domain";
import { presentBreakdown } from "./passes.present";
import * as repo from "./passes.repo";
import { planNotFound } from "./plans.service";

export interface TermAsked {
  plan_id: number;
  vehicle_type_id: number;
  start_date: string;
  term_months: number;
}

/** A charge's price parts in minor units. */
export type BreakdownMinor = ReturnType<typeof priceFlat>;

export interface FirstTerm {
  plan: NonNullable<Awaited<ReturnType<typeof repo.planForSale>>>["plan"];
  park: NonNullable<Awaited<ReturnType<typeof repo.planForSale>>>["park"];
  price: { monthlyMinor: number; currency: string; vehicleType: string };
  country: Awaited<ReturnType<typeof resolveCountry>>;
  term: Term;
  /** The term's discount in basis points and minor units. */
  discountBps: number;
  discountMinor: number;
  breakdown: BreakdownMinor;
}

/**
 * The first term asked for, priced, or the refusal the sale gives: an unknown or draft plan 404,
 * a closed plan or a park not active 409 `plan_not_on_sale`, else 422 naming each field wrong (a
 * vehicle type the plan does not price, a term under its minimum, a start day out of range).
 */
export async function priceFirstTerm(db: Tx, now: Date, asked: TermAsked): Promise<FirstTerm> {
  const found = await repo.planForSale(db, asked.plan_id);
  if (!found || found.plan.status === "draft") throw planNotFound();
  const { plan, park } = found;
  if (plan.status !== "on_sale" || park.status !== "active") {
    throw new AppError(409, "plan_not_on_sale", PASS_NOT_ON_SALE_MESSAGE);
  }
  const fields: Record<string, string> = {};
  const price = await repo.planPrice(db, plan.id, asked.vehicle_type_id);
  if (!price) fields.vehicle_type_id = "This plan takes no vehicles of this type";
  if (asked.term_months < plan.minTermMonths) {
    fields.term_months = `This plan is sold for ${plan.minTermMonths} months at least`;
  }
  const startProblem = startDateProblem(asked.start_date, park.timeZone, now, PASS_START_MAX_DAYS);
  if (startProblem) fields.start_date = startProblem;
  if (!price || Object.keys(fields).length > 0) throw AppError.validation(fields);

  const country = await resolveCountry(servedCountries(db), park.countryCode);
  // A price set before the park moved country is in the old currency: never sold in the new one.
  if (price.currency !== country.currency) {
    throw new AppError(
      409,
      "plan_currency_changed",
      planCurrencyChangedMessage(price.currency, country.currency),
    );
  }
  const term = termOf(asked.start_date, asked.term_months, park.timeZone, now);
  const termMinor = termPriceMinor(price.monthlyMinor, asked.term_months, plan);
  return {
    plan,
    park,
    price,
    country,
    term,
    discountBps: termDiscountBps(asked.term_months, plan),
    discountMinor: price.monthlyMinor * asked.term_months - termMinor,
    breakdown: priceFlat(termMinor, withTaxesAt(country, park, now, "pass"), term.startsAt, term.paidUntil),
  };
}

/**
 * A coupon code on a first term (docs/PRODUCT-RULES.md#coupons): off its parking, after the term's
 * own discount; the term priced again with it (withCoupon). `lock`: in the sale's transaction, the
 * coupon's row locked until it commits. Without a code, the term as it is and no coupon.
 */
export async function couponOnFirstTerm(
  db: Tx,
  first: FirstTerm,
  p: { code: string | undefined; userId: string | null; now: Date; lock: boolean },
): Promise<{ coupon: PurchaseCoupon | null; breakdown: BreakdownMinor }> {
  if (!p.code) return { coupon: null, breakdown: first.breakdown };
  const { country } = first;
  const coupon = await couponFor(db, {
    code: p.code,
    kind: "pass",
    country: { id: country.id, currency: country.currency, decimals: country.decimals },
    userId: p.userId,
    baseMinor: first.breakdown.parkingMinor,
    now: p.now,
    lock: p.lock,
  });
  return {
    coupon,
    breakdown: withCoupon(
      first.breakdown,
      coupon.applied ? coupon : null,
      taxesAt(country, first.park, p.now, "pass"),
    ),
  };
}

/**
 * GET /plans/{id}/quote: the first term's days and price, as POST /passes would charge it now;
 * with a coupon code, its discount or why it does not apply (the driver's own uses counted when
 * signed in); and the park's closure days in the term, with what each gives back.
 */
export async function quote(
  db: Tx,
  now: Date,
  asked: TermAsked & { coupon_code?: string | undefined },
  userId: string | null,
  language: Language,
): Promise<PlanQuote> {
  const first = await priceFirstTerm(db, now, asked);
  const { country, term, price } = first;
  const { coupon, breakdown } = await couponOnFirstTerm(db, first, {
    code: asked.coupon_code,
    userId,
    now,
    lock: false,
  });
  const major = (m: number) => toMajor(m, country.decimals);
  const { termDays, closedDays } = await repo.termClosures(db, {
    planId: first.plan.id,
    parkId: first.park.id,
    timeZone: first.park.timeZone,
    start: term.startsAt,
    end: term.paidUntil,
    now,
  });
  return {
    plan_id: first.plan.id,
    vehicle_type_id: asked.vehicle_type_id,
    vehicle_type: price.vehicleType,
    term_months: asked.term_months,
    start_date: asked.start_date,
    starts_at: term.startsAt.toISOString(),
    paid_until: term.paidUntil.toISOString(),
    currency: country.currency,
    monthly_price: major(price.monthlyMinor),
    price_before_discount: major(price.monthlyMinor * asked.term_months),
    discount_percent: bpsToPercent(first.discountBps),
    discount: major(first.discountMinor),
    breakdown: presentBreakdown(breakdown, country.taxName, country.decimals),
    total: major(breakdown.totalMinor),
    coupon: presentCoupon(coupon, major, language),
    closed_days: closedDayShares(breakdown.totalMinor, termDays, closedDays).map((s) => ({
      date: s.day,
      refund: major(s.amountMinor),
    })),
  };
}
