/**
 * The park search's vocabularies and bounds as plain values, without zod (as country-codes.ts), so
 * the parks list and a park's page can use them without downloading the schema library.
 */
export const PARK_TYPES = [
  "airport",
  "city",
  "stadium",
  "station",
  "mall",
  "hospital",
  "hotel",
  "event",
] as const;
export type ParkType = (typeof PARK_TYPES)[number];

export const AMENITIES = [
  "covered",
  "cctv",
  "security",
  "ev_charging",
  "accessible",
  "valet",
  "shuttle",
  "car_wash",
  "restrooms",
  "lit",
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const PARK_SORTS = ["relevance", "distance", "name", "price", "rating"] as const;
export type ParkSort = (typeof PARK_SORTS)[number];

export const DEFAULT_RADIUS_KM = 25;
export const MAX_RADIUS_KM = 500;
/** Searches read at most this many characters; longer text is cut, not refused. */
export const SEARCH_MAX_CHARS = 100;
/** Totals are counted up to this many matches; deeper pages need a narrower search. */
export const PARK_TOTAL_CAP = 500;
