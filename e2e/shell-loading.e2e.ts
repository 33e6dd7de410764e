import { describe, expect, inject, it } from "vitest";
import { useBrowser, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

describe("start-up and navigation", () => {
  it("shows 'Loading Parkwell' with progress capped at 85% until the page is ready", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    // Hold the shell's text back so the loader can be observed.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/common-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(baseURL, { waitUntil: "domcontentloaded" });
    const loader = page.locator("[data-testid='startup-loader']");
    await loader.waitFor();
    expect(await loader.textContent()).toContain("Loading Parkwell");
    await page.waitForTimeout(1_500);
    const bar = loader.getByRole("progressbar");
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(10);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThanOrEqual(85);
    release();
    await loader.waitFor({ state: "detached" });
    await page.locator("main h1").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("forces the loader off after 8 s even if the page never becomes ready", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.route(/\/assets\/common-[^/]+\.js$/, () => new Promise(() => {}));
    await page.goto(baseURL, { waitUntil: "domcontentloaded" });
    const loader = page.locator("[data-testid='startup-loader']");
    await loader.waitFor();
    await page.waitForTimeout(6_500);
    expect(await loader.count()).toBe(1);
    await loader.waitFor({ state: "detached", timeout: 3_000 });
    await context.close();
  });

  it("scrolls to the top on route change", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator("footer a[href='/about']").click();
    await page.waitForURL(`${baseURL}/about`);
    await page.locator("main h1").waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe("errors", () => {
  it("a page whose code fails to download retries by reloading, then offers Go Home", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.route(/\/assets\/info-page-[^/]+\.js$/, (route) => route.abort("connectionreset"));
    let loads = 0;
    page.on("load", () => loads++);
    await page.goto(`${baseURL}/about`);
    // Two automatic retries (full reloads), then the manual screen with Go Home.
    await page.getByRole("heading", { name: "Loading Error" }).waitFor({ timeout: 20_000 });
    expect(loads).toBe(3);
    expect(await page.getByRole("link", { name: "Go Home" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(1);

    await page.unroute(/\/assets\/info-page-[^/]+\.js$/);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.locator("main h1").textContent()).toBe("About Parkwell");
    await context.close();
  });
});
