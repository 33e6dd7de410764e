import { describe, expect, it } from "vitest";
import {
  carriedWindow,
  parkHref,
  parseParkQuery,
  textSearchQuery,
  toSearchParams,
  validWindow,
} from "./search-params";
import { toApiQuery } from "./api";

describe("park query in the URL", () => {
  it("round-trips a full query", () => {
    const url = new URLSearchParams(
      "search=Lagos+airport&lat=6.5&lng=3.3&radius_km=10&type=airport&amenities=cctv,valet&sort=price&vehicle_type_id=2&start_time=2026-06-01T08:00:00.000Z&end_time=2026-06-01T10:00:00.000Z&page=3&size=20",
    );
    const q = parseParkQuery(url);
    expect(q).toMatchObject({
      search: "Lagos airport",
      lat: 6.5,
      type: "airport",
      amenities: ["cctv", "valet"],
      page: 3,
    });
    expect(parseParkQuery(toSearchParams(q))).toEqual(q);
  });

  it("keeps the best-rated sort and a whole minimum rating, and drops any other rating", () => {
    const q = parseParkQuery(new URLSearchParams("sort=rating&min_rating=4"));
    expect(q.sort).toBe("rating");
    expect(q.minRating).toBe(4);
    expect(toSearchParams(q).toString()).toBe("sort=rating&min_rating=4");
    for (const bad of ["0", "6", "3.5", "x"]) {
      expect(parseParkQuery(new URLSearchParams(`min_rating=${bad}`)).minRating).toBeUndefined();
    }
  });

  it("keeps a known charger connector and a minimum power in range, and drops the rest", () => {
    const q = parseParkQuery(new URLSearchParams("amenities=ev_charging&connector=ccs2&min_kw=50"));
    expect(q).toMatchObject({ amenities: ["ev_charging"], connector: "ccs2", minKw: 50 });
    expect(toSearchParams(q).toString()).toBe("amenities=ev_charging&connector=ccs2&min_kw=50");
    expect(toApiQuery(q, "NG", "Africa/Lagos")).toMatchObject({ connector: "ccs2", min_kw: 50 });
    for (const bad of ["connector=tesla", "connector=", "min_kw=0", "min_kw=351", "min_kw=x"]) {
      const dropped = parseParkQuery(new URLSearchParams(bad));
      expect([dropped.connector, dropped.minKw], bad).toEqual([undefined, undefined]);
    }
  });

  it("drops what it does not understand", () => {
    const q = parseParkQuery(
      new URLSearchParams(
        "lat=123&lng=3&type=moon&amenities=jacuzzi,cctv&sort=x&page=0&size=10000&start_time=x",
      ),
    );
    expect(q).toEqual({
      search: undefined,
      lat: undefined,
      lng: undefined,
      radiusKm: undefined,
      type: undefined,
      amenities: ["cctv"],
      sort: undefined,
      vehicleTypeId: undefined,
      start: undefined,
      end: undefined,
      page: 1,
      size: 10,
    });
  });
});

describe("links and new searches from the map page", () => {
  it("links a park with the list's vehicle and valid dates, and nothing else", () => {
    const withWindow = new URLSearchParams(
      "search=Lagos&lat=6.5&lng=3.3&vehicle_type_id=2&start_time=2026-06-01T08:00:00.000Z&end_time=2026-06-01T10:00:00.000Z",
    );
    expect(parkHref("mma2", carriedWindow(withWindow))).toBe(
      "/park/mma2?vehicle_type_id=2&start_time=2026-06-01T08%3A00%3A00.000Z&end_time=2026-06-01T10%3A00%3A00.000Z",
    );
    expect(parkHref("mma2", carriedWindow(new URLSearchParams("search=Lagos&page=2")))).toBe("/park/mma2");
  });

  it("carries a typed window as wall-clock times, read on the park's clock only there", () => {
    const typed = new URLSearchParams("search=Lagos&start_time=2026-11-26T10:00&end_time=2026-11-26T14:00");
    expect(parkHref("mma2", carriedWindow(typed))).toBe(
      "/park/mma2?start_time=2026-11-26T10%3A00&end_time=2026-11-26T14%3A00",
    );
    const q = parseParkQuery(typed);
    expect(validWindow(q, "Africa/Lagos")).toEqual({
      start: "2026-11-26T09:00:00.000Z",
      end: "2026-11-26T13:00:00.000Z",
    });
    expect(validWindow(q, "America/Toronto")?.start).toBe("2026-11-26T15:00:00.000Z");
    const backwards = new URLSearchParams("start_time=2026-11-26T14:00&end_time=2026-11-26T10:00");
    expect(carriedWindow(backwards)).toBe("");
  });

  it("a text search drops the map's place and starts on page 1, keeping the filters", () => {
    const q = parseParkQuery(
      new URLSearchParams("search=old&lat=6.5&lng=3.3&radius_km=4&type=airport&sort=distance&page=3"),
    );
    const next = textSearchQuery(q, "  Ikeja ");
    expect(next).toMatchObject({ search: "Ikeja", type: "airport", page: 1 });
    expect(next.lat).toBeUndefined();
    expect(next.lng).toBeUndefined();
    expect(next.radiusKm).toBeUndefined();
    expect(next.sort).toBeUndefined();
    expect(textSearchQuery({ ...q, sort: "price" }, "").search).toBeUndefined();
    expect(textSearchQuery({ ...q, sort: "price" }, "").sort).toBe("price");
  });
});
