import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bpsToPercent, toMajor, toMinor } from "./money";

describe("money conversions", () => {
  it("converts with the currency's decimals", () => {
    expect(toMinor(12.34, 2)).toBe(1234);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(500, 0)).toBe(500);
    expect(toMajor(1234, 2)).toBe(12.34);
    expect(toMajor(500, 0)).toBe(500);
    expect(bpsToPercent(750)).toBe(7.5);
  });

  it("round-trips every amount in minor units", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, 2), (minor, decimals) => {
        expect(toMinor(toMajor(minor, decimals), decimals)).toBe(minor);
      }),
    );
  });
});
