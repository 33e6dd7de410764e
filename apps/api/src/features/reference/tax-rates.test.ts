import { describe, expect, it } from "vitest";
import { FEE_ROWS, STATE_ROWS, TAX_DISTRICT_ROWS, TAX_RATE_ROWS } from "../../db/seed/reference-data";
import { taxesAt, type TaxRateRow, type TaxedCountry } from "./tax-rates.domain";

/** The seeded rows of a country as the served countries' copy holds them. */
const countryOf = (countryId: number, taxBps: number, taxName: string): TaxedCountry => ({
  taxBps,
  taxName,
  taxRates: TAX_RATE_ROWS.filter((r) => r.countryId === countryId).map((r): TaxRateRow => ({
    id: r.id,
    countryId: r.countryId,
    stateId: r.stateId ?? null,
    districtId: r.districtId ?? null,
    name: r.name,
    rateBps: r.rateBps,
    taxedParts: r.taxedParts ?? null,
    purchase: r.purchase ?? null,
    source: r.source,
    effectiveFrom: r.effectiveFrom,
  })),
});
const stateIdOf = (countryId: number, code: string) =>
  STATE_ROWS.find((s) => s.countryId === countryId && s.code === code)!.id;
/** A park in that state (the time zone matters only where the test says so). */
const state = (countryId: number, code: string, timeZone = "UTC") => ({
  stateId: stateIdOf(countryId, code),
  taxDistrictId: null,
  timeZone,
});
const NO_STATE = { stateId: null, taxDistrictId: null, timeZone: "UTC" };
const districtIdOf = (code: string) => TAX_DISTRICT_ROWS.find((d) => d.code === code)!.id;
/** A park in that seeded district, in the district's state. */
const inDistrict = (code: string, timeZone = "UTC") => {
  const d = TAX_DISTRICT_ROWS.find((x) => x.code === code)!;
  return { stateId: d.stateId, taxDistrictId: d.id, timeZone };
};
const CANADA = countryOf(2, 500, "GST");
const US = countryOf(4, 0, "Sales tax");
const NOW = new Date("2026-11-29T12:00:00Z");

