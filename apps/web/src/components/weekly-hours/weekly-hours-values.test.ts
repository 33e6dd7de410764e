import {
  AdminPlanPatchSchema,
  CompanyPolicyBodySchema,
  describeHours,
  overlappingWindows,
  WEEK_MINUTES,
  weekSpan,
} from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import {
  completeWindows,
  hoursOf,
  hoursValues,
  presetOf,
  presetWindows,
  windowValues,
} from "./weekly-hours-values";

const covered = (preset: Parameters<typeof presetWindows>[0]) =>
  presetWindows(preset).reduce((n, w) => n + (weekSpan(w)[1] - weekSpan(w)[0]), 0);

describe("the weekly hours presets", () => {
  it("are valid windows that never overlap, in the words the screens use", () => {
    for (const preset of ["always", "weekdays", "nights_weekends"] as const) {
      const windows = presetWindows(preset);
      expect(AdminPlanPatchSchema.safeParse({ windows }).success).toBe(true);
      expect(overlappingWindows(windows)).toBeNull();
    }
    expect(describeHours(presetWindows("always"))).toBe("24/7");
    expect(describeHours(presetWindows("weekdays"))).toBe("weekdays 07:00-19:00");
    expect(describeHours(presetWindows("weekdays"), "fr")).toBe("en semaine 07:00-19:00");
  });

  it("cover the whole week, weekday daytime, or every night and the weekend without a gap", () => {
    expect(covered("always")).toBe(WEEK_MINUTES);
    expect(covered("weekdays")).toBe(5 * 12 * 60);
    // Friday 18:00 to Monday 08:00 (62 h) and four weekday nights of 14 h.
    expect(covered("nights_weekends")).toBe((62 + 4 * 14) * 60);
    // Monday's early hours are covered (the end of Sunday night), Monday's daytime is not.
    const spans = presetWindows("nights_weekends").map(weekSpan);
    const at = (minute: number) => spans.some(([a, b]) => a <= minute && minute < b);
    expect(at(3 * 60)).toBe(true);
    expect(at(12 * 60)).toBe(false);
    expect(at(4 * 1440 + 19 * 60)).toBe(true);
    expect(at(6 * 1440 + 23 * 60)).toBe(true);
  });

  it("are found again from windows in any order; other windows are custom", () => {
    expect(presetOf([...presetWindows("nights_weekends")].reverse())).toBe("nights_weekends");
    expect(presetOf(presetWindows("always"))).toBe("always");
    expect(presetOf([{ weekday: 1, start: "07:00", end: "19:00" }])).toBe("custom");
    // A preset that is not offered is custom hours.
    expect(presetOf(presetWindows("always"), ["any", "weekdays", "custom"])).toBe("custom");
  });

  it("describes only the rows that are whole windows while they are typed", () => {
    const rows = [...windowValues(presetWindows("weekdays")), { weekday: "6", start: "09:", end: "" }];
    expect(completeWindows(rows)).toEqual(presetWindows("weekdays"));
  });
});

describe("hours that may be any time", () => {
  it("are any time for null, with weekdays' rows to start from, and send null", () => {
    const v = hoursValues(null);
    expect(v).toEqual({ preset: "any", windows: windowValues(presetWindows("weekdays")) });
    expect(hoursOf(v)).toBeNull();
  });

  it("are the windows' preset or custom, and send the rows as windows the policy takes", () => {
    const night = hoursValues(presetWindows("nights_weekends"));
    expect(night.preset).toBe("nights_weekends");
    expect(hoursOf(night)).toEqual(presetWindows("nights_weekends"));
    const own = hoursValues([{ weekday: 6, start: "09:00", end: "13:00" }]);
    expect(own.preset).toBe("custom");
    own.windows[0]!.end = " 14:00 ";
    const hours = hoursOf(own);
    expect(hours).toEqual([{ weekday: 6, start: "09:00", end: "14:00" }]);
    expect(CompanyPolicyBodySchema.shape.hours.safeParse(hours).success).toBe(true);
  });
});
