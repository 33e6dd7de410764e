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

  it("accepts every checkout that sends a driver to top up, with its choices", () => {
    // The pass checkout, the vehicle documents' form, an event's parking and the shop's checkout
    // keep their choices in the query string as the booking checkout does.
    expect(isCheckoutPath("/subscription-plans/12?vehicle_type_id=1&term=3&plate1=LAG1")).toBe(true);
    expect(isCheckoutPath("/vehicle-docs-renewal?vehicle=4&documents=road_worthiness")).toBe(true);
    expect(isCheckoutPath("/vehicle-docs-renewal")).toBe(true);
    expect(isCheckoutPath("/booking/event/EV-7QX2AB?park=3")).toBe(true);
    expect(isCheckoutPath("/marketplace/checkout")).toBe(true);
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
