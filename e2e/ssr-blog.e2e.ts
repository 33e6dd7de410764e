import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { rootText } from "./support/ssr";

/**
 * The blog's list and posts rendered on the server (docs/decisions/036-public-pages-on-the-server.md):
 * their HTML as a client without JavaScript gets it, an unknown post a 404 with the blog's
 * not-found page, then hydrated in Chromium without a mismatch or a second head.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();

/** A seeded post written in French (apps/api/src/db/seed/blog.ts). */
const FRENCH_SLUG = "stationnement-aeroport-murtala-muhammed-lagos";

describe("the blog from the server", () => {
  it("sends a post whole in French, with its BlogPosting data, without JavaScript", async () => {
    const post = (await (await fetch(`${baseURL}/api/v1/blog/posts/${FRENCH_SLUG}?lang=fr`)).json()) as {
      title: string;
      language: string;
      share: { title: string };
    };
    expect(post.language).toBe("fr");
    const res = await fetch(`${baseURL}/post/${FRENCH_SLUG}?lang=fr`, {
      headers: { "accept-language": "en" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-language")).toBe("fr");
    const html = await res.text();
    const text = rootText(html);
    expect(text).toContain(post.title);
    // The body (the server's sanitised HTML) and the page's own French words.
    expect(text).toContain("Courte ou longue durée");
    expect(text).toContain("Voir tous les articles");
    const data = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data!)).toMatchObject({
      "@type": "BlogPosting",
      headline: post.share.title,
      inLanguage: "fr",
    });
  });

  it("sends the list in French, with the posts of the page", async () => {
    const list = (await (await fetch(`${baseURL}/api/v1/blog/posts?lang=fr`)).json()) as {
      items: { title: string }[];
    };
    expect(list.items.length).toBeGreaterThan(1);
    const res = await fetch(`${baseURL}/blog?lang=fr`);
    expect(res.status).toBe(200);
    const text = rootText(await res.text());
    for (const item of list.items) expect(text).toContain(item.title);
    // The categories, in French.
    expect(text).toContain("Aéroports");
  });

  it("answers 404 with the blog's not-found page for a post that does not exist", async () => {
    const res = await fetch(`${baseURL}/post/does-not-exist`);
    expect(res.status).toBe(404);
    expect(rootText(await res.text())).toContain("This post does not exist or is not published.");
    // An address the API refuses as no post's (422: blank) is no page either.
    expect((await fetch(`${baseURL}/post/%20`)).status).toBe(404);
    const french = await fetch(`${baseURL}/post/does-not-exist?lang=fr`);
    expect(french.status).toBe(404);
    expect(rootText(await french.text())).toContain("Cet article n'existe pas ou n'est pas publié.");
  });

  it("hydrates a post without a mismatch or a second head", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/post/${FRENCH_SLUG}?lang=fr`, { waitUntil: "networkidle" });
    expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Se garer à l'aéroport Murtala Muhammed de Lagos",
    );
    // The head the server wrote is the one the page keeps: one of each.
    expect(
      await page.evaluate(() => ({
        titles: document.querySelectorAll("title").length,
        canonical: document.querySelectorAll('link[rel="canonical"]').length,
        data: document.querySelectorAll('script[type="application/ld+json"]').length,
      })),
    ).toEqual({ titles: 1, canonical: 1, data: 1 });
    // Hydrated: a link is the router's (no second document).
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.getByRole("link", { name: "Voir tous les articles" }).click();
    await page.waitForURL(`${baseURL}/blog`);
    await page.getByRole("heading", { level: 1, name: "Le blog Parkwell" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("draws a post's lists with their bullets", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    // A seeded post whose body has a list (apps/api/src/db/seed/blog.ts).
    await page.goto(`${baseURL}/post/match-day-parking-teslim-balogun-stadium?lang=en`, {
      waitUntil: "networkidle",
    });
    const items = page.locator(".blog-body ul > li");
    expect(await items.count()).toBeGreaterThan(1);
    expect(await items.first().evaluate((li) => getComputedStyle(li).listStyleType)).toBe("disc");
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("hydrates the list and the not-found page without a mismatch", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/blog?lang=fr&category=airports`, { waitUntil: "networkidle" });
    expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Aéroports" }).getAttribute("aria-current")).toBe("page");
    // The language chosen by ?lang= stays (its cookie).
    const res = await page.goto(`${baseURL}/post/does-not-exist`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(404);
    await page.getByTestId("post-not-found").waitFor();
    await page.getByRole("link", { name: "Voir tous les articles" }).click();
    await page.waitForURL(`${baseURL}/blog`);
    expect(problems.filter((p) => !p.includes("Failed to load resource") && !p.includes("404"))).toEqual([]);
    await context.close();
  });
});
