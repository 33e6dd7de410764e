import { describe, expect, it } from "vitest";
import { formatDistance, formatPrice, isoToLocalInput, localInputToIso } from "./format";

describe("formatPrice", () => {
  it("shows the product's currency signs with 0-2 fraction digits", () => {
    expect(formatPrice(1500, "NGN", "en")).toBe("₦1,500");
    expect(formatPrice(12.5, "USD", "en")).toBe("$12.5");
    expect(formatPrice(12.345, "CAD", "en")).toBe("CA$12.35");
    expect(formatPrice(2500.4, "XOF", "en")).toBe("2,500\u00a0CFA");
    expect(formatPrice(1500.5, "NGN", "fr").replace(/\s/g, " ")).toBe("1 500,5 ₦");
  });
  it("formats distances and local date inputs", () => {
    expect(formatDistance(0.42, "en")).toBe("420\u00a0m");
    expect(formatDistance(3.14, "en")).toBe("3.1\u00a0km");
    const iso = localInputToIso("2026-06-01T08:30");
    expect(isoToLocalInput(iso)).toBe("2026-06-01T08:30");
    expect(localInputToIso("")).toBeUndefined();
  });
});
