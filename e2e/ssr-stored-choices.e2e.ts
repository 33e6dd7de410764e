import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

// A returning visitor whose language and country were stored before the server's `language` and
// `country` cookies existed (docs/decisions/038-first-paint-in-the-stored-choices.md): the server
// cannot read localStorage, so index.html's first script writes the cookies and, when the page was
// rendered in another language or country, stops it before anything is drawn and asks for it again.

const baseURL = inject("baseURL");
const browser = useBrowser();

const FRENCH_HOME = "Trouvez et réservez un parking en quelques secondes";
const ENGLISH_HOME = "Find and book parking in seconds";

/** What each document of the tab held when its HTML was parsed (DOMContentLoaded), in order. */
interface Parsed {
  lang: string;
  headings: string[];
  flag: string | null;
}

/**
 * Records, for every document the tab loads, its language, its headings and the header's country
 * flag as the server's HTML had them (before any script of the app ran), in sessionStorage (which
 * a reload keeps), and counts the page's document requests.
 */
async function watchFirstPaints(context: BrowserContext, page: Page) {
  await context.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const parsed = JSON.parse(sessionStorage.getItem("parsed") ?? "[]") as unknown[];
      parsed.push({
        lang: document.documentElement.lang,
        headings: [...document.querySelectorAll("h1")].map((h) => h.textContent),
        flag:
          document.querySelector("header img[data-country-flag]")?.getAttribute("data-country-flag") ?? null,
      });
      sessionStorage.setItem("parsed", JSON.stringify(parsed));
    });
  });
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  return {
    documents,
    parsed: async () =>
      JSON.parse((await page.evaluate(() => sessionStorage.getItem("parsed"))) ?? "[]") as Parsed[],
  };
}

const storeFrench = (context: BrowserContext) =>
  context.addInitScript(() => window.localStorage.setItem("language", "fr"));

describe("a language and country stored before the cookies existed", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`the home's first paint is in the stored French and Canada, after one reload, never English (${name})`, async () => {
      // An English browser: without the cookies the server renders English and Nigeria.
      const context = await browser.newContext({ viewport, locale: "en-US" });
      await storeFrench(context);
      const { page, problems } = await watchedPage(context, { country: "CA", countryCookie: false });
      const watch = await watchFirstPaints(context, page);
      await page.goto(baseURL, { waitUntil: "networkidle" });
      await expect.poll(() => page.locator("main h1").textContent()).toBe(FRENCH_HOME);

      const drawn = (await watch.parsed()).filter((p) => p.headings.length > 0);
      // Every document whose content was parsed is the French, Canadian page: the English one was
      // stopped before its body was parsed, so it was never drawn.
      expect(drawn).toEqual([{ lang: "fr", headings: [FRENCH_HOME], flag: "CA" }]);
      expect(JSON.stringify(await watch.parsed())).not.toContain(ENGLISH_HOME);
      // One reload, and none after it.
      expect(watch.documents).toEqual([`${baseURL}/`, `${baseURL}/`]);
      await page.waitForTimeout(1_000);
      expect(watch.documents).toHaveLength(2);
      const cookies = await context.cookies();
      expect(cookies.find((c) => c.name === "language")?.value).toBe("fr");
      expect(cookies.find((c) => c.name === "country")?.value).toBe("CA");
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("a visitor with the cookies gets the page in them at once, with no reload", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: "en-US" });
    await storeFrench(context);
    await context.addCookies([{ name: "language", value: "fr", url: baseURL }]);
    const { page, problems } = await watchedPage(context, { country: "CA" });
    const watch = await watchFirstPaints(context, page);
    await page.goto(`${baseURL}/parks-list`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Parkings\u00a0: Canada" }).waitFor();
    expect(await watch.parsed()).toEqual([{ lang: "fr", headings: ["Parkings\u00a0: Canada"], flag: "CA" }]);
    expect(watch.documents).toEqual([`${baseURL}/parks-list`]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a stored choice the page is already in only writes the cookies, with no reload", async () => {
    // A French browser: the server renders French from Accept-Language, in Nigeria, as stored.
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "fr-FR" });
    await storeFrench(context);
    const { page, problems } = await watchedPage(context, { country: "NG", countryCookie: false });
    const watch = await watchFirstPaints(context, page);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    expect(await watch.parsed()).toEqual([{ lang: "fr", headings: [FRENCH_HOME], flag: "NG" }]);
    expect(watch.documents).toHaveLength(1);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "language")?.value).toBe("fr");
    expect(cookies.find((c) => c.name === "country")?.value).toBe("NG");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a browser that keeps no cookie is not reloaded again and again: the page turns French once hydrated", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: "en-US" });
    await storeFrench(context);
    // Cookies refused: whatever the page writes, document.cookie stays empty.
    await context.addInitScript(() => {
      Object.defineProperty(Document.prototype, "cookie", {
        get: () => "",
        set: () => {},
        configurable: true,
      });
    });
    const { page, problems } = await watchedPage(context, { country: "CA", countryCookie: false });
    const watch = await watchFirstPaints(context, page);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe(FRENCH_HOME);
    await page.waitForTimeout(1_000);
    expect(watch.documents).toEqual([`${baseURL}/`]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
