/**
 * pg_trgm's similarity, in JS: the share of trigrams two words have in common, each word padded
 * as pg_trgm pads it ("  word "). Used to correct misspelt search words against the vocabulary of
 * park words without pg_trgm's similarity functions, which PGlite (0.3) has been seen to answer
 * wrongly and then hang on.
 */
export function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
  return out;
}

export function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Up to `limit` words of the vocabulary at least `min` alike to the term, most alike first. */
export function closestWords(
  term: string,
  vocabulary: readonly { word: string; grams: Set<string> }[],
  min: number,
  limit: number,
): string[] {
  const grams = trigrams(term);
  return vocabulary
    .map((v) => ({ word: v.word, alike: similarity(grams, v.grams) }))
    .filter((v) => v.alike >= min)
    .sort((x, y) => y.alike - x.alike || (x.word < y.word ? -1 : 1))
    .slice(0, limit)
    .map((v) => v.word);
}
