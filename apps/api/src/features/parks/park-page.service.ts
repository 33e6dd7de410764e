import {
  DEFAULT_VEHICLE_TYPE_ID,
  windowRefusalText,
  windowVerdict,
  type Availability,
  type ParkDetail,
  type ParkRate,
  type ParkType,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { clockOfPark, parkTexts, presentParkCharger, presentParkRate, windowPrice } from "./parks.present";
import { withTaxesAt } from "../reference/tax-rates.domain";
import * as repo from "./parks.repo";
import type { ServedCountries } from "../reference/served-countries";
import { requireWindow } from "./parks.service";
import { priceWindow, withCharging } from "./pricing.domain";
import { activeRules, ruleOfWindow } from "./rate-rules.service";
import { freeSpaces } from "../capacity/capacity.service";
import { activeChargers, freeChargers } from "./chargers.repo";
import { chargingHourOf } from "./chargers.service";

/**
 * One park: its page, its rate for a vehicle type, and a window's availability and price. A
 * deactivated park is not found, except on its page's route (`gone`), which answers 410
 * `park_gone` and nothing more, so its page can say so (decision 036).
 */
async function loadPark(db: Db, served: ServedCountries, ref: string, gone = false) {
  const found = await repo.findPark(db, ref);
  if (found?.park.status === "inactive" && gone) {
    throw new AppError(410, "park_gone", "This car park is no longer on Parkwell");
  }
  if (!found || found.park.status === "inactive") throw AppError.notFound("Park not found", "park_not_found");
  const country = (await served.withFees()).find((c) => c.id === found.park.countryId);
  if (!country) throw AppError.notFound("Park not found", "park_not_found");
  return { ...found, country };
}

export async function getPark(
  db: Db,
  served: ServedCountries,
  ref: string,
  language: Language,
): Promise<ParkDetail> {
  const { park: p, state, country } = await loadPark(db, served, ref, true);
  // Its rates and its chargers at once: neither waits for the other.
  const [rateRows, chargerRows] = await Promise.all([repo.listRates(db, p.id), activeChargers(db, [p.id])]);
  const rates = rateRows.map((r) => presentParkRate(p.id, r, country));
  const car = rates.find((r) => r.vehicle_type_id === DEFAULT_VEHICLE_TYPE_ID) ?? rates[0];
  const chargers = chargerRows.map((c) => presentParkCharger(c, country));
  return {
    id: p.id,
    slug: p.slug,
    park_code: p.parkCode,
    name: p.name,
    type: p.type as ParkType,
    address: p.address,
    city: p.city,
    state,
    time_zone: p.timeZone,
    country_code: country.code,
    lat: p.lat,
    lng: p.lng,
    open_24h: p.open24h,
    amenities: p.amenities,
    rating: {
      average: p.ratingAverage === null ? null : Number(p.ratingAverage),
      count: p.ratingCount,
    },
    price_from: car
      ? {
          vehicle_type_id: car.vehicle_type_id,
          currency: car.currency,
          hourly: car.hourly,
          daily_max: car.daily_max,
        }
      : null,
    ...parkTexts(p, language),
    country: { id: country.id, code: country.code, name: country.name, currency: country.currency },
    opening_hours: p.open24h ? null : (p.openingHours ?? null),
    overnight_stays: p.overnightStays,
    closures: p.closures,
    max_height_cm: p.maxHeightCm,
    photos: p.photos,
    operator: p.operator,
    status: p.status,
    rates,
    chargers,
  };
}

async function loadRate(db: Db, served: ServedCountries, ref: string, vehicleTypeId: number | undefined) {
  const loaded = await loadPark(db, served, ref);
  const vt = vehicleTypeId ?? DEFAULT_VEHICLE_TYPE_ID;
  const rate = (await repo.listRates(db, loaded.park.id)).find((r) => r.vehicleTypeId === vt);
  if (!rate) throw AppError.notFound("This park takes no vehicles of this type", "rate_not_found");
  return { ...loaded, rate: presentParkRate(loaded.park.id, rate, loaded.country), raw: rate };
}

export async function getRate(
  db: Db,
  served: ServedCountries,
  ref: string,
  vehicleTypeId: number | undefined,
): Promise<ParkRate> {
  return (await loadRate(db, served, ref, vehicleTypeId)).rate;
}

/**
 * A window's spaces and price at a park (with the charging of the per-hour charger group named by
 * `charger_id`, as a booking prices it), each active charger group's free chargers, and whether
 * it can be booked there at all: a window the park cannot take (closed, past, too long) is still
 * answered, with `bookable: false`, the reason in the request's language, and no spaces nor
 * chargers free.
 */
export async function getAvailability(
  db: Db,
  served: ServedCountries,
  ref: string,
  q: {
    vehicle_type_id?: number | undefined;
    start_time?: Date | undefined;
    end_time?: Date | undefined;
    charger_id?: number | undefined;
  },
  now: Date,
  language: Language,
): Promise<Availability> {
  if (!q.start_time) throw AppError.validation({ start_time: "start_time is required" });
  if (!q.end_time) throw AppError.validation({ end_time: "end_time is required" });
  const window = requireWindow(q.start_time, q.end_time);
  if (!window) throw AppError.validation({ start_time: "start_time is required" });
  const { park, country, raw } = await loadRate(db, served, ref, q.vehicle_type_id);
  const vt = q.vehicle_type_id ?? DEFAULT_VEHICLE_TYPE_ID;
  const verdict = windowVerdict(window.start, window.end, now, clockOfPark(park));
  // The spaces, every charger group's free count, the named group's price and the park's busy-time
  // rules at once: none waits for another.
  const rate = { hourlyMinor: raw.hourlyMinor ?? 0, dailyMaxMinor: raw.dailyMaxMinor ?? 0 };
  const [spaces, chargers, chargingHourMinor, rules] = await Promise.all([
    freeSpaces(db, park.id, vt, window.start, window.end),
    freeChargers(db, park.id, window.start, window.end, now),
    chargingHourOf(db, park.id, q.charger_id),
    activeRules(db, park.id),
  ]);
  // The busy-time rule a quote would price the window with now (decision 059), with the spaces
  // just read as its occupancy (a quote's ruleForWindow reads them itself).
  const rule = ruleOfWindow(rules, rate, { ...window, timeZone: park.timeZone, spaces });
  // A charger group named: a per-hour group's charging is in the price, as the booking prices it.
  const breakdown = withCharging(
    priceWindow(rate, withTaxesAt(country, park, now, "window"), window.start, window.end, rule),
    chargingHourMinor,
    window.start,
    window.end,
  );
  return {
    park_id: park.id,
    vehicle_type_id: vt,
    start_time: window.start.toISOString(),
    end_time: window.end.toISOString(),
    capacity: spaces.capacity,
    available: verdict.bookable ? spaces.available : 0,
    price: windowPrice(breakdown, country),
    bookable: verdict.bookable,
    ...(verdict.bookable ? {} : { reason: translate(windowRefusalText(verdict), language) }),
    // A window the park cannot take has no charger free either, as it has no space.
    chargers: chargers.map((c) => ({ id: c.id, count: c.count, free: verdict.bookable ? c.free : 0 })),
  };
}
