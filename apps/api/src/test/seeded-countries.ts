import { COUNTRY_ROWS } from "../db/seed/reference-data";

/** The seeded countries' facts, for unit tests that need no database (decision 018). */
export const SEEDED_COUNTRIES = COUNTRY_ROWS.map((c) => ({
  code: c.code,
  currency: c.currency,
  gateway: c.gateway,
  gatewayFallback: c.gatewayFallback ?? null,
  currencyDecimals: c.currencyDecimals,
}));

/** A seeded currency's ISO 4217 exponent, as the served countries give it. */
export function seededDecimalsOf(currency: string): number {
  const found = SEEDED_COUNTRIES.find((c) => c.currency === currency.toUpperCase());
  if (!found) throw new Error(`unsupported currency ${currency}`);
  return found.currencyDecimals;
}
