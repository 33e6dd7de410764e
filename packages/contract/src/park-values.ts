/**
 * The park search's vocabularies and bounds as plain values, without zod (as country-codes.ts), so
 * the parks list and a park's page can use them without downloading the schema library.
 */
import type { DayHours } from "./opening-hours";

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

/**
 * A park's weekly opening hours: Monday first, each day its "HH:MM" opening and closing on the
 * park's clock or null when closed; the whole is null when the park is open 24 hours.
 */
export type WeekHours = DayHours[] | null;
