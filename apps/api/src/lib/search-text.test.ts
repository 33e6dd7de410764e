import { describe, expect, it } from "vitest";
import { normalizeSearchText, slugify } from "./search-text";

describe("normalizeSearchText", () => {
  it("folds case, accents and punctuation", () => {
    expect(normalizeSearchText("  MONTRÉAL, Gare-Centrale!  ")).toBe("montreal gare centrale");
    expect(normalizeSearchText("Thiès")).toBe("thies");
    expect(normalizeSearchText("O'Hare")).toBe("o hare");
    expect(normalizeSearchText("100% _parking_ 🚗")).toBe("100 parking");
  });
  it("slugifies", () => {
    expect(slugify("Aéroport international Blaise-Diagne — Long Stay")).toBe(
      "aeroport-international-blaise-diagne-long-stay",
    );
  });
});
