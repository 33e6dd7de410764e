import { describe, expect, it } from "vitest";
import { overlappingWindows, weekSpan } from "./plan-hours";

const w = (weekday: number, start: string, end: string) => ({ weekday, start, end });

describe("a plan's weekly windows", () => {
  it("lay out from Monday 00:00, past midnight when the end is at or before the start", () => {
    expect(weekSpan(w(1, "07:00", "19:00"))).toEqual([420, 1140]);
    expect(weekSpan(w(1, "18:00", "08:00"))).toEqual([1080, 1920]);
    expect(weekSpan(w(7, "00:00", "24:00"))).toEqual([8640, 10080]);
  });

  it("touch without overlapping at a shared end and start, 24/7 included", () => {
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((d) => w(d, "00:00", "24:00"));
    expect(overlappingWindows(allWeek)).toBeNull();
    expect(overlappingWindows([w(1, "07:00", "12:00"), w(1, "12:00", "19:00")])).toBeNull();
  });

  it("overlap within a day, past midnight, and across the week's end", () => {
    expect(overlappingWindows([w(2, "07:00", "12:00"), w(2, "11:59", "19:00")])).not.toBeNull();
    expect(overlappingWindows([w(1, "18:00", "08:00"), w(2, "07:00", "19:00")])).not.toBeNull();
    expect(overlappingWindows([w(7, "22:00", "08:00"), w(1, "07:00", "19:00")])).not.toBeNull();
    expect(overlappingWindows([w(7, "22:00", "07:00"), w(1, "07:00", "19:00")])).toBeNull();
  });
});
