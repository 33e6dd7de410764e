// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { FakeApi, renderWithApp } from "../../test/render";
import { PageHead, shortDescription } from "./page-head";
import { PublicOriginProvider } from "./public-origin";
import { ORIGIN } from "./testing/fixtures";

const head = (selector: string) => document.head.querySelector(selector)?.getAttribute("content");
const jsonLdOf = (container: HTMLElement) =>
  [...container.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ""),
  );

describe("PageHead", () => {
  it("puts the title, canonical, alternates and Open Graph tags in <head>, in the language shown", async () => {
    const { container } = await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <PageHead
          title="Parkings : Nigeria"
          description="Comparez les parkings."
          path="/parks-list"
          params={{ search: "Ikeja", page: 2 }}
          image="/media/list.jpg"
          jsonLd={{ "@context": "https://schema.org", "@type": "WebPage", name: "</script><b>x</b>" }}
        />
        <h1>Parkings</h1>
      </PublicOriginProvider>,
      { api: new FakeApi(), route: "/parks-list?search=Ikeja&page=2&lang=fr", language: "fr" },
    );
    expect(document.title).toBe("Parkings : Nigeria | Parkwell");
    expect(document.head.querySelectorAll("title")).toHaveLength(1);
    expect(head('meta[name="description"]')).toBe("Comparez les parkings.");
    const canonical = `${ORIGIN}/parks-list?page=2&search=Ikeja&lang=fr`;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(canonical);
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [
      l.getAttribute("hreflang"),
      l.getAttribute("href"),
    ]);
    expect(alternates).toEqual([
      ["en", `${ORIGIN}/parks-list?page=2&search=Ikeja&lang=en`],
      ["fr", `${ORIGIN}/parks-list?page=2&search=Ikeja&lang=fr`],
      ["x-default", `${ORIGIN}/parks-list?page=2&search=Ikeja`],
    ]);
    expect(head('meta[property="og:title"]')).toBe("Parkings : Nigeria");
    expect(head('meta[property="og:description"]')).toBe("Comparez les parkings.");
    expect(head('meta[property="og:url"]')).toBe(canonical);
    expect(head('meta[property="og:type"]')).toBe("website");
    expect(head('meta[property="og:site_name"]')).toBe("Parkwell");
    expect(head('meta[property="og:locale"]')).toBe("fr_FR");
    expect(head('meta[property="og:locale:alternate"]')).toBe("en_US");
    expect(head('meta[property="og:image"]')).toBe(`${ORIGIN}/media/list.jpg`);
    expect(head('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(head('meta[name="robots"]')).toBeUndefined();
    // The JSON-LD's text cannot end its element: one script, whose JSON reads back whole.
    const scripts = container.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.innerHTML).not.toContain("</script>");
    expect(jsonLdOf(container)).toEqual([
      { "@context": "https://schema.org", "@type": "WebPage", name: "</script><b>x</b>" },
    ]);
  });

  it("names the bare path as its own canonical when the address names no language", async () => {
    await renderWithApp(
      <PublicOriginProvider origin={ORIGIN}>
        <PageHead
          title="Parkings : Nigeria"
          description="Comparez les parkings."
          path="/parks-list"
          params={{ page: 2 }}
        />
        <h1>Parkings</h1>
      </PublicOriginProvider>,
      { api: new FakeApi(), route: "/parks-list?page=2", language: "fr" },
    );
    // The x-default is the address asked: a search engine keeps it beside the two languages' own.
    const canonical = `${ORIGIN}/parks-list?page=2`;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(canonical);
    expect(head('meta[property="og:url"]')).toBe(canonical);
    expect(document.head.querySelector('link[hreflang="x-default"]')?.getAttribute("href")).toBe(canonical);
    expect(head('meta[property="og:locale"]')).toBe("fr_FR");
  });

  it("shortens a long description at a word", () => {
    const long = `${"Parking near the stadium, ".repeat(10)}end`;
    const short = shortDescription(long);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short).toMatch(/stadium…$/);
    expect(shortDescription("  Two\n lines ")).toBe("Two lines");
  });
});
