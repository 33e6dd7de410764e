import type { Quote } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { placeOrderBlock } from "./place-order";

const money = (amount: number) => ({ amount, currency: "NGN" });
const quote = (changes: Partial<Quote> = {}): Quote => ({
  currency: "NGN",
  lines: [],
  subtotal: money(5_000),
  offer_discount: money(0),
  coupon: null,
  delivery_charge: money(0),
  tax: money(0),
  tax_name: "VAT",
  total: money(5_000),
  orderable: true,
  problems: [],
  ...changes,
});
const refused = {
  code: "WELCOME2000",
  applied: false,
  discount: money(0),
  message: "This coupon needs ₦20,000",
};
const idle = { checking: false, failed: false, placing: false };

describe("placeOrderBlock", () => {
  it("is nothing when the quote can be ordered", () => {
    expect(placeOrderBlock(quote(), idle)).toBeNull();
  });

  it("names the refused coupon", () => {
    expect(placeOrderBlock(quote({ coupon: refused, orderable: false }), idle)).toBe("coupon");
  });

  it("points at the problems shown when something else stops the order", () => {
    const problems = [{ field: "address_id", message: "Choose a delivery address" }];
    expect(placeOrderBlock(quote({ problems, orderable: false }), idle)).toBe("problems");
    expect(placeOrderBlock(quote({ coupon: refused, problems, orderable: false }), idle)).toBe("problems");
  });

  it("says the price is being checked, or could not be, while there is no quote to order", () => {
    expect(placeOrderBlock(undefined, { ...idle, checking: true })).toBe("checking");
    expect(placeOrderBlock(quote(), { ...idle, checking: true })).toBe("checking");
    expect(placeOrderBlock(undefined, { ...idle, failed: true })).toBe("failed");
  });

  it("is nothing while the order is being placed (the button says so)", () => {
    expect(placeOrderBlock(quote(), { ...idle, placing: true })).toBeNull();
  });
});
