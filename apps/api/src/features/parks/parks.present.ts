import type { DayHours, ParkClock, WindowPrice } from "@parkwell/contract";
import type { ParkTexts } from "../../db/schema/parks";
import type { Language } from "../../lib/language";
import { toMajor } from "../../lib/money";
import type { CountryWithFees } from "../reference/served-countries";
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
  closures: string[];
}): ParkClock => ({
  open24h: p.open24h,
  openingHours: p.openingHours,
  timeZone: p.timeZone,
  overnight: p.overnightStays,
  closures: p.closures,
});

/**
 * A park's description and entry instructions in `language` when the park has them in it (its own
 * language, or a translation), else in its own language; `text_language` says which was given, so
 * a page can mark the fallback. A translation counts only when it has both texts.
 */
export function parkTexts(
  p: {
    description: string;
    entryInstructions: string;
    textLanguage: Language;
    translations: Partial<Record<Language, ParkTexts>>;
  },
  language: Language,
): ParkTexts & { text_language: Language } {
  const translated = p.textLanguage === language ? undefined : p.translations[language];
  if (translated?.description && translated.entry_instructions) {
    return { ...translated, text_language: language };
  }
  return {
    description: p.description,
    entry_instructions: p.entryInstructions,
    text_language: p.textLanguage,
  };
}
