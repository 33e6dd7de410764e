/**
 * The country codes and defaults as plain values, without zod, so the web app's first screen can
 * use them without downloading the schema library (the package is marked side-effect free).
 *
 * A served country is a row of the API's countries table (docs/decisions/018-a-country-is-data.md):
 * a country code is any two capital letters, checked against the served countries where it
 * matters. COUNTRY_CODES are the four countries served from the start, the ones a client knows
 * before its first request (and the defaults below name).
 */
export const COUNTRY_CODES = ["NG", "CA", "SN", "US"] as const;
export type BuiltInCountryCode = (typeof COUNTRY_CODES)[number];
/** An ISO 3166-1 alpha-2 code of a served country. */
export type CountryCode = string;
export const COUNTRY_CODE_PATTERN = /^[A-Z]{2}$/;

/** Nigeria is the default when nothing is stored; the United States when detection fails. */
export const DEFAULT_COUNTRY_CODE: BuiltInCountryCode = "NG";
export const DETECTION_FALLBACK_COUNTRY_CODE: BuiltInCountryCode = "US";

/**
 * The product lines a served country may offer beside parking (its row's `services`): vehicle
 * document renewal ("vehicle_docs"). Which countries offer one is data, never a country code in
 * the code (docs/decisions/018-a-country-is-data.md, addendum of 2026-11-28).
 */
export const COUNTRY_SERVICES = ["vehicle_docs"] as const;
export type CountryService = (typeof COUNTRY_SERVICES)[number];

/** Whether a string names a known product line (a row's CHECK keeps others out; a client skips them). */
export function isCountryService(s: string): s is CountryService {
  return (COUNTRY_SERVICES as readonly string[]).includes(s);
}
