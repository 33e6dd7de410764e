import { PARK_TOTAL_CAP } from "@parkwell/contract";
import { build, type BuiltQuery } from "../../db/sql-text";
import { broadSql, countSql, searchSql, type SearchRow, type SearchSpec } from "./parks.search-sql";

/** Runs one statement and returns its rows: the app's database, or `pg` in the benchmark. */
export type Exec = <T>(query: BuiltQuery, options?: { prepared?: boolean }) => Promise<T[]>;

/** One statement, and its count; a page past the end has no row to carry the count, so it counts apart. */
async function page(exec: Exec, spec: SearchSpec, counted = true) {
  // A prepared statement skips the planning (decision 009), with text too: planning a text search
  // costs about as much as running it on a small catalogue, and preparing bought +48-70% text
  // searches per second in an A/B run (decision 007).
  const rows =
    spec.limit > 0 ? await exec<SearchRow>(build(searchSql(spec, counted)), { prepared: true }) : [];
  if (rows.length > 0 || !counted) return { rows, total: Number(rows[0]?.total ?? 0) };
  if (spec.offset === 0) return { rows, total: 0 };
  return { rows, total: (await exec<{ n: number }>(build(countSql(spec))))[0]?.n ?? 0 };
}

/** A term is broad when the parks holding it are at least this share of the country's. */
const BROAD_SHARE = 0.1;
/**
 * The most parks a broad search reads in the text's B-tree before it gives up: about 8 ms at two
 * words, wasted when the words are rarer together than their counts suggest.
 */
const BROAD_BUDGET_MAX = 32_768;

/**
 * Whether a search can be broad: a country, words of three letters or more, and no filter that
 * the text's B-tree cannot test.
 */
function mayBeBroad(spec: SearchSpec): spec is SearchSpec & { countryId: number } {
  const filtered =
    spec.geo ||
    spec.type ||
    spec.amenities.length > 0 ||
    spec.requireVehicleType ||
    spec.minRating !== undefined ||
    spec.charger !== undefined ||
    spec.sort === "rating";
  return (
    spec.countryId !== undefined &&
    !filtered &&
    !spec.closeWords &&
    !spec.phrase &&
    spec.terms.length > 0 &&
    spec.terms.every((t) => t.length >= 3)
  );
}

/**
 * What the words index costs, in the time a broad search takes to read one park of the text's
 * B-tree (testing its words on the way, about 0.4 µs): per park listed under the known words
 * holding a term (their posting lists, decoded), and per park holding every term (the bitmap the
 * parks are then read from). Measured at 500,000 parks, one client, warm (2026-11-23): "ottawa"
 * (26,131 parks listed and matching) 7.8 ms; "oyo road" (43,516 listed, 3,624 matching) 4.0 ms,
 * where its broad read took 9.4 ms (22,679 parks read to find the cap's matches).
 */
const WORDS_INDEX_PER_LISTED = 0.2;
const WORDS_INDEX_PER_MATCH = 0.5;

/**
 * How many of the country's parks a broad search reads (see broadSql), or undefined when a term
 * reaches no more than the cap's parks, or less than a tenth of the country's, or when the words,
 * taken as independent, would not hold the cap's matches among the most it may read, or when
 * reading until it finds them is expected to cost more than the words index ("oyo road": two
 * words that each list many parks but few together, whose posting lists the index intersects).
 * Enough parks to find them three times over, within that; a power of two, so that a few
 * statements serve every search. Words that go together ("port harcourt") are found sooner.
 */
