/**
 * The one normalisation for park search: lower case, accents removed, punctuation to spaces.
 * Parks store it in `search_text` when written and search terms go through it, so "Montreal",
 * "MONTRÉAL" and "montréal" meet in a plain pg_trgm index (no unaccent(), which is not immutable).
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Short readable slug: "Gare de Thiès" -> "gare-de-thies". */
export function slugify(text: string): string {
  return normalizeSearchText(text).replace(/ /g, "-").slice(0, 80).replace(/-+$/, "");
}
