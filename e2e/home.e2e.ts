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
        monthly_active_users: number | null;
        monthly_bookings: number | null;
        satisfaction_percent: number | null;
      };
      const stats = page.locator(".stats");
      await expect
        .poll(() => stats.locator("dd").first().textContent())
        .toBe(new Intl.NumberFormat("en").format(figures.parks));
      // The activity figures show only when the API states them (enough data), never as a zero.
      const plural = (n: number, one: string, other: string) => (n === 1 ? one : other);
      expect(await stats.locator("dt").allTextContents()).toEqual([
        "car parks you can book",
        "cities",
        "countries",
        ...(figures.monthly_active_users === null
          ? []
          : [
              plural(
                figures.monthly_active_users,
                "active driver in the last 30 days",
                "active drivers in the last 30 days",
              ),
            ]),
        ...(figures.monthly_bookings === null
          ? []
          : [
              plural(figures.monthly_bookings, "booking in the last 30 days", "bookings in the last 30 days"),
            ]),
        ...(figures.satisfaction_percent === null
          ? []
          : ["satisfaction rate (reviews of 4 stars or more, last 12 months)"]),
      ]);
      expect(await page.getByText(/500,000|120,000|98%/).count()).toBe(0);
      // The footer's social links: the seeded DEFAULT row, which the default country inherits.
      const social = page.getByRole("navigation", { name: "Follow Parkwell" });
      await expect.poll(() => social.getByRole("link").count()).toBe(4);
      expect(
        await social
          .getByRole("link")
          .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute("href")])),
      ).toEqual([
        ["Facebook", "https://www.facebook.com/parkwell"],
        ["Instagram", "https://www.instagram.com/parkwell"],
        ["LinkedIn", "https://www.linkedin.com/company/parkwell"],
        ["X (Twitter)", "https://x.com/parkwell"],
      ]);
      // A phone's finger: each link is at least 44 px each way.
      for (const box of await social
        .getByRole("link")
        .evaluateAll((links) => links.map((a) => a.getBoundingClientRect()).map((r) => [r.width, r.height])))
        expect(Math.min(...box)).toBeGreaterThanOrEqual(44);
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
    await expect.poll(() => page.locator(".stats dt").nth(2).textContent()).toBe("pays");
    await expect
      .poll(() => page.getByRole("navigation", { name: "Suivez Parkwell" }).getByRole("link").count())
      .toBe(4);
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
