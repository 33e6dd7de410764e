import { describe, expect, it } from "vitest";
import { addDays, dayOnClock } from "./zoned-time";

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
