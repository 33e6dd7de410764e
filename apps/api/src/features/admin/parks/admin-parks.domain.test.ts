import { describe, expect, it } from "vitest";
import {
  changed,
  freeSlug,
  parkCodeCandidate,
  searchTextOf,
  storedTexts,
  textsOf,
} from "./admin-parks.domain";

describe("a new park's identifiers", () => {
  it("slugs name and city, then takes the next free number", () => {
    expect(freeSlug("Marina Garage", "Lagos", new Set())).toBe("marina-garage-lagos");
    expect(freeSlug("Gare de Thiès", "Thiès", new Set(["gare-de-thies-thies"]))).toBe(
      "gare-de-thies-thies-2",
    );
    expect(
      freeSlug("Marina Garage", "Lagos", new Set(["marina-garage-lagos", "marina-garage-lagos-2"])),
    ).toBe("marina-garage-lagos-3");
    expect(freeSlug("!!!", "", new Set())).toBe("park");
  });

  it("makes park codes of the country and 5 unambiguous characters", () => {
    expect(parkCodeCandidate("NG", Uint8Array.from([0, 255, 128, 64, 192]))).toMatch(/^NG[2-9A-HJ-NP-Z]{5}$/);
    for (let n = 0; n < 200; n += 1) expect(parkCodeCandidate("SN")).toMatch(/^SN[2-9A-HJ-NP-Z]{5}$/);
  });
});

describe("search text and texts", () => {
  it("normalises as the search does: lower case, no accents, no punctuation", () => {
    expect(
      searchTextOf({ name: "Parking — Gare", address: "12, Rue Thiès", city: "Thiès", state: null }),
    ).toBe("parking gare 12 rue thies thies");
  });

  it("keeps the park's own language in the row and a filled other language as a translation", () => {
    const stored = storedTexts("fr", {
      fr: { description: "Calme", entry_instructions: "Par la rue" },
      en: { description: "", entry_instructions: "" },
    });
    expect(stored).toEqual({ description: "Calme", entryInstructions: "Par la rue", translations: {} });
    const both = storedTexts("en", {
      en: { description: "Quiet", entry_instructions: "Side street" },
      fr: { description: "Calme", entry_instructions: "" },
    });
    expect(both.translations).toEqual({ fr: { description: "Calme", entry_instructions: "" } });
    expect(
      textsOf({
        textLanguage: "en",
        description: "Quiet",
        entryInstructions: "Side street",
        translations: both.translations,
      }),
    ).toEqual({
      en: { description: "Quiet", entry_instructions: "Side street" },
      fr: { description: "Calme", entry_instructions: "" },
    });
  });

  it("audits only what changed", () => {
    expect(changed({ a: 1, b: [1, 2], c: "x" }, { a: 1, b: [2, 1], c: "x" })).toEqual({
      before: { b: [1, 2] },
      after: { b: [2, 1] },
    });
  });
});
