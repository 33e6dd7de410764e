import { describe, expect, it } from "vitest";
import { formatMoney } from "./format";

describe("formatMoney", () => {
  it("uses 0 to 2 fraction digits and the currency's sign", () => {
    expect(formatMoney(1500, "NGN", "en-NG")).toBe("₦1,500");
    expect(formatMoney(12.5, "USD", "en-US")).toBe("$12.5");
    expect(formatMoney(12.345, "USD", "en-US")).toBe("$12.35");
    expect(formatMoney(9.99, "CAD", "en-US")).toBe("CA$9.99");
    expect(formatMoney(2500.4, "XOF", "fr-SN").replace(/\s/g, " ")).toBe("2 500 F CFA");
  });
});
