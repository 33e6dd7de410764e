import {
  DEFAULT_RADIUS_KM,
  DEFAULT_VEHICLE_TYPE_ID,
  FIGURES_ACTIVITY_DAYS,
  FIGURES_MIN_ACTIVE_USERS,
  FIGURES_MIN_BOOKINGS,
  FIGURES_MIN_REVIEWS,
  FIGURES_SATISFACTION_MONTHS,
  FIGURES_SATISFIED_STARS,
  PARK_TOTAL_CAP,
  type ParkFigures,
  type ParkListQuery,
  type ParkPage,
  type ParkType,
  windowRefusalText,
  windowVerdict,
} from "@parkwell/contract";
import { cachedPerDb, type CachedPerDb } from "../../db/cached";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { translate } from "../../lib/messages";
import { normalizeSearchText } from "../../lib/search-text";
import { checkWindow, MAX_WINDOW_DAYS } from "./pricing.domain";
import * as repo from "./parks.repo";
import type { CountryWithFees, ServedCountries } from "../reference/served-countries";

export type { CountryWithFees };
import type { SearchSpec } from "./parks.search-sql";
import { clockOfPark, presentParkSummary } from "./parks.present";
import { freeSpacesOf } from "../capacity/capacity.service";
import { ruleOfWindow, rulesOfParks } from "./rate-rules.service";
import { offsetOf, listPage } from "../../lib/pagination";

const MAX_TERMS = 6;

export function requireWindow(
  start: Date | undefined,
  end: Date | undefined,
): { start: Date; end: Date } | undefined {
  if (!start && !end) return undefined;
  if (!start) throw AppError.validation({ start_time: "start_time is required with end_time" });
  if (!end) throw AppError.validation({ end_time: "end_time is required with start_time" });
  const problem = checkWindow(start, end);
  if (problem === "end_before_start")
    throw AppError.validation({ end_time: "end_time must be after start_time" });
  if (problem === "too_long") {
    throw AppError.validation({ end_time: `A window can last at most ${MAX_WINDOW_DAYS} days` });
  }
  return { start, end };
}

/**
 * The countries by every key a client may name one by (code, name, id), normalised, per copy of
 * the cached list: normalising every country's code and name again at each search was 2% of the
 * API's CPU under country searches.
 */
const countryKeys = new WeakMap<CountryWithFees[], Map<string, CountryWithFees>>();

function countriesByKey(all: CountryWithFees[]): Map<string, CountryWithFees> {
  let keys = countryKeys.get(all);
  if (!keys) {
    keys = new Map();
    // The first country a key names wins, as the list's order decided before.
    for (const c of all) {
      for (const key of [normalizeSearchText(c.code), normalizeSearchText(c.name), String(c.id)]) {
        if (!keys.has(key)) keys.set(key, c);
      }
    }
    countryKeys.set(all, keys);
  }
  return keys;
}

export async function resolveCountry(
  served: ServedCountries,
  ref: string,
  /** Inside a transaction: its `tx`, through which the countries are read again when they must be. */
  via?: Tx,
): Promise<CountryWithFees> {
  const key = normalizeSearchText(ref);
  let found = countriesByKey(await served.withFees(via)).get(key);
  if (!found) {
    // A lookup that misses reads the rows again (at most every few seconds): a country added as
    // rows is searched without a restart.
    await served.byCode(ref, via);
    found = countriesByKey(await served.withFees(via)).get(key);
  }
  if (!found)
    throw AppError.validation({ country: "country must be a country name or code Parkwell serves" });
  return found;
}

/** The search a validated list query describes (shared with the benchmark's direct-SQL baseline). */
export function searchSpec(q: ParkListQuery, countryId: number | undefined): SearchSpec {
  if ((q.lat === undefined) !== (q.lng === undefined)) {
    const field = q.lat === undefined ? "lat" : "lng";
    throw AppError.validation({ [field]: "lat and lng must be given together" });
  }
  const geo =
    q.lat !== undefined && q.lng !== undefined
      ? { lat: q.lat, lng: q.lng, radiusM: (q.radius_km ?? DEFAULT_RADIUS_KM) * 1000 }
      : undefined;
  if (q.sort === "distance" && !geo) throw AppError.validation({ sort: "sort=distance needs lat and lng" });
  const terms = [
    ...new Set(
      normalizeSearchText(q.search ?? "")
        .split(" ")
        .filter(Boolean),
    ),
  ].slice(0, MAX_TERMS);
  const offset = offsetOf(q);
  return {
    countryId,
    terms,
    geo,
    type: q.type as ParkType | undefined,
    amenities: q.amenities ?? [],
    vehicleTypeId: q.vehicle_type_id ?? DEFAULT_VEHICLE_TYPE_ID,
    requireVehicleType: q.vehicle_type_id !== undefined,
    minRating: q.min_rating,
    charger:
      q.connector !== undefined || q.min_kw !== undefined
        ? { connector: q.connector, minKw: q.min_kw }
        : undefined,
    sort: q.sort ?? (geo ? "distance" : terms.length > 0 ? "relevance" : "name"),
    // Past the counted matches there is nothing to page through: answer without scanning.
    limit: offset >= PARK_TOTAL_CAP ? 0 : Math.min(q.size, PARK_TOTAL_CAP - offset),
    offset,
  };
}

