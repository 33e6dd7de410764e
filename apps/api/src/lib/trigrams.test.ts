import { describe, expect, it } from "vitest";
import { closestWords, similarity, trigrams } from "./trigrams";

describe("trigram similarity (pg_trgm's)", () => {
  it("matches pg_trgm's figures", () => {
    // SELECT similarity('toronto', 'toronnto') = 0.7 on PostgreSQL 15.
    expect(similarity(trigrams("toronto"), trigrams("toronnto"))).toBeCloseTo(0.7, 5);
    expect(similarity(trigrams("abc"), trigrams("abc"))).toBe(1);
    expect(similarity(trigrams("abc"), trigrams("xyz"))).toBe(0);
  });

  it("gives the closest known words, most alike first, above the threshold", () => {
    const vocabulary = ["airport", "avenue", "allen", "toronto", "vancouver"].map((word) => ({
      word,
      grams: trigrams(word),
    }));
    expect(closestWords("vancuver", vocabulary, 0.3, 3)).toEqual(["vancouver"]);
    expect(closestWords("airprot", vocabulary, 0.3, 3)).toEqual(["airport"]);
    expect(closestWords("zzzz", vocabulary, 0.3, 3)).toEqual([]);
  });
});
