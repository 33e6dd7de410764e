/**
 * The country codes and defaults as plain values, without zod, so the web app's first screen can
 * use them without downloading the schema library (the package is marked side-effect free).
 */
export const COUNTRY_CODES = ["NG", "CA", "SN", "US"] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Nigeria is the default when nothing is stored; the United States when detection fails. */
export const DEFAULT_COUNTRY_CODE: CountryCode = "NG";
export const DETECTION_FALLBACK_COUNTRY_CODE: CountryCode = "US";
