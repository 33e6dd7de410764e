import { describe, expect, it } from "vitest";
import { describeHours, overlappingWindows, weekSpan } from "./plan-hours";

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

describe("a plan's hours in words", () => {
  const days = (from: number, to: number, start: string, end: string) =>
    Array.from({ length: to - from + 1 }, (_, i) => w(from + i, start, end));

  it("say 24/7, weekdays and nights-and-weekends in English and French", () => {
    const always = days(1, 7, "00:00", "24:00");
    expect(describeHours(always)).toBe("24/7");
    expect(describeHours(always, "fr")).toBe("24 h/24, 7 j/7");
    const weekdays = days(1, 5, "07:00", "19:00");
    expect(describeHours(weekdays)).toBe("weekdays 07:00-19:00");
    expect(describeHours(weekdays, "fr")).toBe("en semaine 07:00-19:00");
    const nights = [...days(1, 5, "18:00", "08:00"), ...days(6, 7, "00:00", "24:00")];
    expect(describeHours(nights)).toBe("weekdays 18:00-08:00 and weekends all day");
    expect(describeHours(nights, "fr")).toBe("en semaine 18:00-08:00 et le week-end toute la journée");
  });

  it("name a run of days, or list them, whatever the order given", () => {
    expect(describeHours(days(1, 4, "08:00", "17:00"))).toBe("Mon to Thu 08:00-17:00");
    expect(describeHours([w(3, "09:00", "12:00"), w(1, "09:00", "12:00")])).toBe("Mon, Wed 09:00-12:00");
    expect(describeHours([w(1, "07:00", "12:00"), w(1, "13:00", "19:00")], "fr")).toBe(
      "lun. 07:00-12:00 et lun. 13:00-19:00",
    );
    expect(describeHours(days(1, 7, "06:00", "22:00"))).toBe("every day 06:00-22:00");
  });
});
