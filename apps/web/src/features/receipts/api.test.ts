import { describe, expect, it } from "vitest";
import { purchasePath } from "./api";

describe("a receipt's purchase page", () => {
  it("opens the purchase of each kind that has a page, its code escaped", () => {
    expect(purchasePath("booking", "PW-AB12")).toBe("/booking-details/PW-AB12");
    for (const kind of ["event_booking", "extension", "renewal", "overstay"] as const) {
      expect(purchasePath(kind, "PW-AB12")).toBe("/booking-details/PW-AB12");
    }
    expect(purchasePath("order", "MK-1")).toBe("/orders/MK-1");
    expect(purchasePath("pass", "MP-1")).toBe("/passes/MP-1");
    expect(purchasePath("vehicle_docs", "VD-7Q2")).toBe("/vehicle-docs-renewal/requests/VD-7Q2");
    expect(purchasePath("order", "a/b")).toBe("/orders/a%2Fb");
  });

  it("opens the purchase its code names when a kind's receipt is another's (a pass visit's overstay)", () => {
    expect(purchasePath("overstay", "MP-3XK7QA")).toBe("/passes/MP-3XK7QA");
    expect(purchasePath("overstay", "PW-AB12CD34")).toBe("/booking-details/PW-AB12CD34");
  });

  it("has none for a top-up, nor for a credit note on its own", () => {
    expect(purchasePath("topup", "PW-1")).toBeNull();
    expect(purchasePath("credit_note", "CN-1")).toBeNull();
  });
});
