import { describe, expect, it } from "vitest";
import { presentTaxes } from "./parks.present";

/**
 * The web's tax lines (apps/web lib/format taxLines) list `taxes` and nothing else: they hold
 * because a price with tax always lists it here, named or not, and a price without none.
 */
describe("a price's taxes as the API lists them (presentTaxes)", () => {
  it("lists each named tax, leaving a tax of nothing out", () => {
    const taxes = [
      { name: "Sales tax", rateBps: 0, baseMinor: 1_000, taxMinor: 0 },
      { name: "GST", rateBps: 500, baseMinor: 99, taxMinor: 5 },
      { name: "QST", rateBps: 997.5, baseMinor: 99, taxMinor: 10 },
    ];
    expect(presentTaxes({ taxMinor: 15, taxes }, "GST", 2)).toEqual([
      { name: "GST", rate_percent: 5, amount: 0.05 },
      { name: "QST", rate_percent: 9.975, amount: 0.1 },
    ]);
  });

  it("lists a price stored before taxes had names as its one tax, rate unknown; no tax, no line", () => {
    expect(presentTaxes({ taxMinor: 1_313 }, "VAT", 2)).toEqual([
      { name: "VAT", rate_percent: null, amount: 13.13 },
    ]);
    expect(presentTaxes({ taxMinor: 0 }, "VAT", 2)).toEqual([]);
    expect(presentTaxes({ taxMinor: 0, taxes: [] }, "Sales tax", 2)).toEqual([]);
  });
});
