import {
  DEFAULT_RADIUS_KM,
  DEFAULT_VEHICLE_TYPE_ID,
  PARK_TOTAL_CAP,
  type Availability,
  type ParkDetail,
  type ParkListQuery,
  type ParkPage,
  type ParkRate,
  type ParkSort,
  type ParkSummary,
  type ParkType,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { toMajor } from "../../lib/money";
import { normalizeSearchText } from "../../lib/search-text";
import { freeSpaces } from "../bookings/bookings.service";
import { checkWindow, MAX_WINDOW_DAYS, priceWindow } from "./pricing.domain";
import * as repo from "./parks.repo";
import type { CountryWithFees } from "./parks.repo";
import type { SearchRow, SearchSpec } from "./parks.search-sql";
import { windowPrice } from "./parks.present";

const MAX_TERMS = 6;

function requireWindow(
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

export async function resolveCountry(db: Db, ref: string): Promise<CountryWithFees> {
  const all = await repo.listCountriesWithFees(db);
  const key = normalizeSearchText(ref);
  const found = all.find(
    (c) => normalizeSearchText(c.code) === key || normalizeSearchText(c.name) === key || String(c.id) === key,
  );
  if (!found)
    throw AppError.validation({ country: "country must be a country name or code Parkwell serves" });
  return found;
}

export async function searchParks(db: Db, q: ParkListQuery): Promise<ParkPage> {
  if ((q.lat === undefined) !== (q.lng === undefined)) {
    const field = q.lat === undefined ? "lat" : "lng";
    throw AppError.validation({ [field]: "lat and lng must be given together" });
  }
  const geo =
    q.lat !== undefined && q.lng !== undefined
      ? { lat: q.lat, lng: q.lng, radiusM: (q.radius_km ?? DEFAULT_RADIUS_KM) * 1000 }
      : undefined;
  if (q.sort === "distance" && !geo) throw AppError.validation({ sort: "sort=distance needs lat and lng" });
  const window = requireWindow(q.start_time, q.end_time);
  const country = q.country ? await resolveCountry(db, q.country) : undefined;
  const countries = await repo.listCountriesWithFees(db);
  const terms = [
    ...new Set(
      normalizeSearchText(q.search ?? "")
        .split(" ")
        .filter(Boolean),
    ),
  ].slice(0, MAX_TERMS);
  const sort: ParkSort = q.sort ?? (geo ? "distance" : terms.length > 0 ? "relevance" : "name");
  const offset = (q.page - 1) * q.size;
  const spec: SearchSpec = {
    countryId: country?.id,
    terms,
    geo,
    type: q.type as ParkType | undefined,
    amenities: q.amenities ?? [],
    vehicleTypeId: q.vehicle_type_id ?? DEFAULT_VEHICLE_TYPE_ID,
    requireVehicleType: q.vehicle_type_id !== undefined,
    sort,
    // Past the counted matches there is nothing to page through: answer without scanning.
    limit: offset >= PARK_TOTAL_CAP ? 0 : Math.min(q.size, PARK_TOTAL_CAP - offset),
    offset,
  };
  const { rows, total } = await repo.searchParks(db, spec, true);
  const byCode = new Map(countries.map((c) => [c.code, c]));
  const items = rows.map((row) => toSummary(row, byCode.get(row.country_code), spec.vehicleTypeId, window));
  const capped = Math.min(total, PARK_TOTAL_CAP);
  return { items, total: capped, page: q.page, size: q.size, pages: Math.max(1, Math.ceil(capped / q.size)) };
}

function toSummary(
  row: SearchRow,
  country: CountryWithFees | undefined,
  vehicleTypeId: number,
  window: { start: Date; end: Date } | undefined,
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
    state: row.state,
    country_code: row.country_code,
    lat: row.lat,
    lng: row.lng,
    open_24h: row.open_24h,
    amenities: row.amenities,
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
      price:
        rate && country ? windowPrice(priceWindow(rate, country, window.start, window.end), country) : null,
    };
  }
  return summary;
}

