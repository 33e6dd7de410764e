import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { cachedPerDb } from "../../db/cached";
import { queryBuilt, queryRows, type Db } from "../../db/client";
import { parkCapacities, parkRates, parks, states, vehicleTypes } from "../../db/schema/index";
import { closestWords, trigrams } from "../../lib/trigrams";
import { planSearch, type SearchWords, type TermReach } from "./parks.search-plan";
import type { SearchSpec } from "./parks.search-sql";

// Reference data changes only with a deploy; re-reading it on every search would double the queries.
const REFERENCE_TTL_MS = 60_000;

/** State names by id, cached a minute: a search page names each park's state. */
export const stateNames = cachedPerDb(
  async (db): Promise<Map<number, string>> =>
    new Map((await db.select({ id: states.id, name: states.name }).from(states)).map((r) => [r.id, r.name])),
  REFERENCE_TTL_MS,
);

/** What the home page's figures are counted from, before the thresholds (parks.service parkFigures). */
export interface FigureCounts {
  parks: number;
  cities: number;
  countries: number;
  /** Distinct buyers of a purchase (any kind) made in the activity window. */
  buyers: number;
  /** Bookings made in the activity window (each has its purchase row, kind 'booking'). */
  bookings: number;
  /** Visible reviews written in the satisfaction window, and those of them with enough stars. */
  reviews: number;
  satisfied: number;
}

/**
 * The counts behind the home page's figures, in one round trip: the active parks, their cities and
 * countries; the purchases since `activitySince` (their buyers, and how many were bookings: the
 * purchases' created_at index); the visible reviews since `reviewsSince` (the reviews' index).
 * Both windows end at `at`. Not cached: the route keeps a copy (parks.routes).
 */
export async function figureCounts(
  db: Db,
  window: { at: Date; activitySince: Date; reviewsSince: Date; satisfiedStars: number },
): Promise<FigureCounts> {
  const at = window.at.toISOString();
  const [row] = await queryRows<FigureCounts>(
    db,
    sql`SELECT p.parks, p.cities, p.countries, b.buyers, b.bookings, r.reviews, r.satisfied
        FROM (SELECT count(*)::int AS parks,
                count(DISTINCT (country_id, lower(city)))::int AS cities,
                count(DISTINCT country_id)::int AS countries
              FROM parks WHERE status = 'active') p,
             (SELECT count(DISTINCT user_id)::int AS buyers,
                count(*) FILTER (WHERE kind = 'booking')::int AS bookings
              FROM purchases
              WHERE created_at > ${window.activitySince.toISOString()}::timestamptz
                AND created_at <= ${at}::timestamptz) b,
             (SELECT count(*)::int AS reviews,
                count(*) FILTER (WHERE stars >= ${window.satisfiedStars})::int AS satisfied
              FROM reviews
              WHERE hidden_at IS NULL
                AND created_at > ${window.reviewsSince.toISOString()}::timestamptz
                AND created_at <= ${at}::timestamptz) r`,
  );
  return row!;
}

/** How alike (pg_trgm similarity, 0-1) a known word must be to stand in for a misspelt one. */
export const CLOSE_WORD_SIMILARITY = 0.3;

interface VocabularyCountry {
  /** The country's active parks. */
  parks: number;
  /** Each word and the active parks holding it. */
  words: Map<string, number>;
  /** termReach's answers by term, computed at most once per copy (the copy is read again each minute). */
  reach: Map<string, number>;
}
/** The most terms whose reach a country's copy remembers before it starts again. */
const REACH_MEMO_MAX = 10_000;

/**
 * The words of the active parks (`park_word_counts`, kept by a trigger), with their trigrams, and
 * per country how many active parks hold each word and how many parks it has; cached a minute.
 * The numbers only choose how a search reads its matches: a stale one costs time, never a row.
 */
const vocabulary = cachedPerDb(async (db) => {
  const rows = await queryRows<{ country_id: number; word: string; n: number; parks: number }>(
    db,
    sql`SELECT w.country_id, w.word, w.n, coalesce(c.n, 0) AS parks
      FROM park_word_counts w LEFT JOIN park_country_counts c USING (country_id) WHERE w.n > 0`,
  );
  const countries = new Map<number, VocabularyCountry>();
  for (const r of rows) {
    let country = countries.get(r.country_id);
    if (!country)
      countries.set(r.country_id, (country = { parks: r.parks, words: new Map(), reach: new Map() }));
    country.words.set(r.word, r.n);
  }
  const words = [...new Set(rows.map((r) => r.word))].map((word) => ({ word, grams: trigrams(word) }));
  return { words, countries };
}, REFERENCE_TTL_MS);

/** Per term (3+ characters), up to three known words close to it: "toronnto" → toronto. */
export async function closeWords(db: Db, terms: string[]): Promise<string[][]> {
  const { words } = await vocabulary(db);
  return terms.map((term) =>
    term.length < 3
      ? []
      : closestWords(term, words, CLOSE_WORD_SIMILARITY, 3).filter((word) => word !== term),
  );
}

/**
 * How far each term reaches in a country: the number of its active parks that hold a word
 * containing the term, summed over those words (a park holding two of them counts twice), and the
 * country's number of active parks.
 */
export async function termReach(db: Db, countryId: number, terms: string[]): Promise<TermReach> {
  const country = (await vocabulary(db)).countries.get(countryId);
  if (!country) return { parks: 0, terms: terms.map(() => 0) };
  return {
    parks: country.parks,
    terms: terms.map((term) => {
      // Every word of the country is tested: remembered, since the words grow with the catalogue
      // and the same terms come back on every search.
      let n = country.reach.get(term);
      if (n === undefined) {
        n = 0;
        for (const [word, count] of country.words) if (word.includes(term)) n += count;
        if (country.reach.size >= REACH_MEMO_MAX) country.reach.clear();
        country.reach.set(term, n);
      }
      return n;
    }),
  };
}

/** What a search plan asks of the park words (parks.search-plan.ts). */
export const searchWords = (db: Db): SearchWords => ({
  close: (terms) => closeWords(db, terms),
  reach: (countryId, terms) => termReach(db, countryId, terms),
});

export async function searchParks(db: Db, spec: SearchSpec) {
  return planSearch(spec, (query, options) => queryBuilt(db, query, options?.prepared), searchWords(db));
}

/** The opening hours of some parks, by id: what the window rule needs for a page of search results. */
export async function parkClocks(db: Db, ids: number[]) {
  const rows = await db
    .select({
      id: parks.id,
      open24h: parks.open24h,
      openingHours: parks.openingHours,
      timeZone: parks.timeZone,
      overnightStays: parks.overnightStays,
      closures: parks.closures,
    })
    .from(parks)
    .where(inArray(parks.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
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
