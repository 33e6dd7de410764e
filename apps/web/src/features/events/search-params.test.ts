import { describe, expect, it } from "vitest";
import { parseEventQuery, toSearchParams } from "./search-params";

describe("the events list's URL", () => {
  it("round-trips search, category, dates and page", () => {
    const params = new URLSearchParams("search=jazz&category=concert&from=2026-12-01&to=2026-12-31&page=2");
    const q = parseEventQuery(params);
    expect(q).toMatchObject({
      search: "jazz",
      category: "concert",
      from: "2026-12-01",
      to: "2026-12-31",
      page: 2,
    });
    expect(toSearchParams(q).toString()).toBe(params.toString());
  });

  it("drops what it does not understand", () => {
    const q = parseEventQuery(new URLSearchParams("category=opera&from=tomorrow&to=2026-13-45&page=-3"));
    expect(q).toMatchObject({ category: undefined, from: undefined, to: undefined, page: 1 });
    expect(toSearchParams(q).toString()).toBe("");
  });

  it("drops an end before the start", () => {
    expect(parseEventQuery(new URLSearchParams("from=2026-12-10&to=2026-12-01")).to).toBeUndefined();
  });
});
