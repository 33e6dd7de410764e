import { describe, expect, it } from "vitest";
import { addDays, dayOnClock, isoOnClock } from "./zoned-time";

describe("dayOnClock", () => {
  it("is the date on the zone's calendar, whatever the machine's zone", () => {
    const at = new Date("2026-11-26T23:30:00Z");
    expect(dayOnClock(at, "Africa/Lagos")).toBe("2026-11-27");
    expect(dayOnClock(at, "Africa/Dakar")).toBe("2026-11-26");
    expect(dayOnClock(new Date("2026-11-27T04:55:00Z"), "America/Toronto")).toBe("2026-11-26");
  });
});

describe("addDays", () => {
  it("counts whole calendar days across months, years and daylight-saving changes", () => {
    expect(addDays("2026-11-27", -29)).toBe("2026-10-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2027-03-13", 1)).toBe("2027-03-14");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });
});

describe("isoOnClock", () => {
  it("writes the local time with the zone's offset at that instant, and names the same instant", () => {
    const at = new Date("2026-11-26T23:30:05.900Z");
    expect(isoOnClock(at, "Africa/Lagos")).toBe("2026-11-27T00:30:05+01:00");
    expect(isoOnClock(at, "Africa/Dakar")).toBe("2026-11-26T23:30:05+00:00");
    expect(isoOnClock(at, "America/Toronto")).toBe("2026-11-26T18:30:05-05:00");
    // Summer time in Toronto, and a zone with a half-hour offset.
    expect(isoOnClock(new Date("2026-07-01T12:00:00Z"), "America/Toronto")).toBe("2026-07-01T08:00:00-04:00");
    expect(isoOnClock(new Date("2026-07-01T12:00:00Z"), "America/St_Johns")).toBe(
      "2026-07-01T09:30:00-02:30",
    );
    for (const zone of ["Africa/Lagos", "America/Toronto", "America/St_Johns"]) {
      expect(Date.parse(isoOnClock(at, zone))).toBe(Date.parse("2026-11-26T23:30:05Z"));
    }
  });
});
