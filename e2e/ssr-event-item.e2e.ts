import { formatMoney, learnCurrencies } from "@parkwell/contract";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { rootText } from "./support/ssr";

/**
 * The event and marketplace item pages rendered on the server
 * (docs/decisions/036-public-pages-on-the-server.md): whole HTML without JavaScript, real 404s
 * with each page's own not-found text, then hydrated in Chromium without a mismatch.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();
/** The API's answer, its names and descriptions in `language` (as a page in it shows them). */
const api = async <T>(path: string, language: "en" | "fr" = "fr"): Promise<T> =>
  (await (await fetch(`${baseURL}/api/v1${path}`, { headers: { "accept-language": language } })).json()) as T;

interface EventFacts {
  event_code: string;
  name: string;
  venue: { name: string };
  parks: { prices: { price: { amount: number; currency: string } }[] }[];
}
interface ItemFacts {
  id: number;
  name: string;
  offer_price: { amount: number; currency: string };
}

/** A published public event of the demo data, as its page's API gives it (one with a priced park). */
async function anEvent(): Promise<EventFacts> {
  const list = await api<{ items: { event_code: string }[] }>("/events?size=20");
  for (const { event_code } of list.items) {
    const event = await api<EventFacts>(`/events/${event_code}`);
    if (event.parks.some((p) => p.prices.length > 0)) return event;
  }
  throw new Error("No demo event with a priced park");
}

/** The first item a visitor in Nigeria finds. */
async function anItem(): Promise<ItemFacts> {
  const list = await api<{ items: { id: number }[] }>("/marketplace/items?country=NG&size=1");
  return await api<ItemFacts>(`/marketplace/items/${list.items[0]!.id}`);
}

/** Money as the pages write it in French, with the served countries' signs. */
async function frenchMoney(money: { amount: number; currency: string }): Promise<string> {
  learnCurrencies(
    await api<{ currency: string; currency_symbol: string; currency_decimals: number }[]>("/countries"),
  );
  return formatMoney(money.amount, money.currency, "fr").replace(/\s+/g, " ");
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): { "@type": string; name: string }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as { "@type": string; name: string },
  );
}

describe("the event and item pages from the server", () => {
  it("renders an event with its venue, a parking price and its Event data, without JavaScript", async () => {
    const event = await anEvent();
    const res = await fetch(`${baseURL}/event/${event.event_code}?lang=fr`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<html lang="fr"[\s>]/);
    const text = rootText(html);
    expect(text).toContain(event.name);
    expect(text).toContain(event.venue.name);
    // The price the checkout charges: the flat price with the country's fees and tax.
    const price = event.parks.flatMap((p) => p.prices)[0]!.price;
    expect(text).toContain(await frenchMoney(price));
    expect(jsonLd(html)).toEqual([expect.objectContaining({ "@type": "Event", name: event.name })]);
    // A long page is whole in place: no part sent apart for an inline script (the CSP allows none).
    expect(html).not.toMatch(/<template id="B:/);
  });

  it("renders an item with its price and its Product data, without JavaScript", async () => {
    const item = await anItem();
    const res = await fetch(`${baseURL}/marketplace/${item.id}?lang=fr`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = rootText(html);
    expect(text).toContain(item.name);
    expect(text).toContain(await frenchMoney(item.offer_price));
    expect(jsonLd(html)).toEqual([expect.objectContaining({ "@type": "Product", name: item.name })]);
  });

  it("answers 404 with each page's own not-found text", async () => {
    const event = await fetch(`${baseURL}/event/EV-ZZZZZ?lang=fr`);
    expect(event.status).toBe(404);
    expect(rootText(await event.text())).toContain("Événement introuvable");
    // A code that cannot be one is not asked of the API, and is no page either.
    expect((await fetch(`${baseURL}/event/not-a-code!`)).status).toBe(404);
    const item = await fetch(`${baseURL}/marketplace/999999999?lang=fr`);
    expect(item.status).toBe(404);
    expect(rootText(await item.text())).toContain("Article introuvable");
    expect((await fetch(`${baseURL}/marketplace/abc`)).status).toBe(404);
    // The cart's checkout is a signed-in driver's page: the browser renders it.
    const checkout = await (await fetch(`${baseURL}/marketplace/checkout`)).text();
    expect(checkout).not.toContain("parkwell-state");
  });

  it("hydrates the event page without a mismatch, then draws its map", async () => {
    const event = await anEvent();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/event/${event.event_code}?lang=fr`, { waitUntil: "networkidle" });
    expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
    // The map is drawn only once hydrated.
    await page.locator(".events-map").waitFor({ timeout: 15_000 });
    expect(await page.locator("h1").textContent()).toBe(event.name);
    expect(await headCounts(page)).toEqual({
      titles: 1,
      canonical: [`${baseURL}/event/${event.event_code}?lang=fr`],
    });
    // The map asks for tiles this closed network cannot reach.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("hydrates the item page without a mismatch, and its form works", async () => {
    const item = await anItem();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/marketplace/${item.id}?lang=fr`, { waitUntil: "networkidle" });
    expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
    expect(await page.locator("h1").textContent()).toBe(item.name);
    // Hydrated: the quantity's buttons answer.
    await page.getByRole("button", { name: "Un de plus" }).click();
    await expect.poll(() => page.getByLabel("Quantité").inputValue()).toBe("2");
    expect(await headCounts(page)).toEqual({
      titles: 1,
      canonical: [`${baseURL}/marketplace/${item.id}?lang=fr`],
    });
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });
});

/** The text of the page's main, its map's box (drawn only in the browser) left out. */
async function mainText(page: Page): Promise<string> {
  return await page.evaluate(() => {
    for (const map of document.querySelectorAll<HTMLElement>("main .events-layout__map")) map.hidden = true;
    return document.querySelector<HTMLElement>("main")!.innerText;
  });
}

/** The head's titles and canonical links once hydrated: one of each, the server's. */
async function headCounts(page: Page) {
  return await page.evaluate(() => ({
    titles: document.querySelectorAll("title").length,
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute("href")),
  }));
}

