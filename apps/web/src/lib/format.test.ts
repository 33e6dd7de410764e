import { describe, expect, it } from "vitest";
import { formatMoney } from "./format";

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("shows ₦, $, CA$ and CFA with 0 to 2 fraction digits, whatever the language", () => {
    expect(formatMoney(1500, "NGN", "en")).toBe("₦1,500");
    expect(formatMoney(12.5, "USD", "en")).toBe("$12.50");
    expect(formatMoney(31.5, "CAD", "en")).toBe("CA$31.50");
    expect(formatMoney(82.5, "NGN", "en")).toBe("₦82.50");
    expect(formatMoney(31.999, "CAD", "en")).toBe("CA$32");
    expect(formatMoney(12.345, "USD", "en")).toBe("$12.35");
    expect(formatMoney(9.99, "CAD", "en")).toBe("CA$9.99");
    expect(plain(formatMoney(2500.4, "XOF", "en"))).toBe("2,500 CFA");
    expect(plain(formatMoney(2500, "XOF", "fr"))).toBe("2 500 CFA");
    expect(plain(formatMoney(1500.5, "NGN", "fr"))).toBe("1 500,50 ₦");
  });

  it("puts a minus before the sign for debits", () => {
    expect(formatMoney(-5, "USD", "en")).toBe("-$5");
    expect(plain(formatMoney(-700, "XOF", "fr"))).toBe("-700 CFA");
  });
});
