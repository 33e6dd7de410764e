import { describe, expect, it } from "vitest";
import { lineOfferOf, lineSubtotalOf } from "./line-amounts";

const ngn = (amount: number) => ({ amount, currency: "NGN" });

describe("a cart line's amounts", () => {
  // A ₦68,000 variation with ₦5,000 fitting and ₦1,500 gift wrap, ₦8,000 off per unit, two units:
  // the server's subtotal is ₦149,000 and its offers ₦16,000.
  const line = { unit_price: ngn(74_500), unit_offer: ngn(8_000), quantity: 2 };
  const other = { unit_price: ngn(9.99), unit_offer: ngn(0), quantity: 3 };

  it("shows what each line adds to the subtotal, add-ons included, so the lines sum to it", () => {
    expect(lineSubtotalOf(line)).toEqual(ngn(149_000));
    expect(lineSubtotalOf(other)).toEqual(ngn(29.97));
    const sum = [line, other].reduce((s, l) => s + lineSubtotalOf(l).amount, 0);
    expect(Math.round(sum * 100) / 100).toBe(149_029.97);
  });

  it("shows the line's offer, so the lines' offers sum to the offers row", () => {
    expect(lineOfferOf(line)).toEqual(ngn(16_000));
    expect(lineOfferOf(other)).toEqual(ngn(0));
  });
});