describe("a park's taxes (taxesAt)", () => {
  it("are its province's rows: Québec GST and QST, Ontario HST", () => {
    expect(taxesAt(CANADA, state(2, "QC"), NOW, "window")).toEqual([
      { name: "GST", rateBps: 500 },
      { name: "QST", rateBps: 997.5 },
    ]);
    expect(taxesAt(CANADA, state(2, "ON"), NOW, "pass")).toEqual([{ name: "HST", rateBps: 1300 }]);
  });

  it("are the country's when the park has no state, or its state has no rows", () => {
    expect(taxesAt(CANADA, NO_STATE, NOW, "window")).toEqual([{ name: "GST", rateBps: 500 }]);
    expect(taxesAt(CANADA, state(2, "AB"), NOW, "window")).toEqual([{ name: "GST", rateBps: 500 }]);
  });

  it("are the rows in force on the day: Nova Scotia's HST went from 15% to 14% on 2025-04-01", () => {
    const ns = state(2, "NS", "America/Halifax");
    expect(taxesAt(CANADA, ns, new Date("2025-03-31T12:00:00-03:00"), "window")).toEqual([
      { name: "HST", rateBps: 1500 },
    ]);
    expect(taxesAt(CANADA, ns, new Date("2025-04-01T12:00:00-03:00"), "window")).toEqual([
      { name: "HST", rateBps: 1400 },
    ]);
  });

  it("take the day of the sale on the park's clock, not UTC's: the change is at Halifax's midnight", () => {
    const ns = state(2, "NS", "America/Halifax");
    // 23:30 in Halifax (UTC-3 in April) on 31 March is already 1 April in UTC: still the old rate.
    expect(taxesAt(CANADA, ns, new Date("2025-04-01T02:30:00Z"), "window")).toEqual([
      { name: "HST", rateBps: 1500 },
    ]);
    // 00:30 in Halifax on 1 April: the new rate.
    expect(taxesAt(CANADA, ns, new Date("2025-04-01T03:30:00Z"), "window")).toEqual([
      { name: "HST", rateBps: 1400 },
    ]);
    // And a zone ahead of UTC: 00:30 on 1 April in Tokyo is still 31 March in UTC.
    const ahead = state(2, "NS", "Asia/Tokyo");
    expect(taxesAt(CANADA, ahead, new Date("2025-03-31T15:30:00Z"), "window")).toEqual([
      { name: "HST", rateBps: 1400 },
    ]);
  });

  it("follow the purchase where a law does (Illinois: 6% by the hour or day, 9% by the month), on the parking", () => {
    const il = state(4, "IL");
    expect(taxesAt(US, il, NOW, "window")).toEqual([
      { name: "Parking excise tax", rateBps: 600, parts: ["parking"] },
    ]);
    expect(taxesAt(US, il, NOW, "pass")).toEqual([
      { name: "Parking excise tax", rateBps: 900, parts: ["parking"] },
    ]);
    expect(taxesAt(US, il, new Date("2019-12-31T12:00:00Z"), "window")).toEqual([]);
  });

  it("charge a component once: a row for the purchase replaces the state's general row of the same name", () => {
    const row = (
      id: number,
      rateBps: number,
      purchase: string | null,
      effectiveFrom: string,
    ): TaxRateRow => ({
      id,
      countryId: 4,
      stateId: 9,
      districtId: null,
      name: "Parking tax",
      rateBps,
      taxedParts: ["parking"],
      purchase,
      source: "A test state's parking tax act",
      effectiveFrom,
    });
    // A general 5% (since 2020), a 7% on passes (since 2018, older but for the purchase), and a
    // general rise to 6% in 2026: a window pays 6%, a pass 7%; never both a general and a pass row.
    const country: TaxedCountry = {
      taxBps: 0,
      taxName: "Sales tax",
      taxRates: [
        row(1, 500, null, "2020-01-01"),
        row(2, 700, "pass", "2018-01-01"),
        row(3, 600, null, "2026-01-01"),
      ],
    };
    const place = { stateId: 9, taxDistrictId: null, timeZone: "America/Chicago" };
    expect(taxesAt(country, place, NOW, "pass")).toEqual([
      { name: "Parking tax", rateBps: 700, parts: ["parking"] },
    ]);
    expect(taxesAt(country, place, NOW, "window")).toEqual([
      { name: "Parking tax", rateBps: 600, parts: ["parking"] },
    ]);
    expect(taxesAt(country, place, new Date("2025-06-01T12:00:00Z"), "window")).toEqual([
      { name: "Parking tax", rateBps: 500, parts: ["parking"] },
    ]);
  });

  it("add no line for a 0% row, and fall back to the fees' one tax for a country without rows", () => {
    expect(taxesAt(US, state(4, "CA"), NOW, "window")).toEqual([]);
    expect(
      taxesAt(
        { taxBps: 750, taxName: "VAT", taxRates: [] },
        { stateId: 5, taxDistrictId: null, timeZone: "UTC" },
        NOW,
        "window",
      ),
    ).toEqual([{ name: "VAT", rateBps: 750 }]);
  });

  it("name a source for every seeded row, and the countries' defaults agree with their fees", () => {
    for (const r of TAX_RATE_ROWS) expect(r.source.trim().length).toBeGreaterThan(20);
    for (const f of FEE_ROWS) {
      const row = TAX_RATE_ROWS.find((r) => r.countryId === f.countryId && r.stateId === null)!;
      expect({ name: row.name, rateBps: row.rateBps }).toEqual({ name: f.taxName, rateBps: f.taxBps });
    }
  });
});

