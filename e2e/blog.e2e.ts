import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

describe("the blog", () => {
  it("in French on a phone: the seeded posts, a category, a search, a post by its slug, and an unknown post", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);

    await page.goto(`${baseURL}/blog`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Le blog Parkwell");
    const titles = () => page.locator(".blog-card__title").allInnerTexts();
    expect(await titles()).toEqual(
      expect.arrayContaining([
        "Se garer à l'aéroport Murtala Muhammed de Lagos",
        "Cinq habitudes pour se garer dans une grande ville américaine",
      ]),
    );
    expect(await page.title()).toBe("Blog | Parkwell");
    expect(
      await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute("href"),
    ).toBe("/api/v1/blog/feed.xml?lang=fr");

    // A category: only its posts.
    await page
      .getByRole("navigation", { name: "Catégories" })
      .getByRole("link", { name: "Aéroports" })
      .click();
    await page.waitForURL(/\/blog\?category=airports$/);
    await expect.poll(titles).not.toContain("Cinq habitudes pour se garer dans une grande ville américaine");
    const shown = await page.locator(".blog-card__category").allInnerTexts();
    expect(shown.length).toBeGreaterThanOrEqual(2);
    expect(new Set(shown.map((c) => c.toLowerCase()))).toEqual(new Set(["aéroports"]));

    // Words, submitted with Enter, within the category.
    await page.getByRole("searchbox", { name: "Rechercher dans le blog" }).fill("Dakar");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/blog\?category=airports&q=Dakar$/);
    await expect.poll(titles).toEqual(["Rejoindre l'aéroport Blaise Diagne en voiture depuis Dakar"]);

    // The post, by its French slug: its French title and body, the body's HTML with no script.
    await page
      .getByRole("link", { name: "Rejoindre l'aéroport Blaise Diagne en voiture depuis Dakar" })
      .click();
    await page.waitForURL(/\/post\/rejoindre-aeroport-blaise-diagne-en-voiture-dakar$/);
    await expect
      .poll(() => page.locator("main h1").textContent())
      .toBe("Rejoindre l'aéroport Blaise Diagne en voiture depuis Dakar");
    const body = page.locator(".blog-body");
    expect(await body.locator("h2").allInnerTexts()).toEqual([
      "Les horaires",
      "Où laisser la voiture",
      "Avant le voyage",
    ]);
    expect(await body.innerText()).toContain("L'autoroute à péage rend le trajet prévisible");
    expect(await body.locator("script").count()).toBe(0);
    expect(await page.title()).toBe("Rejoindre l'aéroport Blaise Diagne en voiture depuis Dakar | Parkwell");
    // One title, the post's French address as asked (its bare path) as canonical, and its BlogPosting data.
    expect(await page.locator("title").count()).toBe(1);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      /\/post\/rejoindre-aeroport-blaise-diagne-en-voiture-dakar$/,
    );
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as {
      "@type": string;
      inLanguage: string;
    };
    expect(data).toMatchObject({ "@type": "BlogPosting", inLanguage: "fr" });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );

    await page.goto(`${baseURL}/post/does-not-exist`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Article introuvable");
    // Chromium logs the expected 404 of the unknown post; nothing else may be logged.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});
