import { PARK_TOTAL_CAP } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { broadBudget } from "./parks.search-plan";

describe("broadBudget", () => {
  const country = 130_000;

  it("reads enough parks to find the cap three times over, as a power of two", () => {
    // "toronto": a fifth of the country; 3 × 501 / 0.2 = 7,515 → 8,192.
    expect(broadBudget({ parks: country, terms: [26_000] })).toBe(8_192);
    // "port harcourt" at 500,000 parks, taken as independent: 3 × 501 / 0.045 = 33,400 → at most 32,768.
    expect(broadBudget({ parks: 131_866, terms: [29_686, 26_407] })).toBe(32_768);
  });

  it("leaves to the words index what it finds sooner than a broad read would", () => {
    // "oyo road" at 500,000 parks: a broad read expects 19,200 parks to find the cap's matches;
    // the index decodes 43,516 parks' lists and keeps some 3,440, worth 10,423 parks read.
    expect(broadBudget({ parks: 131_866, terms: [26_197, 17_319] })).toBeUndefined();
    // A fifth of a small catalogue: the index lists 600 parks; a broad read expects 2,505.
    expect(broadBudget({ parks: 3_000, terms: [600] })).toBeUndefined();
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
