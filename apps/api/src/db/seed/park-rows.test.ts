import { describe, expect, it } from "vitest";
import { isIanaTimeZone } from "../../lib/time-zone";
import { ANCHOR_TAX_DISTRICTS, CITIES } from "./park-places";
import published from "./park-identifiers.json";
import { buildSeedParks } from "./park-rows";
import { TAX_DISTRICT_ROWS } from "./reference-data";

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

describe("seeded parks' tax districts (decision 049)", () => {
  const districtOf = (slugPart: string) => {
    const park = buildSeedParks().find((p) => p.row.slug.startsWith(slugPart))!;
    return TAX_DISTRICT_ROWS.find((d) => d.id === park.row.taxDistrictId)?.code ?? null;
  };

  it("name real anchors, and each park's district is of its own state", () => {
    for (const key of Object.keys(ANCHOR_TAX_DISTRICTS)) {
      const [city, anchor] = key.split("/") as [string, string];
      expect(
        CITIES.find((c) => c.city === city)?.anchors.some((a) => a[0] === anchor),
        key,
      ).toBe(true);
    }
    const parks = buildSeedParks().filter((p) => p.row.taxDistrictId !== null);
    expect(parks.length).toBeGreaterThan(30);
    for (const p of parks) {
      const d = TAX_DISTRICT_ROWS.find((x) => x.id === p.row.taxDistrictId)!;
      expect({ countryId: d.countryId, stateId: d.stateId }, p.row.slug).toEqual({
        countryId: p.row.countryId,
        stateId: p.row.stateId,
      });
    }
  });

  it("put Manhattan's parks in Manhattan, the other boroughs' apart, and leave Inglewood and Santa Monica out of the City of LA", () => {
    expect(districtOf("times-square")).toBe("US-NY-NYC-MN");
    expect(districtOf("madison-square-garden")).toBe("US-NY-NYC-MN");
    expect(districtOf("yankee-stadium")).toBe("US-NY-NYC");
    expect(districtOf("downtown-brooklyn")).toBe("US-NY-NYC");
    expect(districtOf("john-f-kennedy")).toBe("US-NY-NYC");
    expect(districtOf("union-station-station-car-park-los-angeles")).toBe("US-CA-LA");
    expect(districtOf("sofi-stadium")).toBeNull();
    expect(districtOf("santa-monica-pier")).toBeNull();
    expect(districtOf("gastown")).toBe("CA-BC-TRANSLINK");
    expect(buildSeedParks().filter((p) => p.row.city === "Chicago" && p.row.taxDistrictId !== null)).toEqual(
      [],
    );
  });
});
