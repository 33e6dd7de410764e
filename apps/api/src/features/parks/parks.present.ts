import type { DayHours, ParkClock, WindowPrice } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { CountryWithFees } from "./parks.repo";
import type { PriceBreakdown } from "./pricing.domain";

/** A window's price in the API's major units of the country's currency. */
export function windowPrice(p: PriceBreakdown, country: CountryWithFees): WindowPrice {
  const m = (minor: number) => toMajor(minor, country.decimals);
  return {
    amount: m(p.totalMinor),
    currency: country.currency,
    breakdown: {
      hours: p.hours,
      days: p.days,
      parking: m(p.parkingMinor),
      service_fee: m(p.serviceFeeMinor),
      booking_fee: m(p.bookingFeeMinor),
      tax: m(p.taxMinor),
      tax_name: country.taxName,
      total: m(p.totalMinor),
    },
  };
}

/** A park's opening hours as the window rule reads them (contract opening-hours.ts). */
export const clockOfPark = (p: {
  open24h: boolean;
  openingHours: DayHours[] | null;
  timeZone: string;
  overnightStays: boolean;
}): ParkClock => ({
  open24h: p.open24h,
  openingHours: p.openingHours,
  timeZone: p.timeZone,
  overnight: p.overnightStays,
});
