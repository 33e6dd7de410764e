import { and, asc, eq, or, sql } from "drizzle-orm";
import { queryRows, queryRowsPrepared, type Db } from "../../db/client";
import {
  countries,
  fees,
  parkCapacities,
  parkRates,
  parks,
  states,
  vehicleTypes,
} from "../../db/schema/index";
import { closestWords, trigrams } from "../../lib/trigrams";
import { planSearch } from "./parks.search-plan";
import type { SearchSpec } from "./parks.search-sql";

export interface CountryWithFees {
  id: number;
  code: string;
  name: string;
  currency: string;
  decimals: number;
  serviceFeeMinor: number;
  bookingFeeBps: number;
  taxBps: number;
  taxName: string;
}

// Reference data changes only with a deploy; re-reading it on every search would double the queries.
const COUNTRY_TTL_MS = 60_000;
const countryCache = new WeakMap<Db, { at: number; rows: Promise<CountryWithFees[]> }>();

export function listCountriesWithFees(db: Db): Promise<CountryWithFees[]> {
  const hit = countryCache.get(db);
  if (hit && Date.now() - hit.at < COUNTRY_TTL_MS) return hit.rows;
  const rows = db
    .select({
      id: countries.id,
      code: countries.code,
      name: countries.name,
      currency: countries.currency,
      decimals: countries.currencyDecimals,
      serviceFeeMinor: fees.serviceFeeMinor,
      bookingFeeBps: fees.bookingFeeBps,
      taxBps: fees.taxBps,
      taxName: fees.taxName,
    })
    .from(countries)
    .innerJoin(fees, eq(fees.countryId, countries.id))
    .then(
      (r) => r,
      (err: unknown) => {
        countryCache.delete(db);
        throw err;
      },
    );
  countryCache.set(db, { at: Date.now(), rows });
  return rows;
}

const stateCache = new WeakMap<Db, { at: number; names: Promise<Map<number, string>> }>();

/** State names by id, cached like the countries: a search page names each park's state. */
export function stateNames(db: Db): Promise<Map<number, string>> {
  const hit = stateCache.get(db);
  if (hit && Date.now() - hit.at < COUNTRY_TTL_MS) return hit.names;
  const names = db
    .select({ id: states.id, name: states.name })
    .from(states)
    .then(
      (rows) => new Map(rows.map((r) => [r.id, r.name])),
      (err: unknown) => {
        stateCache.delete(db);
        throw err;
      },
    );
  stateCache.set(db, { at: Date.now(), names });
  return names;
}

/** How alike (pg_trgm similarity, 0-1) a known word must be to stand in for a misspelt one. */
export const CLOSE_WORD_SIMILARITY = 0.3;
const vocabularyCache = new WeakMap<
  Db,
  { at: number; words: Promise<{ word: string; grams: Set<string> }[]> }
>();

/** The words of every park (`park_words`, kept by a trigger), with their trigrams; cached a minute. */
function vocabulary(db: Db) {
  const hit = vocabularyCache.get(db);
  if (hit && Date.now() - hit.at < COUNTRY_TTL_MS) return hit.words;
  const words = queryRows<{ word: string }>(db, sql`SELECT word FROM park_words`).then(
    (rows) => rows.map((r) => ({ word: r.word, grams: trigrams(r.word) })),
    (err: unknown) => {
      vocabularyCache.delete(db);
      throw err;
    },
  );
  vocabularyCache.set(db, { at: Date.now(), words });
  return words;
}

/** Per term (3+ characters), up to three known words close to it: "toronnto" → toronto. */
export async function closeWords(db: Db, terms: string[]): Promise<string[][]> {
  const words = await vocabulary(db);
  return terms.map((term) =>
    term.length < 3
      ? []
      : closestWords(term, words, CLOSE_WORD_SIMILARITY, 3).filter((word) => word !== term),
  );
}

export async function searchParks(db: Db, spec: SearchSpec) {
  return planSearch(
    spec,
    (query, options) => (options?.prepared ? queryRowsPrepared(db, query) : queryRows(db, query)),
    (terms) => closeWords(db, terms),
  );
}

export async function findPark(db: Db, ref: string) {
  const byId = /^\d{1,9}$/.test(ref) ? eq(parks.id, Number(ref)) : undefined;
  const match = or(
    ...(byId ? [byId] : []),
    eq(parks.slug, ref.toLowerCase()),
    eq(parks.parkCode, ref.toUpperCase()),
  );
  const rows = await db
    .select({ park: parks, state: states.name })
    .from(parks)
    .leftJoin(states, eq(states.id, parks.stateId))
    .where(match)
    .limit(1);
  return rows[0];
}

export function listRates(db: Db, parkId: number) {
  return db
    .select({
      vehicleTypeId: parkRates.vehicleTypeId,
      vehicleType: vehicleTypes.name,
      hourlyMinor: parkRates.hourlyMinor,
      dailyMaxMinor: parkRates.dailyMaxMinor,
      capacity: sql<number>`coalesce(${parkCapacities.capacity}, 0)`.mapWith(Number),
    })
    .from(parkRates)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, parkRates.vehicleTypeId))
    .leftJoin(
      parkCapacities,
      and(
        eq(parkCapacities.parkId, parkRates.parkId),
        eq(parkCapacities.vehicleTypeId, parkRates.vehicleTypeId),
      ),
    )
    .where(and(eq(parkRates.parkId, parkId), eq(parkRates.kind, "standard")))
    .orderBy(asc(vehicleTypes.sortOrder));
}