describe("a French page from the server and the same page drawn in the browser", () => {
  /**
   * The page's text as the server sent it (a context without JavaScript: the first paint) and as
   * the app draws it when reached from another page (the router's navigation, its own requests),
   * without the map, which only the browser draws: the server's text, once the browser's shows the same.
   */
  async function bothTexts(path: string, width: keyof typeof VIEWPORTS, words: string[]) {
    const cookies = [
      { name: "language", value: "fr", url: baseURL },
      { name: "country", value: "CA", url: baseURL },
    ];
    const still = await browser.newContext({ viewport: VIEWPORTS[width], javaScriptEnabled: false });
    await still.addCookies(cookies);
    const direct = await still.newPage();
    await direct.goto(`${baseURL}${path}`);
    const served = await mainText(direct);
    await still.close();

    const context = await browser.newContext({ viewport: VIEWPORTS[width] });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context, { country: "CA" });
    await context.addCookies(cookies);
    // The plans page is drawn by the browser; from it, the router goes to the page asked for.
    await page.goto(`${baseURL}/subscription-plans`, { waitUntil: "networkidle" });
    const plans = await page.locator("main h1").innerText();
    await page.evaluate((to) => {
      window.history.pushState(null, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, path);
    await expect.poll(() => page.locator("main h1").first().innerText()).not.toBe(plans);
    for (const word of words) await expect.poll(() => page.locator("main").innerText()).toContain(word);
    // The page's last answers may come after its first words: poll for the whole text. (The load
    // state cannot say: it was reached on the first page, and a router's navigation does not reset it.)
    await expect.poll(() => mainText(page), { message: path }).toBe(served);
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
    return served;
  }

  it("shows the marketplace, an item and an event in French, the API's French words on both", async () => {
    const home = await api<{ categories: { name: string }[] }>("/marketplace/home?country=CA");
    const items = await api<{ items: { id: number; name: string }[] }>(
      "/marketplace/items?country=CA&size=1",
    );
    const events = await api<{ items: { event_code: string; name: string }[] }>("/events?country=CA&size=1");
    const event = await api<{ description: string }>(`/events/${events.items[0]!.event_code}`);
    const item = await api<{ name: string; description: string }>(`/marketplace/items/${items.items[0]!.id}`);
    const pages: [string, string[]][] = [
      ["/marketplace", home.categories.map((c) => c.name)],
      [`/marketplace/${items.items[0]!.id}`, [item.name, item.description]],
      [`/event/${events.items[0]!.event_code}`, [events.items[0]!.name, event.description]],
    ];
    for (const [path, words] of pages) {
      const lines = words.map((w) => w.trim().split("\n")[0]!);
      const served = await bothTexts(path, "desktop", lines);
      for (const line of lines) expect(served, `${path} from the server`).toContain(line);
    }
  });
});
