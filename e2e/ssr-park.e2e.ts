import { formatMoney, learnCurrencies } from "@parkwell/contract";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { hydrationSeen, rootText, watchHydration } from "./support/ssr";

/**
 * The park page rendered on the server (docs/decisions/036-public-pages-on-the-server.md): its
 * HTML as a client without JavaScript gets it, in the language asked for, with real statuses;
 * then hydrated in Chromium without a mismatch, a layout shift or a second document.
 */
const baseURL = inject("baseURL");
const browser = useBrowser();

interface ParkFacts {
  id: number;
  slug: string;
  park_code: string;
  name: string;
  address: string;
  price_from: { hourly: number; currency: string };
}

/** The first park a visitor in Nigeria finds, as the API gives it. */
async function aPark(): Promise<ParkFacts> {
  const list = (await (await fetch(`${baseURL}/api/v1/parks/front/parks/?country=NG&size=1`)).json()) as {
    items: { slug: string }[];
  };
  const slug = list.items[0]!.slug;
  return (await (await fetch(`${baseURL}/api/v1/front/parks/${slug}`)).json()) as ParkFacts;
}

/** A park the demo manager adds, then deactivates: its slug. */
async function aDeactivatedPark(): Promise<string> {
  const login = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: "manager@parkwell.test", password: "manage-parks-2026" }),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const created = await fetch(`${baseURL}/api/v1/admin/parks`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      name: `Closed Quay Deck ${Date.now() % 100000}`,
      type: "city",
      country: "NG",
      state_id: null,
      city: "Lagos",
      address: "3 Marina Road",
      lat: 6.4512,
      lng: 3.3901,
      time_zone: "Africa/Lagos",
      open_24h: true,
      overnight_stays: false,
      amenities: [],
      max_height_cm: null,
      text_language: "en",
      texts: { en: { description: "A deck by the quay.", entry_instructions: "Enter from the quay." } },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const park = (await created.json()) as { id: number; slug: string };
  const off = await fetch(`${baseURL}/api/v1/admin/parks/${park.id}`, {
    method: "PATCH",
    headers,
    body: JSON.stringify({ status: "inactive" }),
  });
  expect(off.status).toBe(200);
  return park.slug;
}

