import { describe, expect, it } from "vitest";
import { addressLanguage, pageAddress, pageAlternates, versionAlternates } from "./page-addresses";

describe("a public page's addresses", () => {
  it("keeps the page's parameters in a fixed order, leaves empty ones out, and names the language last", () => {
    expect(
      pageAddress("https://parkwell.test/", "/parks-list", { q: "Ikeja", country: "NG", page: "" }, "fr"),
    ).toBe("https://parkwell.test/parks-list?country=NG&q=Ikeja&lang=fr");
    expect(pageAddress("https://parkwell.test", "park/ikeja-city-mall")).toBe(
      "https://parkwell.test/park/ikeja-city-mall",
    );
  });

  it("drops a language the parameters carry, so the address names one language", () => {
    expect(pageAddress("https://parkwell.test", "/blog", { lang: "fr", category: "events" }, "en")).toBe(
      "https://parkwell.test/blog?category=events&lang=en",
    );
  });

  it("escapes what a parameter holds", () => {
    expect(pageAddress("https://parkwell.test", "/parks-list", { q: "Bell Centre & co" }, "en")).toBe(
      "https://parkwell.test/parks-list?q=Bell%20Centre%20%26%20co&lang=en",
    );
  });

  it("gives the two languages and the bare path as x-default", () => {
    expect(pageAlternates("https://parkwell.test", "/event/BELL-2026", { lang: "fr" })).toEqual([
      { hreflang: "en", href: "https://parkwell.test/event/BELL-2026?lang=en" },
      { hreflang: "fr", href: "https://parkwell.test/event/BELL-2026?lang=fr" },
      { hreflang: "x-default", href: "https://parkwell.test/event/BELL-2026" },
    ]);
  });

  it("reads the language an address names, and nothing else", () => {
    expect(addressLanguage("?lang=fr&q=x")).toBe("fr");
    expect(addressLanguage("country=NG&lang=en")).toBe("en");
    expect(addressLanguage("?lang=de")).toBeNull();
    expect(addressLanguage("")).toBeNull();
  });

  it("gives a page whose path differs per language its versions' own paths, x-default the English one", () => {
    const versions = [
      { language: "fr" as const, path: "/post/se-garer-a-dakar" },
      { language: "en" as const, path: "/post/parking-in-dakar" },
    ];
    expect(versionAlternates("https://parkwell.test", versions)).toEqual([
      { hreflang: "en", href: "https://parkwell.test/post/parking-in-dakar?lang=en" },
      { hreflang: "fr", href: "https://parkwell.test/post/se-garer-a-dakar?lang=fr" },
      { hreflang: "x-default", href: "https://parkwell.test/post/parking-in-dakar" },
    ]);
    expect(versionAlternates("https://parkwell.test", [versions[0]!])).toEqual([
      { hreflang: "fr", href: "https://parkwell.test/post/se-garer-a-dakar?lang=fr" },
      { hreflang: "x-default", href: "https://parkwell.test/post/se-garer-a-dakar" },
    ]);
  });
});
