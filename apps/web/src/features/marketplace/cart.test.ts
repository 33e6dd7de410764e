import { CART_LINE_MAX_QUANTITY, CART_MAX_LINES, CART_STORAGE_KEY } from "@parkwell/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addLine, cartCount, cleanLine, parseCartStore, setLineQuantity, type CartLine } from "./cart";

const line = (
  item_id: number,
  quantity = 1,
  variation_id: number | null = null,
  addon_ids: number[] = [],
) => ({
  item_id,
  variation_id,
  addon_ids,
  quantity,
});

describe("addLine", () => {
  it("merges a line with the same item, variation and add-ons (in any order)", () => {
    const first = addLine([], line(1, 2, 5, [9, 3]));
    expect(first.outcome).toBe("added");
    const second = addLine(first.lines, line(1, 3, 5, [3, 9]));
    expect(second.outcome).toBe("merged");
    expect(second.lines).toEqual([line(1, 5, 5, [3, 9])]);
  });

  it("keeps lines apart when the variation or the add-ons differ", () => {
    let lines: CartLine[] = [];
    for (const l of [line(1, 1, 5), line(1, 1, 6), line(1, 1, 5, [3]), line(1, 1, null)])
      lines = addLine(lines, l).lines;
    expect(lines).toHaveLength(4);
    expect(cartCount(lines)).toBe(4);
  });

  it("caps a line at the most units and says so", () => {
    const { lines } = addLine([], line(1, CART_LINE_MAX_QUANTITY - 1));
    const more = addLine(lines, line(1, 5));
    expect(more.outcome).toBe("capped");
    expect(more.lines[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    expect(addLine(more.lines, line(1, 1))).toEqual({ lines: more.lines, outcome: "line_full" });
  });

  it("refuses a new line in a full cart but still merges into one there", () => {
    const full = Array.from({ length: CART_MAX_LINES }, (_, i) => line(i + 1));
    expect(addLine(full, line(999)).outcome).toBe("cart_full");
    expect(addLine(full, line(1)).outcome).toBe("merged");
  });

  it("refuses a malformed line", () => {
    expect(addLine([], line(0)).outcome).toBe("line_full");
    expect(addLine([], line(1, 1, null, [2, 2])).lines).toEqual([]);
  });
});

describe("setLineQuantity", () => {
  it("sets within the limit and removes at zero", () => {
    const lines = [line(1, 2), line(2, 1)];
    expect(setLineQuantity(lines, 0, 99)[0]!.quantity).toBe(CART_LINE_MAX_QUANTITY);
    expect(setLineQuantity(lines, 0, 0)).toEqual([line(2, 1)]);
    expect(setLineQuantity(lines, 5, 3)).toBe(lines);
  });
});

describe("parseCartStore", () => {
  it("keeps good lines per country and drops the rest", () => {
    const parsed = parseCartStore({
      NG: [line(1, 2), { item_id: "x" }, line(2, 50, 4, [7, 1])],
      ca: [line(3)],
      US: "nope",
      SN: [],
    });
    expect(parsed).toEqual({ NG: [line(1, 2), line(2, CART_LINE_MAX_QUANTITY, 4, [1, 7])] });
    expect(parseCartStore(null)).toEqual({});
    expect(parseCartStore([line(1)])).toEqual({});
    expect(cleanLine({ item_id: 1, quantity: 1, variation_id: -1 })).toBeNull();
  });
});

describe("the stored cart", () => {
  let data: Map<string, string>;
  beforeEach(() => {
    vi.resetModules();
    data = new Map();
    vi.stubGlobal("window", {
      localStorage: {
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => void data.set(k, v),
        removeItem: (k: string) => void data.delete(k),
      },
      addEventListener: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const stored = () => JSON.parse(data.get(CART_STORAGE_KEY) ?? "null") as unknown;

  it("keeps one cart per country under parkwell_cart", async () => {
    const cart = await import("./cart");
    expect(cart.addToCart("NG", line(1, 2))).toBe("added");
    expect(cart.addToCart("NG", line(1, 1))).toBe("merged");
    cart.addToCart("CA", line(7, 1, 2, [4]));
    expect(stored()).toEqual({ NG: [line(1, 3)], CA: [line(7, 1, 2, [4])] });
    expect(cart.getCartLines("NG")).toEqual([line(1, 3)]);
    expect(cart.getCartLines("US")).toEqual([]);
    cart.setCartQuantity("CA", 0, 4);
    cart.removeCartLine("NG", 0);
    expect(stored()).toEqual({ CA: [line(7, 4, 2, [4])] });
  });

  it("reads what an earlier visit stored", async () => {
    data.set(CART_STORAGE_KEY, JSON.stringify({ SN: [line(3, 2)] }));
    const cart = await import("./cart");
    expect(cart.getCartLines("SN")).toEqual([line(3, 2)]);
  });

  it("empties the cart of the country left on a country change, and only that one", async () => {
    const cart = await import("./cart");
    cart.addToCart("NG", line(1));
    cart.addToCart("CA", line(2));
    cart.leaveCountry("NG", "NG");
    expect(cart.getCartLines("NG")).toHaveLength(1);
    cart.leaveCountry("NG", "CA");
    expect(cart.getCartLines("NG")).toEqual([]);
    expect(stored()).toEqual({ CA: [line(2)] });
    cart.leaveCountry("CA", "US");
    expect(data.has(CART_STORAGE_KEY)).toBe(false);
  });
});
