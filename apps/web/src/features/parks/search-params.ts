import {
  AMENITIES,
  CHARGER_CONNECTORS,
  CHARGER_KW_MAX,
  type ChargerConnector,
  PARK_SORTS,
  PARK_TYPES,
  type Amenity,
  type ParkSort,
  type ParkType,
} from "@parkwell/contract";
import { parseWindowValue, windowInstant } from "../../lib/zoned-time";

/** A park search as the pages hold it; it lives in the URL so a search can be shared and reloaded. */
export interface ParkQuery {
  search?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  radiusKm?: number | undefined;
  type?: ParkType | undefined;
  amenities: Amenity[];
  sort?: ParkSort | undefined;
  vehicleTypeId?: number | undefined;
  /** Only parks whose drivers' average is at least this many stars (1 to 5). */
  minRating?: number | undefined;
  /** Only parks with an active charger of this connector (and of `minKw` or more when given). */
  connector?: ChargerConnector | undefined;
  /** Only parks with an active charger of at least this many kW. */
  minKw?: number | undefined;
  /**
   * The window as the driver typed it: wall-clock times (`2026-11-26T10:00`) on the park's clock,
   * read on the searched country's clock by a list; an older link's instants stay instants
   * (parseWindowValue).
   */
  start?: string | undefined;
  end?: string | undefined;
  page: number;
  size: number;
}

const num = (v: string | null, min: number, max: number): number | undefined => {
  if (v === null || v.trim() === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  list.includes(v as T) ? (v as T) : undefined;

/** A whole number of stars, 1 to 5 (the minimum-rating filter offers only these). */
const wholeStars = (v: string | null): number | undefined => {
  const n = num(v, 1, 5);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
};

/** Reads what it understands and drops the rest: a hand-edited URL never breaks the page. */
export function parseParkQuery(params: URLSearchParams, defaultSize = 10): ParkQuery {
  const lat = num(params.get("lat"), -90, 90);
  const lng = num(params.get("lng"), -180, 180);
  const both = lat !== undefined && lng !== undefined;
  return {
    search: params.get("search")?.slice(0, 100) || undefined,
    lat: both ? lat : undefined,
    lng: both ? lng : undefined,
    radiusKm: num(params.get("radius_km"), 0.1, 500),
    type: oneOf(PARK_TYPES, params.get("type")),
    amenities: (params.get("amenities") ?? "")
      .split(",")
      .filter((a): a is Amenity => (AMENITIES as readonly string[]).includes(a)),
    sort: oneOf(PARK_SORTS, params.get("sort")),
    vehicleTypeId: num(params.get("vehicle_type_id"), 1, 1e9),
    minRating: wholeStars(params.get("min_rating")),
    connector: oneOf(CHARGER_CONNECTORS, params.get("connector")),
    minKw: num(params.get("min_kw"), 1, CHARGER_KW_MAX),
    start: parseWindowValue(params.get("start_time")),
    end: parseWindowValue(params.get("end_time")),
    page: Math.floor(num(params.get("page"), 1, 100_000) ?? 1),
    size: Math.floor(num(params.get("size"), 1, 100) ?? defaultSize),
  };
}

export function toSearchParams(q: ParkQuery, defaultSize = 10): URLSearchParams {
  const out = new URLSearchParams();
  const set = (k: string, v: string | number | undefined) => {
    if (v !== undefined && v !== "") out.set(k, String(v));
  };
  set("search", q.search);
  set("lat", q.lat);
  set("lng", q.lng);
  set("radius_km", q.radiusKm);
  set("type", q.type);
  set("amenities", q.amenities.join(","));
  set("sort", q.sort);
  set("vehicle_type_id", q.vehicleTypeId);
  set("min_rating", q.minRating);
  set("connector", q.connector);
  set("min_kw", q.minKw);
  set("start_time", q.start);
  set("end_time", q.end);
  if (q.page > 1) set("page", q.page);
  if (q.size !== defaultSize) set("size", q.size);
  return out;
}

/** The window the API can price, as instants on `timeZone`'s clock: both ends, the end after the start. */
export function validWindow(
  q: Pick<ParkQuery, "start" | "end">,
  timeZone: string,
): { start: string; end: string } | undefined {
  const start = windowInstant(q.start, timeZone);
  const end = windowInstant(q.end, timeZone);
  return start && end && end > start ? { start, end } : undefined;
}

/**
 * The part of a list's URL a park page takes over: the vehicle type and a valid window, as a
 * query string (`vehicle_type_id=…&start_time=…&end_time=…`), or "" when there is none. The
 * window goes on as it came (wall-clock times stay wall-clock times, read on the park's clock).
 */
export function carriedWindow(params: URLSearchParams): string {
  const q = parseParkQuery(params);
  const out = new URLSearchParams();
  if (q.vehicleTypeId !== undefined) out.set("vehicle_type_id", String(q.vehicleTypeId));
  // Ordered on any one clock is ordered on the park's (both ends read on the same clock).
  if (q.start && q.end && validWindow(q, "UTC")) {
    out.set("start_time", q.start);
    out.set("end_time", q.end);
  }
  return out.toString();
}

/** A park page's link from a list or map, carrying the list's vehicle and dates (carriedWindow). */
export function parkHref(slug: string, carried: string): string {
  return carried ? `/park/${slug}?${carried}` : `/park/${slug}`;
}

/**
 * A new text search from the map page: it looks across the country again, so the map's place
 * (centre, radius, and the distance sort that needs it) is dropped, and paging starts over.
 */
export function textSearchQuery(q: ParkQuery, text: string): ParkQuery {
  return {
    ...q,
    search: text.trim() || undefined,
    lat: undefined,
    lng: undefined,
    radiusKm: undefined,
    sort: q.sort === "distance" ? undefined : q.sort,
    page: 1,
  };
}