describe("the park page from the server", () => {
  it("lists a park's EV chargers in the HTML, with their prices, in French (decision 045)", async () => {
    const list = (await (
      await fetch(`${baseURL}/api/v1/parks/front/parks/?country=NG&connector=ccs2&size=1`)
    ).json()) as { items: { slug: string }[] };
    const slug = list.items[0]!.slug;
    const park = (await (await fetch(`${baseURL}/api/v1/front/parks/${slug}`)).json()) as {
      chargers: { connector: string }[];
    };
    expect(park.chargers.map((c) => c.connector)).toContain("ccs2");
    const text = rootText(await (await fetch(`${baseURL}/park/${slug}?lang=fr`)).text());
    expect(text).toContain("Recharge électrique");
    expect(text).toMatch(/CCS2 · \d+(,\d)?\skW/u);
    expect(text).toMatch(/le kWh/);
    // A Nigerian park's groups are priced per kWh: paid at the park (decision 048).
    expect(text).toContain("La recharge à une borne au prix par kWh se paie au parking");
  });

  it("is whole HTML in the language asked for (?lang=fr sets the cookie), without JavaScript", async () => {
    const park = await aPark();
    const res = await fetch(`${baseURL}/park/${park.slug}?lang=fr`, { headers: { "accept-language": "en" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("set-cookie")).toMatch(/^language=fr; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    const html = await res.text();
    expect(html).toMatch(/<html lang="fr"[\s>]/);
    const text = rootText(html);
    expect(text).toContain(park.name);
    expect(text).toContain(park.address);
    // The car's hourly rate as French writes naira: "350 ₦".
    expect(text).toMatch(new RegExp(`${park.price_from.hourly}\\s₦`, "u"));
    // The page's own words in French (the rates' heading), not only the park's data.
    expect(text).toContain("Tarifs");
    // The state the browser hydrates from: `<` never appears raw inside the JSON script.
    const state = /<script type="application\/json" id="parkwell-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(state).toBeDefined();
    expect(state).not.toContain("<");
    expect((JSON.parse(state!) as { language: string }).language).toBe("fr");
    // The start-up frame is not in a rendered page.
    expect(html).not.toContain('class="boot"');
  });

  it("without JavaScript shows its prices and a link to book, and no spinner that never stops", async () => {
    const park = await aPark();
    learnCurrencies(
      (await (await fetch(`${baseURL}/api/v1/countries`)).json()) as {
        currency: string;
        currency_symbol: string;
        currency_decimals: number;
      }[],
    );
    for (const [language, book] of [
      ["en", "Book a space"],
      ["fr", "Réserver une place"],
    ] as const) {
      const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${baseURL}/park/${park.slug}?lang=${language}`);
      expect(await page.locator(".spinner").count(), language).toBe(0);
      const link = page.getByRole("link", { name: book });
      expect(await link.getAttribute("href"), language).toBe(`/checkout/${park.slug}`);
      // The hourly price it starts from, beside the link.
      const from = formatMoney(park.price_from.hourly, park.price_from.currency, language);
      const side = (await page.locator(".park-page__side").innerText()).replace(/\s+/g, " ");
      expect(side, language).toContain(from.replace(/\s+/g, " "));
      await context.close();
    }
  });

  it("follows the language cookie, then Accept-Language, else English", async () => {
    const park = await aPark();
    const page = async (headers: Record<string, string>) =>
      rootText(await (await fetch(`${baseURL}/park/${park.slug}`, { headers })).text());
    expect(await page({ cookie: "language=fr", "accept-language": "en-GB,en" })).toContain("Tarifs");
    expect(await page({ "accept-language": "de-DE, fr;q=0.8, en;q=0.5" })).toContain("Tarifs");
    expect(await page({ "accept-language": "de-DE" })).toContain("Rates");
    expect(await page({})).toContain("Rates");
  });

  it("is kept by the server: the same bytes again, with the cookie ?lang= sets, and 304 to a browser that has it", async () => {
    const park = await aPark();
    const url = `${baseURL}/park/${park.slug}?lang=fr`;
    const first = await fetch(url);
    const again = await fetch(url, { headers: { "accept-language": "de" } });
    expect(again.status).toBe(200);
    expect(again.headers.get("set-cookie")).toMatch(/^language=fr; /);
    expect(again.headers.get("cache-control")).toBe("no-cache");
    expect(again.headers.get("etag")).toMatch(/^W\/"[\w-]+"$/);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(await again.text()).toBe(await first.text());
    const revalidated = await fetch(url, { headers: { "if-none-match": first.headers.get("etag")! } });
    expect(revalidated.status).toBe(304);
    // Another language is another page.
    const english = await fetch(`${baseURL}/park/${park.slug}?lang=en`);
    expect(english.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("answers 404 with the not-found page for a park that does not exist", async () => {
    const res = await fetch(`${baseURL}/park/no-such-park-anywhere`);
    // An address the API refuses as no park's (422) is no page either.
    expect((await fetch(`${baseURL}/park/undefined`)).status).toBe(404);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(rootText(await res.text())).toContain("Page not found");
    const french = await fetch(`${baseURL}/park/no-such-park-anywhere?lang=fr`);
    expect(french.status).toBe(404);
    expect(rootText(await french.text())).toContain("Page introuvable");
  });

  it("answers 301 to the park's slug when asked by its code, its id or another spelling, the query kept", async () => {
    const park = await aPark();
    for (const ref of [
      park.park_code,
      park.park_code.toLowerCase(),
      String(park.id),
      park.slug.toUpperCase(),
    ]) {
      const res = await fetch(`${baseURL}/park/${ref}?lang=fr&vehicle_type_id=2`, { redirect: "manual" });
      expect(res.status, ref).toBe(301);
      const to = new URL(res.headers.get("location") ?? "", baseURL);
      expect(`${to.pathname}${to.search}`, ref).toBe(`/park/${park.slug}?lang=fr&vehicle_type_id=2`);
    }
    // Followed, it is the page, in the language asked for.
    const page = await fetch(`${baseURL}/park/${park.park_code}?lang=fr`);
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${baseURL}/park/${park.slug}?lang=fr`);
    expect(rootText(await page.text())).toContain("Tarifs");
  });

  it("answers 410 with its own page for a deactivated park, by any of its references", async () => {
    const slug = await aDeactivatedPark();
    const res = await fetch(`${baseURL}/park/${slug}`);
    expect(res.status).toBe(410);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const text = rootText(await res.text());
    expect(text).toContain("This car park is no longer on Parkwell");
    expect(text).not.toContain("Page not found");
    const french = await fetch(`${baseURL}/park/${slug.toUpperCase()}?lang=fr`, { redirect: "manual" });
    expect(french.status).toBe(410);
    expect(rootText(await french.text())).toContain("Ce parking n’est plus sur Parkwell");
  });

  it("leaves the account pages to the browser (index.html)", async () => {
    const res = await fetch(`${baseURL}/bookings`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain("parkwell-state");
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates without a mismatch or a layout shift, then navigates in the page (${name})`, async () => {
      const park = await aPark();
      const context = await browser.newContext({ viewport });
      const { page, problems } = await watchedPage(context);
      const documents: string[] = [];
      page.on("request", (req) => {
        if (req.resourceType() === "document") documents.push(req.url());
      });
      await watchHydration(page);
      await page.goto(`${baseURL}/park/${park.slug}?lang=fr`, { waitUntil: "networkidle" });
      // Hydrated: the booking window is drawn only in the browser, after hydration.
      await page.getByTestId("window-total").waitFor({ timeout: 15_000 });
      expect(await page.locator("h1").textContent()).toBe(park.name);
      // The page came rendered (not index.html with the browser rendering it).
      expect(await page.locator("#root[data-server-rendered]").count()).toBe(1);
      const seen = await hydrationSeen(page);
      expect(seen.headingKept).toBe(true);
      expect(await page.getByTestId("startup-loader").count()).toBe(0);
      // The head the server wrote is the one the page keeps: one of each, on the public address.
      expect(
        await page.evaluate(() => ({
          titles: document.querySelectorAll("title").length,
          canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) =>
            l.getAttribute("href"),
          ),
          alternates: document.querySelectorAll("link[hreflang]").length,
          data: document.querySelectorAll('script[type="application/ld+json"]').length,
        })),
      ).toEqual({ titles: 1, canonical: [`${baseURL}/park/${park.slug}?lang=fr`], alternates: 3, data: 1 });
      // ?lang= is stored as the language menu stores it.
      expect(await page.evaluate(() => window.localStorage.getItem("language"))).toBe("fr");
      expect((await context.cookies()).find((c) => c.name === "language")?.value).toBe("fr");
      const { layoutShift, shifts } = await hydrationSeen(page);
      expect(layoutShift, shifts.join("; ")).toBeLessThan(0.01);
      // A link after hydration is the router's: no second document.
      await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
      await page.getByRole("navigation", { name: "Fil d’Ariane" }).getByRole("link").click();
      await page.waitForURL(`${baseURL}/parks-list`);
      await page.locator("main h1").waitFor();
      expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
      expect(documents).toHaveLength(1);
      // The park's map asks for tiles this closed network cannot reach.
      expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
      await context.close();
    });
  }

  it("asks again for a page rendered in another language than one stored before the cookie existed, with the cookie written", async () => {
    const park = await aPark();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    const res = await page.goto(`${baseURL}/park/${park.slug}`, { waitUntil: "networkidle" });
    // The server had only Accept-Language (English); index.html's first script wrote the cookie and
    // asked for the page again, in French (decision 038; e2e/ssr-stored-choices.e2e.ts watches the paint).
    expect(res?.headers()["content-language"]).toBe("en");
    expect(await page.evaluate(() => performance.getEntriesByType("navigation")[0]?.toJSON().type)).toBe(
      "reload",
    );
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    await page.getByRole("heading", { level: 2, name: "Tarifs" }).waitFor();
    expect((await context.cookies()).find((c) => c.name === "language")?.value).toBe("fr");
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("hydrates a deactivated park's page without a mismatch", async () => {
    const slug = await aDeactivatedPark();
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    const res = await page.goto(`${baseURL}/park/${slug}?lang=fr`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(410);
    expect(await page.locator("main h1").textContent()).toBe("Ce parking n’est plus sur Parkwell");
    await page.getByRole("link", { name: "Voir tous les parkings" }).click();
    await page.waitForURL(`${baseURL}/parks-list`);
    expect(problems.filter((p) => !p.includes("Failed to load resource") && !p.includes("410"))).toEqual([]);
    await context.close();
  });

  it("hydrates the 404 page without a mismatch", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    const res = await page.goto(`${baseURL}/park/no-such-park-anywhere`, { waitUntil: "networkidle" });
    expect(res?.status()).toBe(404);
    expect(await page.locator("main h1").textContent()).toBe("Page not found");
    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(problems.filter((p) => !p.includes("Failed to load resource") && !p.includes("404"))).toEqual([]);
    await context.close();
  });
});
