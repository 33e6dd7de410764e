import { describe, expect, it } from "vitest";
import { listParams, readFilters } from "./use-url-filters";

describe("a list's filters in the URL", () => {
  it("reads every key, empty when the URL does not set it", () => {
    const search = new URLSearchParams("search=LAG&page=3&other=x");
    expect(readFilters(search, ["search", "status"] as const)).toEqual({ search: "LAG", status: "" });
  });

  it("asks the API for the page, the size and the filters that are set", () => {
    expect(listParams({ search: "PW-7K 3", status: "", from: "2026-11-01" }, 2, 50)).toBe(
      "page=2&size=50&search=PW-7K+3&from=2026-11-01",
    );
    expect(listParams({}, 1, 10)).toBe("page=1&size=10");
  });
});
