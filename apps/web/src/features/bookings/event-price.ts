import type { Booking, Fees } from "@parkwell/contract";

type Breakdown = Booking["breakdown"];

/**
 * An event's price before paying: the flat price plus the country's fees, worked out as the
 * server does (apps/api pricing.domain priceFlat): in minor units, a service fee when there is
 * parking to pay, the booking fee a share of the parking, the tax a share of the fees, each
 * rounded to the minor unit. `decimals` is the currency's (0 for XOF).
 */
export function eventPrice(
  flat: number,
  fees: Pick<Fees, "service_fee" | "booking_fee_percent" | "tax_percent" | "tax_name">,
  decimals: number,
  window: { start_time: string; end_time: string },
): Breakdown {
  const unit = 10 ** decimals;
  const minor = (major: number) => Math.round(major * unit);
  const bps = (percent: number) => Math.round(percent * 100);
  const share = (amount: number, basisPoints: number) => Math.round((amount * basisPoints) / 10_000);
  const parking = minor(flat);
  const serviceFee = parking > 0 ? minor(fees.service_fee) : 0;
  const bookingFee = share(parking, bps(fees.booking_fee_percent));
  const tax = share(serviceFee + bookingFee, bps(fees.tax_percent));
  const ms = Math.max(0, Date.parse(window.end_time) - Date.parse(window.start_time));
  const days = Math.floor(ms / 86_400_000);
  return {
    days,
    hours: Math.ceil((ms - days * 86_400_000) / 3_600_000),
    parking: parking / unit,
    service_fee: serviceFee / unit,
    booking_fee: bookingFee / unit,
    tax: tax / unit,
    tax_name: fees.tax_name,
    total: (parking + serviceFee + bookingFee + tax) / unit,
  };
}
