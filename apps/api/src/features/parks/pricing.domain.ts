/**
 * The price of a parking window: pure arithmetic in integer minor units, shared by park search,
 * the park page and bookings. Started hours are charged; each 24-hour block costs at most the
 * daily cap; the country's fees come on top (service fee + booking fee % of parking), then the
 * place's taxes by the pricing core's rule (each on its own parts: the fees, unless a tax names the
 * parking too; decision 047), as FeesSchema documents.
 */
import { adjustedParkingOf, bpsOf, chargingMinorOf, taxesOf, type TaxComponent } from "@parkwell/contract";
import type { BookedRateRule, PriceBreakdown } from "../../lib/price-breakdown";

export type { BookedRateRule, PriceBreakdown };

export interface HourlyRate {
  hourlyMinor: number;
  dailyMaxMinor: number;
}

export interface CountryFees {
  serviceFeeMinor: number;
  bookingFeeBps: number;
  /** The taxes of the park's place on the day of the sale (reference/tax-rates.domain taxesAt). */
  taxes: readonly TaxComponent[];
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
/** The longest window sold by the hour; longer stays are monthly passes. */
export const MAX_WINDOW_DAYS = 30;

export type WindowProblem = "end_before_start" | "too_long" | null;

export function checkWindow(start: Date, end: Date): WindowProblem {
  const ms = end.getTime() - start.getTime();
  if (!(ms > 0)) return "end_before_start";
  if (ms > MAX_WINDOW_DAYS * DAY_MS) return "too_long";
  return null;
}

/** The hours a span bills: a started hour is a whole hour (none for an empty or negative span). */
export function startedHours(ms: number): number {
  return ms > 0 ? Math.ceil(ms / HOUR_MS) : 0;
}

/** Parking alone: full days at the cap, then the remainder's started hours, capped again. */
export function parkingMinor(
  rate: HourlyRate,
  durationMs: number,
): { parking: number; days: number; hours: number } {
  if (durationMs <= 0) return { parking: 0, days: 0, hours: 0 };
  const days = Math.floor(durationMs / DAY_MS);
  const hours = startedHours(durationMs - days * DAY_MS);
  const parking = days * rate.dailyMaxMinor + Math.min(hours * rate.hourlyMinor, rate.dailyMaxMinor);
  return { parking, days, hours };
}

/**
 * A window's price at the park's rates; with a busy-time `rule` (decision 059), its parking moved
 * by the pricing core's `adjustedParkingOf`, the fees and taxes on what is then charged, and the
 * rule and the normal parking kept in the breakdown. A rule that changes nothing is not kept.
 */
export function priceWindow(
  rate: HourlyRate,
  fees: CountryFees,
  start: Date,
  end: Date,
  rule: BookedRateRule | null = null,
): PriceBreakdown {
  const { parking: normal, days, hours } = parkingMinor(rate, end.getTime() - start.getTime());
  const parking = rule ? adjustedParkingOf(normal, rule) : normal;
  const priced = withFees(parking, days, hours, fees);
  if (!rule || parking === normal) return priced;
  const { id, name, adjustmentBps, floorMinor, ceilingMinor } = rule;
  return {
    ...priced,
    rateRule: { id, name, adjustmentBps, floorMinor, ceilingMinor },
    normalParkingMinor: normal,
  };
}

/**
 * The EV charging of a per-hour charger group sold with a window (decision 048, "Charging sold per
 * hour"): its price per hour times the window's started hours, the rule the park's own hourly price
 * bills partial hours by (`startedHours`), over the whole window
 * with no daily cap (a group's price has none). `hourMinor` null: none sold (no charger, or one
 * priced per kWh, paid at the charger), the price as it is. The charging is outside the fees and
 * the taxes (they are computed from the parking alone) and a coupon never takes anything off it.
 */
export function withCharging(
  b: PriceBreakdown,
  hourMinor: number | null,
  start: Date,
  end: Date,
): PriceBreakdown {
  if (hourMinor === null) return b;
  const hours = startedHours(end.getTime() - start.getTime());
  const chargingMinor = hours * hourMinor;
  const without = b.totalMinor - chargingMinorOf(b);
  return {
    ...b,
    chargingMinor,
    chargingHours: hours,
    chargingHourMinor: hourMinor,
    totalMinor: without + chargingMinor,
  };
}

/**
 * An event's flat price for its whole window, with the country's fees on top as for any parking
 * (the hours and days only describe the window).
 */
export function priceFlat(flatMinor: number, fees: CountryFees, start: Date, end: Date): PriceBreakdown {
  const ms = Math.max(0, end.getTime() - start.getTime());
  const days = Math.floor(ms / DAY_MS);
  return withFees(flatMinor, days, startedHours(ms - days * DAY_MS), fees);
}

/**
 * A coupon's discount on a parking price (docs/PRODUCT-RULES.md#coupons): off the parking only, at
 * most all of it, never Parkwell's fees nor the EV charging sold with it; the taxes by the pricing core's rule on the parts after
 * it (a tax on the fees does not move; a tax on the parking itself is charged on what is paid).
 * Without a coupon, or with a discount of nothing, the price as it is.
 */
export function withCoupon(
  b: PriceBreakdown,
  coupon: { code: string; discountMinor: number } | null,
  taxes: readonly TaxComponent[],
): PriceBreakdown {
  if (!coupon || coupon.discountMinor <= 0) return b;
  const discountMinor = Math.min(coupon.discountMinor, b.parkingMinor);
  const { taxMinor, lines } = taxesOf(
    {
      parking: b.parkingMinor - discountMinor,
      service_fee: b.serviceFeeMinor,
      booking_fee: b.bookingFeeMinor,
    },
    taxes,
  );
  return {
    ...b,
    couponDiscountMinor: discountMinor,
    couponCode: coupon.code,
    taxMinor,
    taxes: lines,
    totalMinor:
      b.parkingMinor - discountMinor + b.serviceFeeMinor + b.bookingFeeMinor + taxMinor + chargingMinorOf(b),
  };
}

/**
 * A booking's new price (an extension's window) keeping the coupon it was booked with: the same
 * amount off, fixed when it was booked (never worked out again on the longer window, nor refused
 * because the coupon has since run out or ended).
 */
export function withBookedCoupon(
  after: PriceBreakdown,
  booked: PriceBreakdown,
  taxes: readonly TaxComponent[],
): PriceBreakdown {
  const discountMinor = booked.couponDiscountMinor ?? 0;
  return booked.couponCode ? withCoupon(after, { code: booked.couponCode, discountMinor }, taxes) : after;
}

function withFees(parking: number, days: number, hours: number, fees: CountryFees): PriceBreakdown {
  const serviceFeeMinor = parking > 0 ? fees.serviceFeeMinor : 0;
  const bookingFeeMinor = bpsOf(parking, fees.bookingFeeBps);
  const { taxMinor, lines } = taxesOf(
    { parking, service_fee: serviceFeeMinor, booking_fee: bookingFeeMinor },
    fees.taxes,
  );
  return {
    hours,
    days,
    parkingMinor: parking,
    serviceFeeMinor,
    bookingFeeMinor,
    taxMinor,
    taxes: lines,
    totalMinor: parking + serviceFeeMinor + bookingFeeMinor + taxMinor,
  };
}
