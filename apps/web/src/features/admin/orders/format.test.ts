import type { AdminOrderLine } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { lineGoods, loc } from "./format";

const money = (amount: number, currency = "NGN") => ({ amount, currency });
const line = (over: Partial<AdminOrderLine>): AdminOrderLine => ({
  position: 0,
  item_id: 1,
  variation_id: null,
  kind: "product",
  name: { en: "Dash cam", fr: "Caméra embarquée" },
  variation_name: null,
  addons: [],
  quantity: 1,
  returned_quantity: 0,
  unit_price: money(0),
  unit_offer: money(0),
  coupon_share: money(0),
  tax_share: money(0),
  line_total: money(0),
  ...over,
});

describe("the orders' helpers", () => {
  it("read a record's text in the language shown, English when the French is empty", () => {
    expect(loc({ en: "Dash cam", fr: "Caméra embarquée" }, "fr")).toBe("Caméra embarquée");
    expect(loc({ en: "Dash cam", fr: "Caméra embarquée" }, "en")).toBe("Dash cam");
    expect(loc({ en: "Dash cam", fr: "" }, "fr")).toBe("Dash cam");
    expect(loc(null, "en")).toBe("");
  });

  it("list a line's goods as its units at the price after the offer, without coupon or tax", () => {
    const l = line({
      quantity: 3,
      unit_price: money(14_000),
      unit_offer: money(1_500),
      coupon_share: money(2_000),
      tax_share: money(900),
    });
    expect(lineGoods(l)).toEqual(money(37_500));
    // Cents stay cents (no 0.1 + 0.2 drift).
    expect(
      lineGoods(line({ quantity: 3, unit_price: money(19.99, "USD"), unit_offer: money(0.1, "USD") })),
    ).toEqual(money(59.67, "USD"));
  });
});
