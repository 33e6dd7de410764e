import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, waitForApp, watchedPage } from "./support/browser";
import { hydrationSeen, rootText, watchHydration } from "./support/ssr";

/**
 * The home, the lists and the information pages rendered on the server
 * (docs/decisions/036-public-pages-on-the-server.md): in the visitor's language and country (the
 * `language` and `country` cookies) before any JavaScript, hydrated without a mismatch or a layout
 * shift, with no country picker for a returning visitor and the picker over the page on a first
 * visit.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();

/** The API's answer, its names and descriptions in `language` (as a page in it shows them). */
const api = async <T>(path: string, language: "en" | "fr" = "fr"): Promise<T> =>
  (await (await fetch(`${baseURL}/api/v1${path}`, { headers: { "accept-language": language } })).json()) as T;

/** A page's HTML as a client without JavaScript gets it, as a returning French visitor in Canada. */
async function serverPage(path: string, cookie = "language=fr; country=CA") {
  const res = await fetch(`${baseURL}${path}`, { headers: { cookie, "accept-language": "en" } });
  const html = await res.text();
  return { status: res.status, html, text: rootText(html) };
}

describe("the lists and information pages from the server", () => {
  it("the home: the visitor's language, the network's figures and their country's next events", async () => {
    const figures = await api<{ parks: number }>("/parks/front/figures");
    const events = await api<{ items: { name: string }[] }>("/events?country=CA&page=1&size=3");
    const { status, html, text } = await serverPage("/");
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="fr"[\s>]/);
    expect(text).toContain("Trouvez et réservez un parking en quelques secondes");
    // The header names the visitor's country before any script runs.
    expect(text).toContain("Pays : Canada");
    expect(text.replace(/\s/g, "")).toContain(figures.parks.toLocaleString("fr-FR").replace(/\s/g, ""));
    expect(events.items.length).toBeGreaterThan(0);
    for (const event of events.items) expect(text).toContain(event.name);
    // The state says which country the page was rendered for, so hydration starts from it.
    const state = /<script type="application\/json" id="parkwell-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toMatchObject({ language: "fr", country: { code: "CA", name: "Canada" } });
  });

  it("/parks-list with its query: the country's parks in its currency, the filters' search kept", async () => {
    const found = await api<{ items: { name: string }[]; total: number }>(
      "/parks/front/parks/?country=CA&search=Montr&page=1&size=10",
    );
    expect(found.total).toBeGreaterThan(0);
    const { status, text } = await serverPage("/parks-list?search=Montr");
    expect(status).toBe(200);
    expect(text).toContain("Parkings : Canada");
    for (const park of found.items) expect(text).toContain(park.name);
    // Canadian dollars as French writes them: "5,75 CA$".
    expect(text).toMatch(/\d+,\d{2} CA\$/);
    // The same address in Senegal: that country's parks, in CFA francs.
    const senegal = await serverPage("/parks-list", "country=SN");
    expect(senegal.text).toContain("Parking in Senegal");
    expect(senegal.text).toMatch(/\d CFA\/h/);
  });

  it("a parking-type page at both its addresses, the events and the marketplace, in the visitor's country", async () => {
    const airports = await api<{ items: { name: string }[] }>(
      "/parks/front/parks/?country=CA&type=airport&page=1&size=10",
    );
    for (const path of ["/airport-parking", "/parking-types/airport-parking"]) {
      const { status, text } = await serverPage(path);
      expect(status, path).toBe(200);
      for (const park of airports.items) expect(text, path).toContain(park.name);
    }
    const events = await api<{ items: { name: string }[] }>("/events?country=CA&page=1&size=12");
    const eventsPage = await serverPage("/events");
    expect(eventsPage.text).toContain("Événements au Canada");
    expect(eventsPage.text).toContain(events.items[0]!.name);
    const items = await api<{ items: { name: string }[] }>("/marketplace/items?country=CA&page=1&size=12");
    const shop = await serverPage("/marketplace");
    expect(shop.text).toContain("Boutique : Canada");
    expect(shop.text).toContain(items.items[0]!.name);
  });

  it("the information pages, the edited ones with the words the company published", async () => {
    const about = await api<{ content: { title: string; lead: string } }>("/pages/about?lang=fr");
    const page = await serverPage("/about");
    expect(page.status).toBe(200);
    expect(page.text).toContain(about.content.title);
    expect(page.text).toContain(about.content.lead);
    const terms = await api<{ content: { title: string } }>("/pages/terms?lang=en");
    expect((await serverPage("/terms", "language=en")).text).toContain(terms.content.title);
    for (const path of [
      "/cancellation-policy",
      "/how-parkwell-works",
      "/careers",
      "/electric-vehicle-charging",
    ]) {
      const { status, html } = await serverPage(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain("data-server-rendered");
      expect(html, path).toMatch(/<main[^>]*>[\s\S]*<h1/);
    }
  });

  it("leaves the account pages to the browser (index.html)", async () => {
    const res = await fetch(`${baseURL}/wallet`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain("parkwell-state");
  });
});

const PAGES = [
  "/",
  "/parks-list?search=Montr",
  "/airport-parking",
  "/events",
  "/marketplace",
  "/about",
  "/terms",
];

describe("the lists and information pages in the browser", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrate for a returning visitor without a mismatch, a shift or the picker (${name})`, async () => {
      const context = await browser.newContext({ viewport });
      await context.addCookies([{ name: "language", value: "fr", url: baseURL }]);
      await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
      const { page, problems } = await watchedPage(context, { country: "CA" });
      await watchHydration(page);
      const documents: string[] = [];
      page.on("request", (req) => {
        if (req.resourceType() === "document") documents.push(req.url());
      });
      for (const path of PAGES) {
        await page.goto(`${baseURL}${path}`, { waitUntil: "networkidle" });
        expect(await page.locator("#root[data-server-rendered]").count(), path).toBe(1);
        const seen = await hydrationSeen(page);
        expect(seen.headingKept, path).toBe(true);
        // What moved, named, when it fails.
        expect(seen.layoutShift, `${path}: ${seen.shifts.join("; ")}`).toBeLessThan(0.01);
        expect(
          await page.evaluate(() => ({
            titles: document.querySelectorAll("title").length,
            canonical: document.querySelectorAll('link[rel="canonical"]').length,
            picker: document.querySelector("dialog.picker[open]") !== null,
            loader: document.querySelector('[data-testid="startup-loader"]') !== null,
          })),
          path,
        ).toEqual({ titles: 1, canonical: 1, picker: false, loader: false });
        // The header names the visitor's country, hydrated as rendered.
        expect(await page.getByRole("banner").textContent(), path).toContain("Canada");
      }
      expect(documents).toHaveLength(PAGES.length);
      // After hydration a link is the router's: no new document.
      await page.goto(`${baseURL}/`, { waitUntil: "networkidle" });
      // Before hydration the link is the server's and its click a new document, as it should be.
      await waitForApp(page);
      await page
        .locator("main")
        .getByRole("link", { name: /aéroport/i })
        .first()
        .click();
      await page.waitForURL(`${baseURL}/airport-parking`);
      expect(documents).toHaveLength(PAGES.length + 1);
      // The map asks for tiles this closed network cannot reach.
      expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
      await context.close();
    });
  }

  it("a first visit gets the home in the default country with the picker over it; the choice is kept for the server", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context, { country: null, ipCountry: "CA" });
    const res = await page.goto(baseURL, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(200);
    expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
    const picker = page.getByRole("dialog", { name: "Choose your country or region" });
    await picker.waitFor();
    // The page is under it, rendered: the home's heading is there.
    expect(await page.locator("main h1").textContent()).toBe("Find and book parking in seconds");
    await Promise.all([page.waitForEvent("load"), picker.getByRole("button", { name: /Canada/ }).click()]);
    await page.waitForLoadState("networkidle");
    expect((await context.cookies()).find((c) => c.name === "country")?.value).toBe("CA");
    // The reload was rendered for Canada.
    const state = await page.locator("#parkwell-state").textContent();
    expect(JSON.parse(state!)).toMatchObject({ country: { code: "CA" } });
    expect(problems).toEqual([]);
    await context.close();
  });

  it("writes the cookie for a country stored before it existed, and shows it once hydrated", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context, { country: "SN", countryCookie: false });
    await page.goto(`${baseURL}/parks-list`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Parking in Senegal" }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "country")?.value).toBe("SN");
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});
