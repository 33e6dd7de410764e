import { PARK_TOTAL_CAP } from "@parkwell/contract";
import type { SQL } from "drizzle-orm";
import { countSql, listSql, type SearchRow, type SearchSpec } from "./parks.search-sql";

/** Runs one statement and returns its rows: the app's Drizzle database, or `pg` in the benchmark. */
export type Exec = <T>(query: SQL) => Promise<T[]>;

const countOf = async (exec: Exec, spec: SearchSpec) =>
  (await exec<{ n: number }>(countSql(spec)))[0]?.n ?? 0;

async function run(exec: Exec, spec: SearchSpec): Promise<{ rows: SearchRow[]; total: number }> {
  if (spec.terms.length > 0) {
    // Text first: count the matches through the text index (capped). A few hundred are cheap to
    // rank or sort by distance; beyond the cap the words are broad ("lagos"), and the name or KNN
    // index gives the page while testing the text on the way.
    const textFirst: SearchSpec = { ...spec, textFirst: true };
    const total = await countOf(exec, textFirst);
    const broad: SearchSpec = spec.sort === "relevance" ? { ...spec, sort: "name" } : spec;
    const listed = total > PARK_TOTAL_CAP ? broad : textFirst;
    const rows = spec.limit > 0 && total > spec.offset ? await exec<SearchRow>(listSql(listed)) : [];
    return { rows, total };
  }
  const rows = spec.limit > 0 ? await exec<SearchRow>(listSql(spec)) : [];
  // A page that is not full already tells the total, unless it is past the end.
  const needCount = rows.length === spec.limit || (spec.offset > 0 && rows.length === 0);
  return { rows, total: needCount ? await countOf(exec, spec) : spec.offset + rows.length };
}

/**
 * The order of attempts for a search (decision 003): with short words, the words as typed (the
 * phrase is indexable where "17" or "sw" alone are not); then every word anywhere; only when
 * nothing matches, words close to the typed ones.
 */
export async function planSearch(spec: SearchSpec, exec: Exec) {
  const long = spec.terms.some((t) => t.length >= 3);
  if (spec.terms.some((t) => t.length < 3) && spec.terms.join(" ").length >= 3 && spec.terms.length > 1) {
    const phrase = await run(exec, { ...spec, phrase: true });
    if (phrase.total > 0) return phrase;
  }
  const exact = await run(exec, spec);
  if (exact.total > 0 || !long) return exact;
  return run(exec, { ...spec, fuzzy: true });
}