async function loadPark(db: Db, ref: string) {
  const found = await repo.findPark(db, ref);
  if (!found || found.park.status === "inactive") throw AppError.notFound("Park not found", "park_not_found");
  const country = (await repo.listCountriesWithFees(db)).find((c) => c.id === found.park.countryId);
  if (!country) throw AppError.notFound("Park not found", "park_not_found");
  return { ...found, country };
}

function toRate(
  parkId: number,
  r: Awaited<ReturnType<typeof repo.listRates>>[number],
  country: CountryWithFees,
): ParkRate {
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

export async function getPark(db: Db, ref: string): Promise<ParkDetail> {
  const { park: p, state, country } = await loadPark(db, ref);
  const rates = (await repo.listRates(db, p.id)).map((r) => toRate(p.id, r, country));
  const car = rates.find((r) => r.vehicle_type_id === DEFAULT_VEHICLE_TYPE_ID) ?? rates[0];
  return {
    id: p.id,
    slug: p.slug,
    park_code: p.parkCode,
    name: p.name,
    type: p.type as ParkType,
    address: p.address,
    city: p.city,
    state,
    country_code: country.code,
    lat: p.lat,
    lng: p.lng,
    open_24h: p.open24h,
    amenities: p.amenities,
    price_from: car
      ? {
          vehicle_type_id: car.vehicle_type_id,
          currency: car.currency,
          hourly: car.hourly,
          daily_max: car.daily_max,
        }
      : null,
    description: p.description,
    country: { id: country.id, code: country.code, name: country.name, currency: country.currency },
    opening_hours: p.open24h ? null : (p.openingHours ?? null),
    max_height_cm: p.maxHeightCm,
    entry_instructions: p.entryInstructions,
    photos: p.photos,
    operator: p.operator,
    status: p.status,
    rates,
  };
}

async function loadRate(db: Db, ref: string, vehicleTypeId: number | undefined) {
  const loaded = await loadPark(db, ref);
  const vt = vehicleTypeId ?? DEFAULT_VEHICLE_TYPE_ID;
  const rate = (await repo.listRates(db, loaded.park.id)).find((r) => r.vehicleTypeId === vt);
  if (!rate) throw AppError.notFound("This park takes no vehicles of this type", "rate_not_found");
  return { ...loaded, rate: toRate(loaded.park.id, rate, loaded.country), raw: rate };
}

export async function getRate(db: Db, ref: string, vehicleTypeId: number | undefined): Promise<ParkRate> {
  return (await loadRate(db, ref, vehicleTypeId)).rate;
}

export async function getAvailability(
  db: Db,
  ref: string,
  q: { vehicle_type_id?: number | undefined; start_time?: Date | undefined; end_time?: Date | undefined },
): Promise<Availability> {
  if (!q.start_time) throw AppError.validation({ start_time: "start_time is required" });
  if (!q.end_time) throw AppError.validation({ end_time: "end_time is required" });
  const window = requireWindow(q.start_time, q.end_time);
  if (!window) throw AppError.validation({ start_time: "start_time is required" });
  const { park, country, raw } = await loadRate(db, ref, q.vehicle_type_id);
  const vt = q.vehicle_type_id ?? DEFAULT_VEHICLE_TYPE_ID;
  const spaces = await freeSpaces(db, park.id, vt, window.start, window.end);
  const breakdown = priceWindow(
    { hourlyMinor: raw.hourlyMinor ?? 0, dailyMaxMinor: raw.dailyMaxMinor ?? 0 },
    country,
    window.start,
    window.end,
  );
  return {
    park_id: park.id,
    vehicle_type_id: vt,
    start_time: window.start.toISOString(),
    end_time: window.end.toISOString(),
    ...spaces,
    price: windowPrice(breakdown, country),
  };
}
