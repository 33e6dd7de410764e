import { describe, expect, it } from "vitest";
import { parseParkQuery, toSearchParams } from "./search-params";

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
