import { describe, expect, it } from "vitest";
import { isIanaTimeZone } from "../../lib/time-zone";
import { CITIES } from "./park-places";
import published from "./park-identifiers.json";
import { buildSeedParks } from "./park-rows";

/** Each seeded city's real zone (a country's zone is wrong for Vancouver, Calgary, Chicago, Houston, LA). */
const EXPECTED: Record<string, string> = {
  Lagos: "Africa/Lagos",
  Abuja: "Africa/Lagos",
  "Port Harcourt": "Africa/Lagos",
  Ibadan: "Africa/Lagos",
  Kano: "Africa/Lagos",
  Toronto: "America/Toronto",
  Ottawa: "America/Toronto",
  Montréal: "America/Toronto",
  Vancouver: "America/Vancouver",
  Calgary: "America/Edmonton",
  Dakar: "Africa/Dakar",
  Thiès: "Africa/Dakar",
  "Saint-Louis": "Africa/Dakar",
  Touba: "Africa/Dakar",
  "New York": "America/New_York",
  Atlanta: "America/New_York",
  Chicago: "America/Chicago",
  Houston: "America/Chicago",
  "Los Angeles": "America/Los_Angeles",
};

describe("seeded parks' time zones", () => {
  it("gives every seeded city its real IANA zone", () => {
    expect(Object.fromEntries(CITIES.map((c) => [c.city, c.timeZone]))).toEqual(EXPECTED);
    for (const c of CITIES) expect(isIanaTimeZone(c.timeZone), c.city).toBe(true);
  });

  it("puts every seeded park in its city's zone", () => {
    const parks = buildSeedParks();
    expect(parks.length).toBeGreaterThan(200);
    for (const p of parks) expect(p.row.timeZone, `${p.row.id} ${p.row.city}`).toBe(EXPECTED[p.row.city]);
    // Every city, and so every zone, has parks.
    expect(new Set(parks.map((p) => p.row.timeZone))).toEqual(new Set(Object.values(EXPECTED)));
  });

  it("stays deterministic", () => {
    const a = buildSeedParks().map((p) => [p.row.id, p.row.slug, p.row.timeZone]);
    expect(buildSeedParks().map((p) => [p.row.id, p.row.slug, p.row.timeZone])).toEqual(a);
  });
});

describe("seeded parks' names and texts", () => {
  it("never says a word twice in a row in a name", () => {
    const repeated = buildSeedParks().filter((p) => /\b(\p{L}+) \1\b/iu.test(p.row.name));
    expect(repeated.map((p) => p.row.name)).toEqual([]);
    expect(buildSeedParks().map((p) => p.row.name)).toContain("Union Station Garage");
  });

  it("keeps every park's id, slug and park code as first published (QR signs and links carry them)", () => {
    expect(buildSeedParks().map((p) => [p.row.id, p.row.slug, p.row.parkCode])).toEqual(published);
  });

  it("writes every park's texts in English and French: its own language in the row, the other beside", () => {
    for (const p of buildSeedParks()) {
      const other = p.row.textLanguage === "fr" ? "en" : "fr";
      const translated = p.row.translations[other];
      expect(translated?.description, p.row.slug).toMatch(/\S/);
      expect(translated?.entry_instructions, p.row.slug).toMatch(/\S/);
      expect(translated?.description).not.toBe(p.row.description);
      expect(Object.keys(p.row.translations)).toEqual([other]);
    }
    const dakar = buildSeedParks().find((p) => p.row.city === "Dakar")!;
    expect(dakar.row.textLanguage).toBe("fr");
    expect(dakar.row.description).toMatch(/ places pour voitures/);
    expect(dakar.row.translations.en?.description).toMatch(/ car spaces/);
  });
});
