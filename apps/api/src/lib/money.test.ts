import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { learnCurrencies } from "@parkwell/contract";
import { bpsToPercent, moneyIn, toMajor, toMinor } from "./money";

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

describe("an English sentence's amount in the request's language", () => {
  // The served countries' rows, as ServedCountries teaches them; GHS is a country added as rows.
  learnCurrencies([
    { currency: "NGN", currency_symbol: "₦", currency_decimals: 2 },
    { currency: "CAD", currency_symbol: "CA$", currency_decimals: 2 },
    { currency: "USD", currency_symbol: "$", currency_decimals: 2 },
    { currency: "XOF", currency_symbol: "CFA", currency_decimals: 0 },
    { currency: "GHS", currency_symbol: "GH₵", currency_decimals: 2 },
  ]);

  it("rewrites each served currency's amounts, the fifth country's too", () => {
    expect(moneyIn("₦20,000", "fr")).toBe("20\u202f000\u00a0₦");
    expect(moneyIn("CA$31.50", "fr")).toBe("31,50\u00a0CA$");
    expect(moneyIn("$12", "fr")).toBe("12\u00a0$");
    expect(moneyIn("-1,500\u00a0CFA", "fr")).toBe("-1\u202f500\u00a0CFA");
    expect(moneyIn("GH₵1,250.75", "fr")).toBe("1\u202f250,75\u00a0GH₵");
  });

  it("leaves any other text as it is", () => {
    expect(moneyIn("20,000 naira", "fr")).toBe("20,000 naira");
    expect(moneyIn("€15", "fr")).toBe("€15");
  });
});
