import { PURCHASE_KINDS, type PurchaseKindName } from "@parkwell/contract";
import { describe, expect, it } from "vitest";
import { CHECKOUT_PATHS, isCheckoutPath } from "./return-to";

/**
 * The checkouts of each kind of purchase that can send a driver to top up: each keeps its choices
 * in the query string, as the booking checkout does.
 */
const CHECKOUTS_OF: Record<PurchaseKindName, readonly string[]> = {
  booking: ["/checkout/ikeja-mall?start_time=x", "/booking/event/EV-7QX2AB?park=3"],
  pass: ["/subscription-plans/12?vehicle_type_id=1&term=3&plate1=LAG1"],
  order: ["/marketplace/checkout"],
  vehicle_docs: ["/vehicle-docs-renewal?vehicle=4&documents=road_worthiness", "/vehicle-docs-renewal"],
};

describe("wallet return path", () => {
  it("accepts only this site's checkout paths", () => {
    expect(isCheckoutPath("/checkout/ikeja-mall?start_time=x")).toBe(true);
    expect(isCheckoutPath("//evil.example/checkout/x")).toBe(false);
    expect(isCheckoutPath("/checkout//evil.example")).toBe(false);
    expect(isCheckoutPath("/checkout/\\evil")).toBe(false);
    expect(isCheckoutPath("https://evil.example")).toBe(false);
    expect(isCheckoutPath(null)).toBe(false);
  });

  it("accepts every checkout that sends a driver to top up, each by its own kind's paths", () => {
    // A kind added to PURCHASE_KIND_FACTS fails here until its checkouts are given (or an empty list).
    for (const kind of PURCHASE_KINDS) {
      expect(CHECKOUT_PATHS[kind], kind).toBeDefined();
      expect(CHECKOUTS_OF[kind], kind).toBeDefined();
      for (const path of CHECKOUTS_OF[kind]) {
        expect(
          CHECKOUT_PATHS[kind].some((checkout) => checkout.test(path)),
          path,
        ).toBe(true);
        expect(isCheckoutPath(path), path).toBe(true);
      }
    }
  });

  it("refuses the pages around them and lookalike paths", () => {
    expect(isCheckoutPath("/subscription-plans")).toBe(false);
    expect(isCheckoutPath("/subscription-plans/12/../../evil")).toBe(false);
    expect(isCheckoutPath("/subscription-plans//evil.example")).toBe(false);
    expect(isCheckoutPath("/vehicle-docs-renewal/requests")).toBe(false);
    expect(isCheckoutPath("/vehicle-docs-renewalx")).toBe(false);
    expect(isCheckoutPath("/marketplace/checkoutx")).toBe(false);
    expect(isCheckoutPath("/booking/event//evil.example")).toBe(false);
  });
});
