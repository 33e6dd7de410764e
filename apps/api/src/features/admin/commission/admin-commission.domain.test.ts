import { describe, expect, it } from "vitest";
import {
  choosePeriod,
  effectiveInstant,
  nextPeriodStart,
  settlementPeriodAt,
} from "./admin-commission.domain";

describe("a rate's start", () => {
  it("reads a date as its midnight on the zone's clock, an instant as itself", () => {
    expect(effectiveInstant("2026-12-01", "Africa/Lagos").toISOString()).toBe("2026-11-30T23:00:00.000Z");
    // Summer time in Toronto: UTC-4.
    expect(effectiveInstant("2026-07-01", "America/Toronto").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(effectiveInstant("2026-12-01T10:30:00+01:00", "America/Toronto").toISOString()).toBe(
      "2026-12-01T09:30:00.000Z",
    );
  });
});

describe("the next period", () => {
  it("starts a monthly one on the next first of the month, across a year's end and a clock change", () => {
    expect(nextPeriodStart(new Date("2026-12-31T22:00:00Z"), "monthly", "Africa/Lagos").toISOString()).toBe(
      "2026-12-31T23:00:00.000Z",
    );
    // 23:30 on 31 December in Lagos is already the last day: the next is 1 January.
    expect(nextPeriodStart(new Date("2026-12-31T22:30:00Z"), "monthly", "Africa/Lagos").toISOString()).toBe(
      "2026-12-31T23:00:00.000Z",
    );
    // Toronto's 1 November is in winter time (UTC-5), the day of the change back.
    expect(
      nextPeriodStart(new Date("2026-10-15T12:00:00Z"), "monthly", "America/Toronto").toISOString(),
    ).toBe("2026-11-01T04:00:00.000Z");
  });

  it("starts a weekly one on the next Monday, a week on when it is Monday", () => {
    // Sunday 29 November 2026 in Dakar (UTC): Monday 30.
    expect(nextPeriodStart(new Date("2026-11-29T10:00:00Z"), "weekly", "Africa/Dakar").toISOString()).toBe(
      "2026-11-30T00:00:00.000Z",
    );
    // Monday 30 November: the next Monday, 7 December.
    expect(nextPeriodStart(new Date("2026-11-30T00:00:00Z"), "weekly", "Africa/Dakar").toISOString()).toBe(
      "2026-12-07T00:00:00.000Z",
    );
  });
});

describe("a change of period", () => {
  const now = new Date("2026-11-30T12:00:00Z");
  it("waits for the open period to end; the one in force drops it; once past, it is in force", () => {
    const changed = choosePeriod(
      { current: "monthly", next: null, from: null },
      "weekly",
      now,
      "Africa/Lagos",
    );
    expect(changed).toEqual({ current: "monthly", next: "weekly", from: new Date("2026-11-30T23:00:00Z") });
    expect(settlementPeriodAt(changed, now)).toBe("monthly");
    expect(settlementPeriodAt(changed, new Date("2026-11-30T23:00:00Z"))).toBe("weekly");
    expect(choosePeriod(changed, "monthly", now, "Africa/Lagos")).toEqual({
      current: "monthly",
      next: null,
      from: null,
    });
    // After it took effect, choosing monthly again waits for the weekly period to end (Monday 7 December).
    const later = new Date("2026-12-02T12:00:00Z");
    expect(choosePeriod(changed, "monthly", later, "Africa/Lagos")).toEqual({
      current: "weekly",
      next: "monthly",
      from: new Date("2026-12-06T23:00:00Z"),
    });
  });
});
