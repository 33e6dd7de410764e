import { describe, expect, it } from "vitest";
import { presentAdminCharger } from "../admin/parks/park-chargers.present";
import type { ChargerRow } from "./chargers.repo";
import { presentParkCharger, presentTaxes } from "./parks.present";

const row: ChargerRow = {
  id: 7,
  parkId: 3,
  connector: "ccs2",
  powerKw: 60,
  count: 2,
  priceUnit: "kwh",
  priceMinor: 380_00,
  status: "active",
};
const NG = { id: 1, code: "NG", name: "Nigeria", currency: "NGN", decimals: 2, timeZone: "Africa/Lagos" };
const SN = { id: 3, code: "SN", name: "Sénégal", currency: "XOF", decimals: 0, timeZone: "Africa/Dakar" };

describe("presentParkCharger, the one shape of a park_chargers row (decision 045)", () => {
  it("gives the group's id (what a booking names), connector, power, count and the price in major units of the park's currency", () => {
    expect(presentParkCharger(row, NG)).toEqual({
      id: 7,
      connector: "ccs2",
      power_kw: 60,
      count: 2,
      price_unit: "kwh",
      price: 380,
      currency: "NGN",
    });
    // A currency without decimals: the minor unit is the unit.
    expect(presentParkCharger({ ...row, priceMinor: 250 }, SN)).toMatchObject({
      price: 250,
      currency: "XOF",
    });
  });

  it("is what the back office shows too, with the charger's id and status and without the list's currency", () => {
    const { currency: _currency, ...shown } = presentParkCharger(row, NG);
    expect(presentAdminCharger({ ...row, status: "inactive" }, NG)).toEqual({
      ...shown,
      status: "inactive",
    });
  });
});

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
