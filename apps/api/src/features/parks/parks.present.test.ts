import { describe, expect, it } from "vitest";
import { presentAdminCharger } from "../admin/parks/park-chargers.present";
import type { ChargerRow } from "./chargers.repo";
import { presentParkCharger } from "./parks.present";

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
  it("gives the connector, power, count and the price in major units of the park's currency", () => {
    expect(presentParkCharger(row, NG)).toEqual({
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
      id: 7,
      ...shown,
      status: "inactive",
    });
  });
});
