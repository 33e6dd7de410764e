import { describe, expect, it } from "vitest";
import { addedClosures, differencePayer, distanceKm } from "./guarantee.domain";

describe("the space guarantee's rules", () => {
  it("has the operator pay when its own staff closed its own park, Parkwell otherwise", () => {
    const own = { operator: { id: 7 } };
    expect(differencePayer(own, { operatorId: 7 })).toEqual({ kind: "operator", operatorId: 7 });
    expect(differencePayer(own, { operatorId: 8 })).toEqual({ kind: "parkwell" });
    expect(differencePayer({ operator: null }, { operatorId: 7 })).toEqual({ kind: "parkwell" });
    expect(differencePayer({ operator: null }, { operatorId: null })).toEqual({ kind: "parkwell" });
  });

  it("counts only the closure days not closed before", () => {
    expect(addedClosures(["2026-12-24"], ["2026-12-24", "2026-12-25"])).toEqual(["2026-12-25"]);
    expect(addedClosures(["2026-12-24", "2026-12-25"], ["2026-12-25"])).toEqual([]);
  });

  it("measures the distance between two parks in kilometres to one decimal", () => {
    expect(distanceKm({ lat: 6.4312, lng: 3.4201 }, { lat: 6.4312, lng: 3.4201 })).toBe(0);
    // One thousandth of a degree of latitude is about 111 m.
    expect(distanceKm({ lat: 8.5, lng: 4.55 }, { lat: 8.504, lng: 4.55 })).toBe(0.4);
    expect(distanceKm({ lat: 6.5244, lng: 3.3792 }, { lat: 9.0765, lng: 7.3986 })).toBeCloseTo(527, -1);
  });
});
