import { PARK_TOTAL_CAP } from "@parkwell/contract";
import { build, type BuiltQuery } from "../../db/sql-text";
import { countSql, searchSql, type SearchRow, type SearchSpec } from "./parks.search-sql";

/** Runs one statement and returns its rows: the app's database, or `pg` in the benchmark. */
export type Exec = <T>(query: BuiltQuery, options?: { prepared?: boolean }) => Promise<T[]>;

/** One statement, and its count; a page past the end has no row to carry the count, so it counts apart. */
async function page(exec: Exec, spec: SearchSpec, counted = true) {
  // A prepared statement skips the planning (0.5-0.8 ms of a 2 ms search; decision 009). Without
  // text the plan does not depend on the values. Text first always reads the trigram index, for
  // any words of three letters or more; the other text statements need a plan per pattern (a
  // prefix for short words, the index order for broad words, alternatives for close words).
  const prepared =
    spec.terms.length === 0 ||
    (spec.textFirst === true && !spec.closeWords && spec.terms.every((t) => t.length >= 3));
  const rows = spec.limit > 0 ? await exec<SearchRow>(build(searchSql(spec, counted)), { prepared }) : [];
  if (rows.length > 0 || !counted) return { rows, total: Number(rows[0]?.total ?? 0) };
  if (spec.offset === 0) return { rows, total: 0 };
  return { rows, total: (await exec<{ n: number }>(build(countSql(spec))))[0]?.n ?? 0 };
}

/**
 * One attempt. Text reads its matches first (one statement): a few hundred are cheap to order.
 * Beyond the cap the words are broad ("lagos"): relevance ranks the first matches found, and the
 * other orders read the page in their index's order instead, testing the text on the way, which
 * with so many matches stops soon (a second statement).
 */
async function run(exec: Exec, spec: SearchSpec): Promise<{ rows: SearchRow[]; total: number }> {
  if (spec.terms.length === 0) return page(exec, spec);
  const first = await page(exec, { ...spec, textFirst: true });
  if (first.total <= PARK_TOTAL_CAP || spec.sort === "relevance") return first;
  return { rows: (await page(exec, spec, false)).rows, total: first.total };
}

/**
 * The order of attempts for a search (decision 007): with short words, the words as typed (the
 * phrase is indexable where "17" or "sw" alone are not); then every word anywhere; only when
 * nothing matches, words close to the typed ones.
 */
/** Per term, known words close to it (the term itself excluded). */
export type CloseWords = (terms: string[]) => Promise<string[][]>;

export async function planSearch(spec: SearchSpec, exec: Exec, closeWordsOf: CloseWords) {
  const long = spec.terms.some((t) => t.length >= 3);
  if (spec.terms.some((t) => t.length < 3) && spec.terms.join(" ").length >= 3 && spec.terms.length > 1) {
    const phrase = await run(exec, { ...spec, phrase: true });
    if (phrase.total > 0) return phrase;
  }
  const exact = await run(exec, spec);
  if (exact.total > 0 || !long) return exact;
  const close = await closeWordsOf(spec.terms);
  if (close.every((words) => words.length === 0)) return exact;
  return run(exec, { ...spec, closeWords: spec.terms.map((term, i) => [term, ...(close[i] ?? [])]) });
}
