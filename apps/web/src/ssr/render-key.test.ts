// The key the API keeps a rendered page under: what the render depends on, and nothing else.
import { describe, expect, it } from "vitest";
import { pageKey } from "./render-key";

const key = (url: string, headers: Record<string, string> = {}) =>
  pageKey(new Request(`http://parkwell.test${url}`, { headers }));

describe("a rendered page's key", () => {
  it("is one for the requests a render answers alike", () => {
    const page = key("/park/lekki", { "accept-language": "fr-FR,fr;q=0.9" });
    expect(key("/park/lekki", { "accept-language": "fr" })).toBe(page);
    expect(key("/park/lekki", { cookie: "language=fr" })).toBe(page);
    expect(key("/park/lekki", { cookie: "other=1; language=fr", "accept-language": "en" })).toBe(page);
    expect(key("/park/lekki")).toBe(key("/park/lekki", { "accept-language": "de, en;q=0.5" }));
  });

  it("differs by address, language and country (absent being one of its own)", () => {
    const keys = [
      key("/park/lekki"),
      key("/park/lekki?lang=fr"),
      key("/park/lekki", { "accept-language": "fr" }),
      key("/park/lekki", { cookie: "country=CA" }),
      key("/park/lekki", { cookie: "country=" }),
      key("/park/lekki", { cookie: "country=CA; language=fr" }),
      key("/park/ikeja"),
      key("/blog?page=2"),
      key("/blog?page=3"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // `?lang=` wins over the cookie, as it does for the render.
    expect(key("/park/lekki?lang=fr", { cookie: "language=en" })).toBe(key("/park/lekki?lang=fr"));
  });

  it("is none for a page showing counts bookings and orders change", () => {
    for (const url of ["/event/EV-ABCDE", "/events", "/marketplace/107", "/marketplace?category=x"]) {
      expect(key(url), url).toBeNull();
    }
    for (const url of ["/park/lekki", "/blog", "/post/un-article", "/eventful", "/marketplaces"]) {
      expect(key(url), url).not.toBeNull();
    }
  });
});
