import { describe, expect, it } from "vitest";
import { bpsOfPercent } from "./commission-page";

describe("a commission typed as a percentage", () => {
  it("reads either decimal mark, exact to the basis point", () => {
    expect(bpsOfPercent("15")).toBe(1500);
    expect(bpsOfPercent("12.5")).toBe(1250);
    expect(bpsOfPercent("12,05")).toBe(1205);
    expect(bpsOfPercent(" 0 ")).toBe(0);
    expect(bpsOfPercent("100")).toBe(10_000);
  });

  it("refuses what is not a percentage from 0 to 100 with at most two decimals", () => {
    for (const bad of ["", "150", "100.01", "-1", "1.234", "abc", "1e2", "12,5%"]) {
      expect(bpsOfPercent(bad), bad).toBeNull();
    }
  });
});
