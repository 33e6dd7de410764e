import { describe, expect, it } from "vitest";
import { checkAmount } from "./amount";

const ngn = { decimals: 2, min: 500, max: 1_000_000 };
const xof = { decimals: 0, min: 500, max: 1_000_000 };

describe("top-up amount (client)", () => {
  it("accepts amounts within the limits, with a decimal point or comma", () => {
    expect(checkAmount("1500", ngn)).toEqual({ ok: true, amount: 1500 });
    expect(checkAmount(" 1500.50 ", ngn)).toEqual({ ok: true, amount: 1500.5 });
    expect(checkAmount("1500,5", ngn)).toEqual({ ok: true, amount: 1500.5 });
    expect(checkAmount("2500", xof)).toEqual({ ok: true, amount: 2500 });
  });

  it("names what is wrong", () => {
    expect(checkAmount("", ngn)).toEqual({ ok: false, error: "required" });
    expect(checkAmount("abc", ngn)).toEqual({ ok: false, error: "invalid" });
    expect(checkAmount("-5", ngn)).toEqual({ ok: false, error: "invalid" });
    expect(checkAmount("0", ngn)).toEqual({ ok: false, error: "invalid" });
    expect(checkAmount("10.123", ngn)).toEqual({ ok: false, error: "decimals" });
    expect(checkAmount("1000.5", xof)).toEqual({ ok: false, error: "whole" });
    expect(checkAmount("499.99", ngn)).toEqual({ ok: false, error: "min" });
    expect(checkAmount("1000000.01", ngn)).toEqual({ ok: false, error: "max" });
  });

  it("reads the language's digit grouping", () => {
    expect(checkAmount("20,000", ngn, "en")).toEqual({ ok: true, amount: 20_000 });
    expect(checkAmount("20,000.50", ngn, "en")).toEqual({ ok: true, amount: 20_000.5 });
    expect(checkAmount("1,000,000", ngn, "en")).toEqual({ ok: true, amount: 1_000_000 });
    expect(checkAmount("20 000", ngn, "fr")).toEqual({ ok: true, amount: 20_000 });
    expect(checkAmount("20\u00a0000,50", ngn, "fr")).toEqual({ ok: true, amount: 20_000.5 });
    expect(checkAmount("20\u202f000", xof, "fr")).toEqual({ ok: true, amount: 20_000 });
    // Not grouping: a comma before one or two digits is a decimal comma; a stray group is refused.
    expect(checkAmount("1500,5", ngn, "en")).toEqual({ ok: true, amount: 1500.5 });
    expect(checkAmount("20,00,000", ngn, "en")).toEqual({ ok: false, error: "invalid" });
    expect(checkAmount("20 00", ngn, "fr")).toEqual({ ok: false, error: "invalid" });
  });
});
