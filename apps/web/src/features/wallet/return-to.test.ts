import { describe, expect, it } from "vitest";
import { isCheckoutPath } from "./return-to";

describe("wallet return path", () => {
  it("accepts only this site's checkout paths", () => {
    expect(isCheckoutPath("/checkout/ikeja-mall?start_time=x")).toBe(true);
    expect(isCheckoutPath("//evil.example/checkout/x")).toBe(false);
    expect(isCheckoutPath("/checkout//evil.example")).toBe(false);
    expect(isCheckoutPath("/checkout/\\evil")).toBe(false);
    expect(isCheckoutPath("https://evil.example")).toBe(false);
    expect(isCheckoutPath(null)).toBe(false);
  });
});
