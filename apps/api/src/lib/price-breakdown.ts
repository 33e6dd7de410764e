/**
 * A window's price in integer minor units, as pricing computes it (features/parks/pricing.domain.ts)
 * and as a booking keeps it (bookings.price_breakdown): a plain shape the schema and the domain
 * both name, so the database layer imports no feature.
 */
export interface PriceBreakdown {
  /** Billed hours (started hours, after the daily cap split). */
  hours: number;
  /** Whole 24-hour blocks in the window. */
  days: number;
  parkingMinor: number;
  serviceFeeMinor: number;
  bookingFeeMinor: number;
  taxMinor: number;
  totalMinor: number;
  /** A coupon's discount off the parking (pricing.domain withCoupon), and its code; absent: none. */
  couponDiscountMinor?: number;
  couponCode?: string;
}
