import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

beforeAll(async () => {});
afterAll(async () => {});

describe("home page", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`renders with no console or page errors on ${name}`, async () => {
      const context = await browser.newContext({ viewport });
      const { page, problems } = await watchedPage(context);
      const res = await page.goto(baseURL, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(200);
      await expect.poll(() => page.locator("h1").textContent()).toBe("Find and book parking in seconds");
      expect(await page.locator("footer a[href='/cancellation-policy']").count()).toBe(1);
      // The figures are the database's, not a slogan.
      const figures = (await (await fetch(`${baseURL}/api/v1/parks/front/figures`)).json()) as {
        parks: number;
        cities: number;
      };
      const stats = page.locator(".stats");
      await expect
        .poll(() => stats.locator("dd").first().textContent())
        .toBe(new Intl.NumberFormat("en").format(figures.parks));
      expect(await stats.locator("dt").allTextContents()).toEqual([
        "car parks you can book",
        "cities",
        "countries",
      ]);
      expect(await page.getByText(/500,000|120,000|98%/).count()).toBe(0);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("speaks French when the stored language is fr", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await expect
      .poll(() => page.locator("h1").textContent())
      .toBe("Trouvez et réservez un parking en quelques secondes");
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    await expect.poll(() => page.locator(".stats dt").last().textContent()).toBe("pays");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("searches from the home page into the park list with the query in the URL", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await page.getByLabel("Where do you want to park?").fill("Lagos airport");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/parks-list\?search=Lagos(\+|%20)airport$/);
    await context.close();
  });
});

describe("serving the app", () => {
  it("answers a deep link with the app's index.html", async () => {
    // A page the browser renders (a park's, an event's, an item's and the blog's are rendered on
    // the server: the e2e/ssr-*.e2e.ts files).
    const res = await fetch(`${baseURL}/help`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(await res.text()).toContain('<div id="root">');
  });

  it("serves hashed assets precompressed with a long cache", async () => {
    const html = await (await fetch(baseURL)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const res = await fetch(`${baseURL}${script}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(res.headers.get("content-encoding")).toMatch(/br|gzip/);
  });

  it("answers a missing build file with a 404, not the app", async () => {
    const res = await fetch(`${baseURL}/assets/index-gone.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).not.toMatch(/text\/html/);
  });

  it("keeps unknown API paths as JSON 404s", async () => {
    const res = await fetch(`${baseURL}/api/v1/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });
});
