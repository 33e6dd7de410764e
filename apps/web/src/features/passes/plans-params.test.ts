import { describe, expect, it } from "vitest";
import {
  checkoutPlates,
  lowestMonthly,
  NO_PLATE,
  parsePlanQuery,
  startDayBounds,
  startDayWithin,
  termsOf,
  termWithin,
  toPlanApiQuery,
  toPlanSearchParams,
  TYPED_PLATE,
} from "./plans-params";

describe("the plans list's query", () => {
  it("reads what it understands and drops the rest", () => {
    const q = parsePlanQuery(
      new URLSearchParams(
        "search=%20Ikeja%20&hours=nights_weekends&vehicle_type_id=2&max_price=50000&page=3",
      ),
    );
    expect(q).toEqual({
      search: "Ikeja",
      hours: "nights_weekends",
      vehicleTypeId: 2,
      maxPrice: 50_000,
      page: 3,
      size: 10,
    });
    expect(
      parsePlanQuery(new URLSearchParams("hours=sometimes&vehicle_type_id=x&max_price=-1&page=0")),
    ).toEqual({
      search: undefined,
      hours: undefined,
      vehicleTypeId: undefined,
      maxPrice: undefined,
      page: 1,
      size: 10,
    });
  });

  it("writes the same query back, leaving out what is empty and page 1", () => {
    const params = "search=Ikeja&hours=weekdays&vehicle_type_id=1&max_price=20000&page=2";
    expect(toPlanSearchParams(parsePlanQuery(new URLSearchParams(params))).toString()).toBe(params);
    expect(toPlanSearchParams({ page: 1, size: 10 }).toString()).toBe("");
  });

  it("asks the API for the country's plans, nearest the driver only with a position", () => {
    const q = parsePlanQuery(new URLSearchParams("hours=all_day"));
    expect(toPlanApiQuery(q, "NG", null)).toMatchObject({
      country: "NG",
      hours: "all_day",
      lat: undefined,
      lng: undefined,
    });
    expect(toPlanApiQuery(q, "NG", { lat: 6.5244321, lng: 3.3792987 })).toMatchObject({
      lat: 6.52443,
      lng: 3.3793,
    });
  });
});

describe("the checkout's choices", () => {
  it("offers start days from today to 30 days ahead on the park's calendar, not the phone's", () => {
    // 23:30 UTC on 30 January is already 31 January in Lagos (UTC+1), still the 30th in Toronto.
    const now = new Date("2027-01-30T23:30:00Z");
    expect(startDayBounds(now, "Africa/Lagos")).toEqual({ min: "2027-01-31", max: "2027-03-02" });
    expect(startDayBounds(now, "America/Toronto")).toEqual({ min: "2027-01-30", max: "2027-03-01" });
  });

  it("keeps a start day within the bounds, else the first day", () => {
    const bounds = { min: "2027-01-31", max: "2027-03-02" };
    expect(startDayWithin("2027-02-15", bounds)).toBe("2027-02-15");
    expect(startDayWithin("2027-03-02", bounds)).toBe("2027-03-02");
    expect(startDayWithin("2027-03-03", bounds)).toBe("2027-01-31");
    expect(startDayWithin("2027-01-30", bounds)).toBe("2027-01-31");
    expect(startDayWithin("soon", bounds)).toBe("2027-01-31");
    expect(startDayWithin(null, bounds)).toBe("2027-01-31");
  });

  it("sells the terms from the plan's minimum", () => {
    expect(termsOf(1)).toEqual([1, 3, 12]);
    expect(termsOf(3)).toEqual([3, 12]);
    expect(termsOf(12)).toEqual([12]);
    expect(termWithin("12", 3)).toBe(12);
    expect(termWithin("1", 3)).toBe(3);
    expect(termWithin("2", 1)).toBe(1);
    expect(termWithin(null, 12)).toBe(12);
  });

  it("takes a saved vehicle's plate or the one typed, one or two, never the same twice", () => {
    const saved = [
      { id: 7, plate_number: "LAG123AA" },
      { id: 8, plate_number: "ABC987" },
    ];
    expect(
      checkoutPlates(saved, [
        { vehicle: "7", plate: "" },
        { vehicle: NO_PLATE, plate: "X" },
      ]),
    ).toEqual(["LAG123AA"]);
    expect(
      checkoutPlates(saved, [
        { vehicle: "7", plate: "" },
        { vehicle: "8", plate: "" },
      ]),
    ).toEqual(["LAG123AA", "ABC987"]);
    expect(
      checkoutPlates(saved, [
        { vehicle: TYPED_PLATE, plate: " KJA 1 " },
        { vehicle: TYPED_PLATE, plate: "" },
      ]),
    ).toEqual(["KJA 1"]);
    expect(
      checkoutPlates(saved, [
        { vehicle: "7", plate: "" },
        { vehicle: "7", plate: "" },
      ]),
    ).toEqual(["LAG123AA"]);
    expect(
      checkoutPlates(saved, [
        { vehicle: "99", plate: "" },
        { vehicle: NO_PLATE, plate: "" },
      ]),
    ).toEqual([]);
  });
});

describe("a plan's facts", () => {
  it("is priced from its lowest monthly price", () => {
    expect(lowestMonthly([{ monthly_price: 50_000 }, { monthly_price: 30_000 }])).toBe(30_000);
    expect(lowestMonthly([])).toBeUndefined();
  });
});