export async function searchParks(
  db: Db,
  served: ServedCountries,
  q: ParkListQuery,
  now: Date = new Date(),
  language: Language = "en",
): Promise<ParkPage> {
  const country = q.country ? await resolveCountry(served, q.country) : undefined;
  const spec = searchSpec(q, country?.id);
  const window = requireWindow(q.start_time, q.end_time);
  const [countries, stateNames, { rows, total }] = await Promise.all([
    served.withFees(),
    repo.stateNames(db),
    repo.searchParks(db, spec),
  ]);
  const byId = new Map(countries.map((c) => [c.id, c]));
  // With a window: the free spaces, the opening hours and the busy-time rules of every park of the
  // page, one statement each, side by side.
  const ids = rows.map((row) => row.id);
  const [free, clocks, rules] = window
    ? await Promise.all([
        freeSpacesOf(db, ids, spec.vehicleTypeId, window.start, window.end),
        repo.parkClocks(db, ids),
        rulesOfParks(db, ids),
      ])
    : [undefined, undefined, undefined];
  const items = rows.map((row) => {
    // A window's price follows the park's busy-time rules as a quote would price it (decision 059).
    const parkRules = rules?.get(row.id);
    const rule =
      window && parkRules && row.hourly_minor !== null && row.daily_max_minor !== null
        ? ruleOfWindow(
            parkRules,
            { hourlyMinor: Number(row.hourly_minor), dailyMaxMinor: Number(row.daily_max_minor) },
            {
              ...window,
              timeZone: row.time_zone,
              spaces: free?.get(row.id) ?? { capacity: 0, available: 0 },
            },
          )
        : null;
    return presentParkSummary(
      row,
      byId.get(row.country_id),
      stateNames,
      spec.vehicleTypeId,
      window,
      now,
      rule,
    );
  });
  if (window && free && clocks) {
    items.forEach((item, i) => {
      const availability = item.availability;
      if (!availability) return;
      const id = rows[i]!.id;
      const park = clocks.get(id);
      // A park removed between the two reads has no hours left to read: it cannot be booked.
      const verdict = park ? windowVerdict(window.start, window.end, now, clockOfPark(park)) : null;
      availability.bookable = verdict?.bookable ?? false;
      availability.available = verdict?.bookable ? (free.get(id)?.available ?? 0) : 0;
      if (verdict && !verdict.bookable) availability.reason = translate(windowRefusalText(verdict), language);
    });
  }
  const capped = Math.min(total, PARK_TOTAL_CAP);
  return listPage(items, capped, q);
}

/** How long a process keeps the home page's figures before counting them again. */
const FIGURES_TTL_MS = 60_000;

/**
 * The home page's figures on `clock`, counted at most once a minute per database handle: they read
 * the parks, the month's purchases and the year's reviews. One copy per app, forgotten with its
 * kept pages when a write changes what they show (app.ts: a park's creation counts at once on the
 * home page and in GET /parks/front/figures alike).
 */
export function cachedParkFigures(clock: Clock): CachedPerDb<ParkFigures> {
  return cachedPerDb((db) => parkFigures(db, clock()), FIGURES_TTL_MS);
}

/**
 * The network in figures for the home page at `at` (docs/PRODUCT-RULES.md#home-figures): active
 * parks, their cities and countries, and the activity figures that have enough data to be stated
 * (null otherwise: never a zero or a guess).
 */
export async function parkFigures(db: Db, at: Date): Promise<ParkFigures> {
  const reviewsSince = new Date(at);
  reviewsSince.setUTCMonth(reviewsSince.getUTCMonth() - FIGURES_SATISFACTION_MONTHS);
  const c = await repo.figureCounts(db, {
    at,
    activitySince: new Date(at.getTime() - FIGURES_ACTIVITY_DAYS * 86_400_000),
    reviewsSince,
    satisfiedStars: FIGURES_SATISFIED_STARS,
  });
  return {
    parks: c.parks,
    cities: c.cities,
    countries: c.countries,
    monthly_active_users: c.buyers >= FIGURES_MIN_ACTIVE_USERS ? c.buyers : null,
    monthly_bookings: c.bookings >= FIGURES_MIN_BOOKINGS ? c.bookings : null,
    // Rounded down: 97.9% is stated as 97%, never as more than the reviews say.
    satisfaction_percent:
      c.reviews >= FIGURES_MIN_REVIEWS ? Math.floor((100 * c.satisfied) / c.reviews) : null,
  };
}
