import { PARK_TOTAL_CAP } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { broadBudget } from "./parks.search-plan";

describe("broadBudget", () => {
  const country = 130_000;

  it("reads enough parks to find the cap three times over, as a power of two", () => {
    // "toronto": a fifth of the country; 3 × 501 / 0.2 = 7,515 → 8,192.
    expect(broadBudget({ parks: country, terms: [26_000] })).toBe(8_192);
    // Two words of a fifth, taken as independent: 3 × 501 / 0.04 = 37,575 → at most 32,768.
    expect(broadBudget({ parks: country, terms: [26_000, 26_000] })).toBe(32_768);
  });

  it("leaves selective words to the text index", () => {
    expect(broadBudget({ parks: country, terms: [PARK_TOTAL_CAP] })).toBeUndefined();
    // Over the cap but under a tenth of the country.
    expect(broadBudget({ parks: country, terms: [12_000] })).toBeUndefined();
    // Each broad, together too rare to find the cap within the most a broad search reads.
    expect(broadBudget({ parks: country, terms: [13_000, 13_000, 13_000] })).toBeUndefined();
    expect(broadBudget({ parks: 0, terms: [] })).toBeUndefined();
  });
});
