/**
 * A window's price in integer minor units, as pricing computes it (features/parks/pricing.domain.ts)
 * and as a booking keeps it (bookings.price_breakdown): a plain shape the schema and the domain
 * both name, so the database layer imports no feature.
 */
import type { TaxLine } from "@parkwell/contract";
/** A busy-time rule as a price keeps it: the pricing core's RateAdjustment, with its id and name. */
export interface BookedRateRule {
  id: number;
  name: string;
  adjustmentBps: number;
  floorMinor: number | null;
  ceilingMinor: number | null;
}

export interface PriceBreakdown {
  /** Billed hours (started hours, after the daily cap split). */
  hours: number;
  /** Whole 24-hour blocks in the window. */
  days: number;
  parkingMinor: number;
  serviceFeeMinor: number;
  bookingFeeMinor: number;
  /** The sum of `taxes`. */
  taxMinor: number;
  /**
   * Each tax of the place by name (decision 047: GST and QST, HST, a parking tax), summing to
   * `taxMinor`. Absent on a breakdown stored before taxes had names: its one tax is the country's.
   */
  taxes?: TaxLine[];
  totalMinor: number;
  /**
   * EV charging sold with the booking (decision 048, "Charging sold per hour"): the chosen charger
   * group's price per hour (`chargingHourMinor`, as it was when booked) times the window's started
   * hours (`chargingHours`, the whole window, no daily cap). Absent: none sold (no charger, or one
   * priced per kWh, paid at the charger). In `totalMinor`; outside the fees, the taxes and a coupon.
   */
  chargingMinor?: number;
  chargingHours?: number;
  chargingHourMinor?: number;
  /**
   * A busy-time rule priced the parking (decision 059): the rule as it was when quoted (kept, so an
   * extension moves its added parking by the same rule, and a report tells what the rules added),
   * and the window's parking at the normal rates. Absent: the normal rates.
   */
  rateRule?: BookedRateRule;
  normalParkingMinor?: number;
  /** A coupon's discount off the parking (pricing.domain withCoupon), and its code; absent: none. */
  couponDiscountMinor?: number;
  couponCode?: string;
}
