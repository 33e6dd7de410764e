import { describe, expect, it } from "vitest";
import { MARKET_PAGE_SIZE, parseMarketQuery, toSearchParams } from "./search-params";

describe("the marketplace's query in the URL", () => {
  it("reads what it understands and drops the rest", () => {
    const q = parseMarketQuery(
      new URLSearchParams(
        "search=%20dash%20cam%20&category=car-care&kind=service&on_offer=true&sort=price_asc&page=3",
      ),
    );
    expect(q).toEqual({
      search: "dash cam",
      category: "car-care",
      kind: "service",
      onOffer: true,
      sort: "price_asc",
      page: 3,
      size: MARKET_PAGE_SIZE,
    });
    expect(
      parseMarketQuery(new URLSearchParams("category=Car%20Care!&kind=gift&on_offer=yes&sort=cheap&page=-2")),
    ).toEqual({
      search: undefined,
      category: undefined,
      kind: undefined,
      onOffer: undefined,
      sort: "popular",
      page: 1,
      size: MARKET_PAGE_SIZE,
    });
  });

  it("writes only what differs from the defaults, and reads it back the same", () => {
    expect(toSearchParams(parseMarketQuery(new URLSearchParams(""))).toString()).toBe("");
    const raw = "search=wash&category=wash-valet&kind=service&on_offer=true&sort=newest&page=2";
    expect(toSearchParams(parseMarketQuery(new URLSearchParams(raw))).toString()).toBe(raw);
  });
});
