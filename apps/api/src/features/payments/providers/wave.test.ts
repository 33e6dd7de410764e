import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededDecimalsOf } from "../../../test/seeded-countries";
import { fromWaveAmount, toWaveAmount } from "./wave";

describe("Wave amounts", () => {
  it("are whole units: XOF minor units are whole francs", () => {
    expect(toWaveAmount(1_000, seededDecimalsOf("XOF"))).toBe(1_000);
    expect(fromWaveAmount(1_000, seededDecimalsOf("XOF"))).toBe(1_000);
  });

  it("divide a currency with decimals down to whole units, and refuse a fraction", () => {
    expect(toWaveAmount(150_000, 2)).toBe(1_500);
    expect(() => toWaveAmount(150_050, 2)).toThrow(/whole units/);
  });

  it("round-trip", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e8 }), fc.constantFrom(0, 2), (whole, decimals) => {
        const minor = whole * 10 ** decimals;
        expect(fromWaveAmount(toWaveAmount(minor, decimals), decimals)).toBe(minor);
      }),
    );
  });
});
