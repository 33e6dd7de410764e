import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CANCELLATION_RULES, refundPercentAt } from "./cancellation";

const start = new Date("2026-03-01T10:00:00Z");
const minutesBefore = (m: number) => new Date(start.getTime() - m * 60_000);

describe("refundPercentAt", () => {
  it("refunds in full up to 1 hour before start, half until start, nothing after", () => {
    expect(refundPercentAt(start, minutesBefore(24 * 60))).toBe(100);
    expect(refundPercentAt(start, minutesBefore(60))).toBe(100);
    expect(refundPercentAt(start, minutesBefore(59))).toBe(50);
    expect(refundPercentAt(start, minutesBefore(0))).toBe(50);
    expect(refundPercentAt(start, minutesBefore(-1))).toBeNull();
  });

  it("never refunds more when cancelling later", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (m, d) => {
        const early = refundPercentAt(start, minutesBefore(m + d)) ?? -1;
        const late = refundPercentAt(start, minutesBefore(m)) ?? -1;
        expect(late).toBeLessThanOrEqual(early);
      }),
    );
  });

  it("keeps its rules ordered and within 0 to 100 percent", () => {
    const thresholds = CANCELLATION_RULES.map((r) => r.minutesBeforeStart);
    expect([...thresholds].sort((a, b) => b - a)).toEqual(thresholds);
    for (const r of CANCELLATION_RULES) expect(r.refundPercent).toBeGreaterThanOrEqual(0);
    for (const r of CANCELLATION_RULES) expect(r.refundPercent).toBeLessThanOrEqual(100);
  });
});
