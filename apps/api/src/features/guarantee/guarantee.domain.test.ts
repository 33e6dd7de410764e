import { describe, expect, it } from "vitest";
import { addedClosures, closedDayShares, differencePayer, distanceKm } from "./guarantee.domain";

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

  it("gives a pass term's closed day its equal share of the price, the remainder to the earliest days", () => {
    const days = ["2026-12-01", "2026-12-02", "2026-12-03"];
    // 100 over three days: 34, 33, 33; a day its windows do not run gives nothing.
    expect(closedDayShares(100, days, ["2026-12-01", "2026-12-03", "2026-12-05"])).toEqual([
      { day: "2026-12-01", amountMinor: 34 },
      { day: "2026-12-03", amountMinor: 33 },
    ]);
    // Every day closed gives the whole price back, exactly.
    const all = closedDayShares(4_290_001, days, days);
    expect(all.reduce((n, s) => n + s.amountMinor, 0)).toBe(4_290_001);
  });
});
