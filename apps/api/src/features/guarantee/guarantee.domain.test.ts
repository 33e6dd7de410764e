import { describe, expect, it } from "vitest";
import { addedClosures, bookingsToMove, differencePayer, distanceKm } from "./guarantee.domain";

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

describe("which bookings a cut of spaces moves", () => {
  const from = new Date("2026-12-01T08:00:00Z");
  const at = (h: number) => new Date(from.getTime() + h * 3_600_000);
  const booking = (code: string, start: number, end: number, bookedHoursAgo: number) => ({
    code,
    start: at(start),
    end: at(end),
    n: 1,
    bookedAt: at(-bookedHoursAgo),
  });
  const fixed = (code: string, start: number, end: number, n = 1) => ({
    code,
    start: at(start),
    end: at(end),
    n,
    bookedAt: null,
  });

  it("keeps the bookings made first and moves the last booked where the spaces run out", () => {
    const held = [booking("B1", 1, 3, 30), booking("B2", 2, 4, 20), booking("B3", 2, 5, 10)];
    expect(bookingsToMove(held, 2, from)).toEqual(["B3"]);
    expect(bookingsToMove(held, 1, from)).toEqual(["B2", "B3"]);
    expect(bookingsToMove(held, 0, from)).toEqual(["B1", "B2", "B3"]);
    expect(bookingsToMove(held, 3, from)).toEqual([]);
  });

  it("keeps a later booking that fits where an earlier one does not", () => {
    // One space: B1 holds 1-3; B2 (booked next) overlaps it and moves; B3 (booked last) follows B1 and stays.
    const held = [booking("B1", 1, 3, 30), booking("B2", 2, 4, 20), booking("B3", 3, 4, 10)];
    expect(bookingsToMove(held, 1, from)).toEqual(["B2"]);
  });

  it("keeps a window already begun before one to come, and counts only from now on", () => {
    // B1 began an hour ago (booked last); B2 starts later and was booked first: B1 keeps the one space.
    const held = [booking("B1", -1, 2, 1), booking("B2", 1, 3, 50), booking("OLD", -5, -2, 60)];
    expect(bookingsToMove(held, 1, from)).toEqual(["B2"]);
  });

  it("keeps what cannot move, and answers null when that alone holds more than the spaces", () => {
    const pass = fixed("PASS", 0, 10);
    expect(bookingsToMove([pass, booking("B1", 1, 2, 99)], 1, from)).toEqual(["B1"]);
    expect(bookingsToMove([fixed("EVENT", 4, 6, 3), booking("B1", 1, 2, 9)], 2, from)).toBeNull();
    expect(bookingsToMove([fixed("EVENT", 4, 6, 3)], 3, from)).toEqual([]);
  });
});
