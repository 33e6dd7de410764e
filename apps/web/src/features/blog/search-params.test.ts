import { describe, expect, it } from "vitest";
import { BLOG_PAGE_SIZE, parseBlogQuery, toSearchParams } from "./search-params";

describe("the blog list's URL", () => {
  it("reads a category, words and a page, and writes them back", () => {
    const query = parseBlogQuery(new URLSearchParams("category=airports&tag=lagos&q=%20gate%20&page=3"));
    expect(query).toEqual({ category: "airports", tag: "lagos", q: "gate", page: 3, size: BLOG_PAGE_SIZE });
    expect(toSearchParams(query).toString()).toBe("category=airports&tag=lagos&q=gate&page=3");
  });

  it("drops what it does not understand: a bad slug, empty words, a page that is not one", () => {
    for (const search of [
      "category=Not%20a%20slug&tag=%20&q=%20%20&page=0",
      "category=&page=1.5",
      "page=-2",
    ]) {
      expect(parseBlogQuery(new URLSearchParams(search))).toEqual({ page: 1, size: BLOG_PAGE_SIZE });
    }
    // The first page is the page without a number.
    expect(toSearchParams({ page: 1, size: BLOG_PAGE_SIZE }).toString()).toBe("");
  });

  it("cuts words to the length the API accepts", () => {
    expect(parseBlogQuery(new URLSearchParams({ q: "a".repeat(150) })).q).toHaveLength(100);
  });
});
