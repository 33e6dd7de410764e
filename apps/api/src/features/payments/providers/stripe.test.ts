import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededDecimalsOf } from "../../../test/seeded-countries";
import { fromStripeAmount, toStripeAmount } from "./stripe";

describe("Stripe amounts", () => {
  it("are the currency's smallest unit: cents for USD and CAD, whole francs for XOF", () => {
    expect(toStripeAmount("USD", 1_999, seededDecimalsOf("USD"))).toBe(1_999);
    expect(toStripeAmount("CAD", 500, seededDecimalsOf("CAD"))).toBe(500);
    expect(toStripeAmount("XOF", 1_000, seededDecimalsOf("XOF"))).toBe(1_000);
    expect(toStripeAmount("KWD", 1_250, 3)).toBe(1_250);
  });

  it("count ISK and UGX in hundredths although ISO gives them no decimals", () => {
    expect(toStripeAmount("ISK", 500, 0)).toBe(50_000);
    expect(toStripeAmount("ugx", 7, 0)).toBe(700);
    expect(fromStripeAmount("ISK", 50_000, 0)).toBe(500);
  });

  it("round-trip", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e10 }),
        fc.constantFrom(["USD", 2], ["XOF", 0], ["ISK", 0], ["KWD", 3]),
        (minor, [currency, decimals]) => {
          const c = currency as string;
          const d = decimals as number;
          expect(fromStripeAmount(c, toStripeAmount(c, minor, d), d)).toBe(minor);
        },
      ),
    );
  });
});
