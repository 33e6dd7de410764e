import { describe, expect, it } from "vitest";
import { listPage, offsetOf, pagesOf } from "./pagination";

describe("pagination", () => {
  it("skips the earlier pages' rows", () => {
    expect(offsetOf({ page: 1, size: 10 })).toBe(0);
    expect(offsetOf({ page: 3, size: 25 })).toBe(50);
  });

  it("counts at least one page, so an empty list still has its page 1", () => {
    expect(pagesOf(0, 10)).toBe(1);
    expect(pagesOf(10, 10)).toBe(1);
    expect(pagesOf(11, 10)).toBe(2);
    expect(pagesOf(24, 10)).toBe(3);
  });

  it("answers the list envelope", () => {
    expect(listPage([], 0, { page: 1, size: 20 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      size: 20,
      pages: 1,
    });
    expect(listPage(["k"], 21, { page: 2, size: 20 })).toEqual({
      items: ["k"],
      total: 21,
      page: 2,
      size: 20,
      pages: 2,
    });
  });
});
