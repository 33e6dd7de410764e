/** The demo marketplace's shared pieces: countries, prices per country, the seeded ids' rules. */
import { sql } from "drizzle-orm";
import type { Localised } from "../schema/index";

export const DAY_MS = 86_400_000;
export type CountryId = 1 | 2 | 3 | 4;
export const COUNTRIES: readonly CountryId[] = [1, 2, 3, 4];
export const l = (en: string, fr: string): Localised => ({ en, fr });

/** An amount per country, in its minor units: NG kobo, CA and US cents, SN francs. */
export type PerCountry = Record<CountryId, number>;
/** Naira to kobo, dollars to cents. */
const hundredths = (n: number) => Math.round(n * 100);
export const naira = hundredths;
export const cents = hundredths;
/** Prices in the unit a shopper reads: naira, Canadian dollars, CFA francs, US dollars. */
export const price = (ng: number, ca: number, sn: number, us: number): PerCountry => ({
  1: naira(ng),
  2: cents(ca),
  3: sn,
  4: cents(us),
});
export const same = (n: number): PerCountry => ({ 1: n, 2: n, 3: n, 4: n });

export const itemId = (countryId: CountryId, n: number) => countryId * 100 + n;
export const addonId = (countryId: CountryId, n: number) => countryId * 100 + n;
export const offerId = (countryId: CountryId, n: number) => countryId * 10 + n;
export const sliderId = (countryId: CountryId, n: number) => countryId * 10 + n;

/** A back-office change (an audit entry) makes a row the staff's: seeding no longer moves it. */
export const managed = (entity: string, id: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM audit_log a WHERE a.entity = ${entity} AND a.entity_id = (${id})::text)`;
