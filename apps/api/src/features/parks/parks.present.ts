import type {
  DayHours,
  ParkCharger,
  ParkClock,
  ParkRate,
  ParkSummary,
  ParkType,
  PriceTax,
  TaxLine,
  WindowPrice,
} from "@parkwell/contract";
import type { ParkTexts } from "../../db/schema/parks";
import type { Language } from "../../lib/language";
import { bpsToPercent, toMajor } from "../../lib/money";
import type { CountryWithFees } from "../reference/served-countries";
import { taxPlaceOfRow, withTaxesAt } from "../reference/tax-rates.domain";
import { priceWindow, type BookedRateRule, type PriceBreakdown } from "./pricing.domain";
import type { ChargerRow } from "./chargers.repo";
import type { listRates } from "./parks.repo";
import type { SearchRow } from "./parks.search-sql";

/** A park's rate row as the repo lists it. */
type RateRow = Awaited<ReturnType<typeof listRates>>[number];

/**
 * A price's taxes by name in major units (decision 047): the lines it was priced with, or, for a
 * price stored before taxes had names, its one tax under the country's name (rate unknown: null).
 * A tax of nothing is left out.
 */
export function presentTaxes(
  p: { taxMinor: number; taxes?: TaxLine[] | undefined },
  fallbackName: string,
  decimals: number,
): PriceTax[] {
  const lines: { name: string; rateBps: number | null; taxMinor: number }[] = p.taxes ?? [
    { name: fallbackName, rateBps: null, taxMinor: p.taxMinor },
  ];
  return lines
    .filter((t) => t.taxMinor !== 0)
    .map((t) => ({
      name: t.name,
      rate_percent: t.rateBps === null ? null : bpsToPercent(t.rateBps),
      amount: toMajor(t.taxMinor, decimals),
    }));
}

/** A window's price in the API's major units of the country's currency. */
export function windowPrice(
  p: PriceBreakdown,
  country: Pick<CountryWithFees, "currency" | "decimals" | "taxName">,
): WindowPrice {
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
      taxes: presentTaxes(p, country.taxName, country.decimals),
      total: m(p.totalMinor),
      ...(p.couponCode ? { coupon_discount: m(p.couponDiscountMinor ?? 0), coupon_code: p.couponCode } : {}),
      ...chargingOf(p, m),
      ...busyTimeOf(p, m),
    },
  };
}

/**
 * A price's busy-time rule (decision 059), when one priced its parking: the rule's name, its
 * percentage and the parking at the normal rates, which the park page and the checkout show beside it.
 */
export function busyTimeOf(
  p: Pick<PriceBreakdown, "rateRule" | "normalParkingMinor">,
  m: (minor: number) => number,
): { busy_time?: { rule: string; adjustment_percent: number; normal_parking: number } } {
  return p.rateRule && p.normalParkingMinor !== undefined
    ? {
        busy_time: {
          rule: p.rateRule.name,
          adjustment_percent: p.rateRule.adjustmentBps / 100,
          normal_parking: m(p.normalParkingMinor),
        },
      }
    : {};
}

/** A price's EV charging sold with the booking (a per-hour charger group), when it has some. */
export function chargingOf(
  p: Pick<PriceBreakdown, "chargingMinor" | "chargingHours">,
  m: (minor: number) => number,
): { charging?: number; charging_hours?: number } {
  return p.chargingMinor === undefined
    ? {}
    : { charging: m(p.chargingMinor), charging_hours: p.chargingHours ?? 0 };
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

/**
 * A search's row as the list's park: its rating, its price from (per hour and day's cap for the
 * vehicle type), its distance when searched around a point, and a window's availability and price.
 */
export function presentParkSummary(
  row: SearchRow,
  country: CountryWithFees | undefined,
  stateNames: Map<number, string>,
  vehicleTypeId: number,
  window: { start: Date; end: Date } | undefined,
  /** The day a price is taxed on (its taxes in force then: decision 047). */
  at: Date,
  /** The busy-time rule that prices the window (decision 059); null: the normal rates. */
  rule: BookedRateRule | null = null,
): ParkSummary {
  const decimals = country?.decimals ?? 2;
  const currency = country?.currency ?? "USD";
  const rate =
    row.hourly_minor !== null && row.daily_max_minor !== null
      ? { hourlyMinor: Number(row.hourly_minor), dailyMaxMinor: Number(row.daily_max_minor) }
      : undefined;
  const summary: ParkSummary = {
    id: row.id,
    slug: row.slug,
    park_code: row.park_code,
    name: row.name,
    type: row.type as ParkType,
    address: row.address,
    city: row.city,
    state: row.state_id === null ? null : (stateNames.get(row.state_id) ?? null),
    country_code: country?.code ?? "",
    lat: row.lat,
    lng: row.lng,
    open_24h: row.open_24h,
    amenities: row.amenities,
    rating: {
      average: row.rating_average === null ? null : Number(row.rating_average),
      count: Number(row.rating_count),
    },
    price_from: rate
      ? {
          vehicle_type_id: vehicleTypeId,
          currency,
          hourly: toMajor(rate.hourlyMinor, decimals),
          daily_max: toMajor(rate.dailyMaxMinor, decimals),
        }
      : null,
  };
  if (row.distance_m !== null) summary.distance_km = Math.round(Number(row.distance_m)) / 1000;
  if (window) {
    const capacity = row.capacity ?? 0;
    summary.availability = {
      capacity,
      available: capacity,
      bookable: true,
      price:
        rate && country
          ? windowPrice(
              priceWindow(
                rate,
                withTaxesAt(country, taxPlaceOfRow(row), at, "window"),
                window.start,
                window.end,
                rule,
              ),
              country,
            )
          : null,
    };
  }
  return summary;
}

/** A park's standard rate and capacity for one vehicle type, in the country's major units. */
export function presentParkRate(parkId: number, r: RateRow, country: CountryWithFees): ParkRate {
  return {
    park_id: parkId,
    vehicle_type_id: r.vehicleTypeId,
    vehicle_type: r.vehicleType,
    kind: "standard",
    currency: country.currency,
    hourly: toMajor(r.hourlyMinor ?? 0, country.decimals),
    daily_max: toMajor(r.dailyMaxMinor ?? 0, country.decimals),
    capacity: r.capacity,
  };
}

/**
 * A group of a park's EV chargers as the API shows it (decision 045): its connector, power, count
 * and the operator's price per kWh or per hour in major units of the park's currency. The one
 * presenter of a park_chargers row: the park's page, /electric-vehicle-charging's list and the
 * back office's (which adds its id and status, and leaves the currency to its list) read it.
 */
export function presentParkCharger(
  c: ChargerRow,
  country: { currency: string; decimals: number },
): ParkCharger {
  return {
    id: c.id,
    connector: c.connector,
    power_kw: c.powerKw,
    count: c.count,
    price_unit: c.priceUnit,
    price: toMajor(c.priceMinor, country.decimals),
    currency: country.currency,
  };
}
