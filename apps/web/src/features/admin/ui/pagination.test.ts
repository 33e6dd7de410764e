import { describe, expect, it } from "vitest";
import {
  pageButtons,
  pageCount,
  PAGE_SIZES,
  readPageParams,
  shownRange,
  writePageParams,
} from "./pagination";

describe("back-office pagination", () => {
  it("offers exactly the six page sizes", () => {
    expect(PAGE_SIZES).toEqual([10, 25, 50, 100, 500, 1000]);
  });

  it("reads page and size from the URL, defaulting what is missing or wrong", () => {
    expect(readPageParams(new URLSearchParams(""))).toEqual({ page: 1, size: 10 });
    expect(readPageParams(new URLSearchParams("page=3&size=50"))).toEqual({ page: 3, size: 50 });
    expect(readPageParams(new URLSearchParams("page=0&size=7"))).toEqual({ page: 1, size: 10 });
    expect(readPageParams(new URLSearchParams("page=2.5&size=abc"))).toEqual({ page: 1, size: 10 });
    expect(readPageParams(new URLSearchParams("page=-4&size=1000"))).toEqual({ page: 1, size: 1000 });
  });

  it("writes page and size, keeping filters and leaving defaults out", () => {
    const search = new URLSearchParams("q=lagos&page=4&size=25");
    expect(writePageParams(search, { page: 5 }).toString()).toBe("q=lagos&page=5&size=25");
    expect(writePageParams(search, { page: 1, size: 10 }).toString()).toBe("q=lagos");
    expect(writePageParams(new URLSearchParams(), { size: 500 }).toString()).toBe("size=500");
    // The input is not changed.
    expect(search.toString()).toBe("q=lagos&page=4&size=25");
  });

  it("counts pages", () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(1001, 1000)).toBe(2);
  });

  it("says which entries a page shows", () => {
    expect(shownRange(1, 10, 45)).toEqual({ from: 1, to: 10 });
    expect(shownRange(2, 10, 45)).toEqual({ from: 11, to: 20 });
    expect(shownRange(5, 10, 45)).toEqual({ from: 41, to: 45 });
    expect(shownRange(1, 25, 7)).toEqual({ from: 1, to: 7 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(shownRange(9, 10, 45)).toEqual({ from: 0, to: 0 });
  });

  it("lists the page buttons with gaps", () => {
    expect(pageButtons(1, 0)).toEqual([]);
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 5)).toEqual([1, 2, "gap", 5]);
    expect(pageButtons(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageButtons(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    // A gap of one page shows the page instead.
    expect(pageButtons(4, 10)).toEqual([1, 2, 3, 4, 5, "gap", 10]);
    expect(pageButtons(10, 10)).toEqual([1, "gap", 9, 10]);
  });
});
