// @vitest-environment happy-dom
// The product lines a country offers and a back-office form's first country come from the served
// list (GET /countries as this browser stored it), else from the built-in countries.
import { afterEach, describe, expect, it } from "vitest";
import { countriesOffering, firstServedCountryCode, servedZoneOf, servicesOf } from "./country";

const row = (id: number, code: string, name: string, extra: object = {}) => ({ id, code, name, ...extra });
const storeList = (list: object[]) => localStorage.setItem("countries", JSON.stringify(list));

afterEach(() => localStorage.clear());

describe("the served countries' product lines", () => {
  it("answers from the built-in countries before the API's list is had: Nigeria renews vehicle papers", () => {
    expect(servicesOf("NG")).toEqual(["vehicle_docs"]);
    expect(servicesOf("CA")).toEqual([]);
    expect(countriesOffering("vehicle_docs").map((c) => c.code)).toEqual(["NG"]);
    expect(firstServedCountryCode()).toBe("NG");
    expect(servedZoneOf("NG")).toBeUndefined();
  });

  it("follows the API's list: its rows' services (unknown lines skipped), order and clocks", () => {
    storeList([
      row(3, "SN", "Senegal", { services: ["vehicle_docs", "car_wash"], timezone: "Africa/Dakar" }),
      row(1, "NG", "Nigeria", { services: [] }),
    ]);
    expect(servicesOf("SN")).toEqual(["vehicle_docs"]);
    expect(servicesOf("NG")).toEqual([]);
    expect(countriesOffering("vehicle_docs").map((c) => c.code)).toEqual(["SN"]);
    expect(firstServedCountryCode()).toBe("SN");
    expect(servedZoneOf("SN")).toBe("Africa/Dakar");
  });
});
