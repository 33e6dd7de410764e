import { describe, expect, it } from "vitest";
import { instantOnClock, periodContaining, periodFrom, periodText, totalsOf } from "./settlements.domain";

const iso = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

describe("a statement's period on its clock", () => {
  it("is Monday to Monday for a week, the 1st to the 1st for a month, at midnight there", () => {
    // Sunday 29 November 2026, 23:30 in Lagos (UTC+1) is still that week.
    expect(iso(periodContaining(new Date("2026-11-29T22:30:00Z"), "weekly", "Africa/Lagos"))).toEqual([
      "2026-11-22T23:00:00.000Z",
      "2026-11-29T23:00:00.000Z",
    ]);
    expect(iso(periodContaining(new Date("2026-11-29T23:00:00Z"), "weekly", "Africa/Lagos"))).toEqual([
      "2026-11-29T23:00:00.000Z",
      "2026-12-06T23:00:00.000Z",
    ]);
    // 31 December 2026 at 20:00 in Los Angeles (UTC-8) is 1 January in UTC, still December there.
    expect(iso(periodContaining(new Date("2027-01-01T04:00:00Z"), "monthly", "America/Los_Angeles"))).toEqual(
      ["2026-12-01T08:00:00.000Z", "2027-01-01T08:00:00.000Z"],
    );
  });

  it("follows a change of offset: a month across the end of summer time is an hour longer", () => {
    const october = periodContaining(new Date("2026-10-15T12:00:00Z"), "monthly", "America/Toronto");
    expect(iso(october)).toEqual(["2026-10-01T04:00:00.000Z", "2026-11-01T04:00:00.000Z"]);
    const november = periodContaining(new Date("2026-11-15T12:00:00Z"), "monthly", "America/Toronto");
    expect(iso(november)).toEqual(["2026-11-01T04:00:00.000Z", "2026-12-01T05:00:00.000Z"]);
    expect(instantOnClock("2026-03-09T00:00:00", "America/Toronto").toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
  });

  it("continues from the last statement's end when the operator changes its period", () => {
    // Monthly until 1 December (a Tuesday), then weekly: the first week ends on Monday the 7th.
    const start = new Date("2026-11-30T23:00:00Z");
    expect(iso(periodFrom(start, "weekly", "Africa/Lagos"))).toEqual([
      "2026-11-30T23:00:00.000Z",
      "2026-12-06T23:00:00.000Z",
    ]);
    expect(iso(periodFrom(new Date("2026-11-29T23:00:00Z"), "monthly", "Africa/Lagos"))).toEqual([
      "2026-11-29T23:00:00.000Z",
      "2026-11-30T23:00:00.000Z",
    ]);
  });

  it("reads as the month, or the week's days, in the reader's language", () => {
    const month = {
      period: "monthly" as const,
      start: new Date("2026-10-31T23:00:00Z"),
      end: new Date("2026-11-30T23:00:00Z"),
      timeZone: "Africa/Lagos",
    };
    expect(periodText(month, "en")).toBe("November 2026");
    expect(periodText(month, "fr")).toBe("novembre 2026");
    const week = {
      period: "weekly" as const,
      start: new Date("2026-11-22T23:00:00Z"),
      end: new Date("2026-11-29T23:00:00Z"),
      timeZone: "Africa/Lagos",
    };
    expect(periodText(week, "en")).toMatch(/^23\s–\s29 November 2026$/);
  });
});

describe("a statement's totals", () => {
  it("add up to the closing the lines make, drive-up sales collected at the gate apart", () => {
    const t = totalsOf(1_000, [
      { kind: "sale", grossMinor: 10_000, commissionMinor: 1_500, amountMinor: 8_500 },
      { kind: "refund", grossMinor: -4_000, commissionMinor: -600, amountMinor: -3_400 },
      { kind: "drive_up", grossMinor: 2_000, commissionMinor: 300, amountMinor: -300 },
      { kind: "adjustment", grossMinor: 0, commissionMinor: 0, amountMinor: 250 },
      { kind: "payout", grossMinor: 0, commissionMinor: 0, amountMinor: -5_000 },
      { kind: "payout_returned", grossMinor: 0, commissionMinor: 0, amountMinor: 5_000 },
    ]);
    expect(t).toEqual({
      openingMinor: 1_000,
      salesMinor: 12_000,
      refundsMinor: -4_000,
      collectedMinor: 2_000,
      commissionMinor: 1_200,
      adjustmentsMinor: 250,
      payoutsMinor: 0,
      closingMinor: 6_050,
    });
    // The database's settlements_sums check.
    expect(
      t.openingMinor +
        t.salesMinor +
        t.refundsMinor -
        t.collectedMinor -
        t.commissionMinor +
        t.adjustmentsMinor +
        t.payoutsMinor,
    ).toBe(t.closingMinor);
  });
});