export function broadBudget(reach: TermReach): number | undefined {
  const least = Math.min(...reach.terms);
  if (reach.parks === 0 || least <= PARK_TOTAL_CAP || least < BROAD_SHARE * reach.parks) return undefined;
  const together = reach.terms.reduce((share, n) => share * Math.min(1, n / reach.parks), 1);
  if (together * BROAD_BUDGET_MAX < PARK_TOTAL_CAP + 1) return undefined;
  // The parks a broad read expects to read before it holds the cap's matches.
  const toRead = (PARK_TOTAL_CAP + 1) / together;
  const listed = reach.terms.reduce((sum, n) => sum + n, 0);
  const wordsIndex = WORDS_INDEX_PER_LISTED * listed + WORDS_INDEX_PER_MATCH * together * reach.parks;
  if (toRead >= wordsIndex) return undefined;
  return Math.min(BROAD_BUDGET_MAX, 2 ** Math.ceil(Math.log2(3 * toRead)));
}

/**
 * Broad words first, when the counts say so: the proof that more than the cap match and the page,
 * without reading the text index's posting lists (see broadSql). Undefined when the parks read
 * held fewer matches than that (the words were rarer together than apart) or the page is past
 * them: the caller reads the matches through the text index instead.
 */
async function broad(exec: Exec, spec: SearchSpec, budget: number) {
  const rows = await exec<SearchRow>(build(broadSql(spec, budget)), { prepared: true });
  const total = Number(rows[0]?.total ?? 0);
  return rows.length > 0 && total > PARK_TOTAL_CAP ? { rows, total } : undefined;
}

/**
 * One attempt. Text reads its matches first (one statement): a few hundred are cheap to order.
 * Words the counts call broad ("toronto") try a statement that stops at the cap instead. Beyond
 * the cap the words are broad: relevance ranks the first matches found, and the other orders read
 * the page in their index's order instead, testing the text on the way, which with so many
 * matches stops soon (a second statement).
 */
async function run(
  exec: Exec,
  spec: SearchSpec,
  words: SearchWords,
): Promise<{ rows: SearchRow[]; total: number }> {
  if (spec.terms.length === 0) return page(exec, spec);
  const budget = mayBeBroad(spec) ? broadBudget(await words.reach(spec.countryId, spec.terms)) : undefined;
  const first =
    (budget && (await broad(exec, spec, budget))) || (await page(exec, { ...spec, textFirst: true }));
  if (first.total <= PARK_TOTAL_CAP || spec.sort === "relevance") return first;
  // The nearest of more than the cap's matches: a KNN walk (parks.search-sql.ts where).
  const nearestWalk = spec.geo !== undefined && spec.sort === "distance";
  return { rows: (await page(exec, { ...spec, nearestWalk }, false)).rows, total: first.total };
}

/** How far each term reaches in a country (parks.repo termReach). */
export interface TermReach {
  /** The country's active parks. */
  parks: number;
  /** Per term, the active parks holding a word that contains it (an estimate from above). */
  terms: number[];
}

/** What a plan asks of the park words: close words for the misspelt, counts for the broad. */
export interface SearchWords {
  /** Per term, known words close to it (the term itself excluded). */
  close(terms: string[]): Promise<string[][]>;
  reach(countryId: number, terms: string[]): Promise<TermReach>;
}

/**
 * The order of attempts for a search (decision 007): with short words, the words as typed (the
 * phrase is indexable where "17" or "sw" alone are not); then every word anywhere; only when
 * nothing matches, words close to the typed ones.
 */
export async function planSearch(spec: SearchSpec, exec: Exec, words: SearchWords) {
  const long = spec.terms.some((t) => t.length >= 3);
  if (spec.terms.some((t) => t.length < 3) && spec.terms.join(" ").length >= 3 && spec.terms.length > 1) {
    const phrase = await run(exec, { ...spec, phrase: true }, words);
    if (phrase.total > 0) return phrase;
  }
  const exact = await run(exec, spec, words);
  if (exact.total > 0 || !long) return exact;
  const close = await words.close(spec.terms);
  if (close.every((w) => w.length === 0)) return exact;
  return run(exec, { ...spec, closeWords: spec.terms.map((term, i) => [term, ...(close[i] ?? [])]) }, words);
}