describe("a park's taxes in a tax district (taxesAt, decision 049)", () => {
  it("add New York City's parking tax on the parking: 18.375% in Manhattan, 10.375% in the other boroughs", () => {
    for (const purchase of ["window", "pass"] as const) {
      expect(taxesAt(US, inDistrict("US-NY-NYC-MN"), NOW, purchase)).toEqual([
        { name: "NYC parking tax", rateBps: 1837.5, parts: ["parking"] },
      ]);
      expect(taxesAt(US, inDistrict("US-NY-NYC"), NOW, purchase)).toEqual([
        { name: "NYC parking tax", rateBps: 1037.5, parts: ["parking"] },
      ]);
    }
    // The same state without the district: nothing (New York State has no rows yet).
    expect(taxesAt(US, state(4, "NY"), NOW, "window")).toEqual([]);
  });

  it("add the City of Los Angeles' 10% occupancy tax, and only to a park of the city", () => {
    expect(taxesAt(US, inDistrict("US-CA-LA"), NOW, "window")).toEqual([
      { name: "Parking occupancy tax", rateBps: 1000, parts: ["parking"] },
    ]);
    expect(taxesAt(US, state(4, "CA"), NOW, "window")).toEqual([]);
  });

  it("come in addition to the state's rows: Metro Vancouver pays GST and TransLink's 24% on the parking", () => {
    expect(taxesAt(CANADA, inDistrict("CA-BC-TRANSLINK"), NOW, "window")).toEqual([
      { name: "GST", rateBps: 500 },
      { name: "TransLink parking tax", rateBps: 2400, parts: ["parking"] },
    ]);
    expect(taxesAt(CANADA, state(2, "BC"), NOW, "window")).toEqual([{ name: "GST", rateBps: 500 }]);
    // Before TransLink's row took effect: the state's only.
    expect(
      taxesAt(CANADA, inDistrict("CA-BC-TRANSLINK"), new Date("2019-06-30T12:00:00Z"), "window"),
    ).toEqual([{ name: "GST", rateBps: 500 }]);
  });

  it("replace a state's or country's row of the same name, even one for the purchase, and not another district's", () => {
    const row = (
      id: number,
      districtId: number | null,
      rateBps: number,
      purchase: string | null,
    ): TaxRateRow => ({
      id,
      countryId: 4,
      stateId: 9,
      districtId,
      name: "Parking tax",
      rateBps,
      taxedParts: ["parking"],
      purchase,
      source: "A test place's parking tax law",
      effectiveFrom: "2020-01-01",
    });
    const country: TaxedCountry = {
      taxBps: 0,
      taxName: "Sales tax",
      taxRates: [
        row(1, null, 500, null),
        row(2, null, 700, "pass"),
        row(3, 1, 1200, null),
        row(4, 2, 300, null),
      ],
    };
    const at = (taxDistrictId: number | null) => ({ stateId: 9, taxDistrictId, timeZone: "UTC" });
    expect(taxesAt(country, at(1), NOW, "window")).toEqual([
      { name: "Parking tax", rateBps: 1200, parts: ["parking"] },
    ]);
    expect(taxesAt(country, at(1), NOW, "pass")).toEqual([
      { name: "Parking tax", rateBps: 1200, parts: ["parking"] },
    ]);
    expect(taxesAt(country, at(2), NOW, "window")).toEqual([
      { name: "Parking tax", rateBps: 300, parts: ["parking"] },
    ]);
    expect(taxesAt(country, at(null), NOW, "pass")).toEqual([
      { name: "Parking tax", rateBps: 700, parts: ["parking"] },
    ]);
    // A district of a state without rows, in a country without rows: the district's, not the fees' tax.
    const bare: TaxedCountry = { taxBps: 750, taxName: "VAT", taxRates: [row(3, 1, 1200, null)] };
    expect(taxesAt(bare, at(1), NOW, "window")).toEqual([
      { name: "Parking tax", rateBps: 1200, parts: ["parking"] },
    ]);
  });

  it("seed every district with a source and its rows in the district's own country and state", () => {
    expect(TAX_DISTRICT_ROWS.map((d) => d.code)).toEqual([
      "US-NY-NYC-MN",
      "US-NY-NYC",
      "US-CA-LA",
      "CA-BC-TRANSLINK",
    ]);
    for (const d of TAX_DISTRICT_ROWS) {
      expect(d.source.trim().length).toBeGreaterThan(20);
      const state = STATE_ROWS.find((s) => s.id === d.stateId)!;
      expect(state.countryId).toBe(d.countryId);
      const rows = TAX_RATE_ROWS.filter((r) => r.districtId === d.id);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows)
        expect({ countryId: r.countryId, stateId: r.stateId }).toEqual({
          countryId: d.countryId,
          stateId: d.stateId,
        });
    }
    expect(districtIdOf("US-NY-NYC-MN")).not.toBe(districtIdOf("US-NY-NYC"));
  });
});
