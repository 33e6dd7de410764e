import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededDecimalsOf } from "../../../test/seeded-countries";
import { fromPaystackAmount, toPaystackAmount } from "./paystack";

describe("Paystack amounts", () => {
  it("are hundredths of the unit: minor units for NGN, a hundredth XOF does not have", () => {
    expect(toPaystackAmount(150_050, seededDecimalsOf("NGN"))).toBe(150_050);
    expect(toPaystackAmount(1_000, seededDecimalsOf("XOF"))).toBe(100_000);
    expect(fromPaystackAmount(100_000, 0)).toBe(1_000);
  });

  it("refuse a currency with more decimals than Paystack counts", () => {
    expect(() => toPaystackAmount(1_000, 3)).toThrow(/3 decimals/);
  });

  it("round-trip", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e10 }), fc.constantFrom(0, 1, 2), (minor, decimals) => {
        expect(fromPaystackAmount(toPaystackAmount(minor, decimals), decimals)).toBe(minor);
      }),
    );
  });
});
