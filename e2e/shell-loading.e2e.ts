import { describe, expect, inject, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/**
 * The loader's timers run on the page's clock, moved by the test rather than waited for (8 s of
 * the suite's time). Under the test clock the context already has one (support/browser.ts).
 */
async function onPageClock(context: BrowserContext): Promise<void> {
  if (!process.env.FAKETIME) await context.clock.install();
}

/** A page the browser renders (the home, lists and information pages come rendered from the server: ssr-lists.e2e.ts). */
const BROWSER_PAGE = `${baseURL}/subscription-plans`;

describe("start-up and navigation", () => {
  it("shows the progress 'Loading Parkwell' capped at 85% until the page is ready", async () => {
    const context = await browser.newContext();
    await onPageClock(context);
    const { page, problems } = await watchedPage(context);
    // Hold the shell's text back so the loader can be observed.
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/common-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(BROWSER_PAGE, { waitUntil: "domcontentloaded" });
    const loader = page.locator("[data-testid='startup-loader']");
    await loader.waitFor();
    await page.clock.runFor(1_500);
    const bar = loader.getByRole("progressbar", { name: "Loading Parkwell" });
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(10);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThanOrEqual(85);
    release();
    await loader.waitFor({ state: "detached" });
    await page.locator("main h1").waitFor();
    // A plan's park photo may ask for what this closed network cannot reach.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("forces the loader off after 8 s even if the page never becomes ready", async () => {
    const context = await browser.newContext();
    await onPageClock(context);
    const { page } = await watchedPage(context);
    await page.route(/\/assets\/common-[^/]+\.js$/, () => new Promise(() => {}));
    await page.goto(BROWSER_PAGE, { waitUntil: "domcontentloaded" });
    const loader = page.locator("[data-testid='startup-loader']");
    await loader.waitFor();
    await page.clock.fastForward(6_500);
    expect(await loader.count()).toBe(1);
    await page.clock.fastForward(2_000);
    await loader.waitFor({ state: "detached", timeout: 3_000 });
    await context.close();
  });

  /** The frame a page opens in: the site's header bar across the top, the page's place below it. */
  async function expectFrame(page: Page, root: string, width: number): Promise<void> {
    const header = (await page.locator(`${root} .header`).boundingBox())!;
    expect(header.y).toBe(0);
    expect(header.width).toBe(width);
    expect(header.height).toBeGreaterThanOrEqual(56);
    expect(header.height).toBeLessThanOrEqual(72);
    expect(await page.locator(`${root} .header`).getByText("Parkwell", { exact: true }).isVisible()).toBe(
      true,
    );
    const skeleton = (await page.locator(`${root} .boot__page`).boundingBox())!;
    expect(skeleton.y).toBeGreaterThanOrEqual(header.y + header.height);
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a deep link to a page the browser renders in the site's frame, not behind a splash (${name})`, async () => {
      const context = await browser.newContext({ viewport });
      const { page, problems } = await watchedPage(context);
      // A slow phone: the app's code held back, then the list page's.
      let releaseApp: () => void = () => {};
      const app = new Promise<void>((r) => (releaseApp = r));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await app;
        await route.continue();
      });
      let releasePage: () => void = () => {};
      const listPage = new Promise<void>((r) => (releasePage = r));
      await page.route(/\/assets\/plans-list-page-[^/]+\.js$/, async (route) => {
        await listPage;
        await route.continue();
      });
      // The held module script holds DOMContentLoaded back too: the page is seen as it paints.
      await page.goto(BROWSER_PAGE, { waitUntil: "commit" });
      // Before any script runs, the HTML's own frame, as first painted: with its stylesheet.
      await page.locator("#root .header").waitFor({ timeout: 10_000 });
      await page.waitForFunction(() =>
        [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/index-")),
      );
      await expectFrame(page, "#root", viewport.width);
      releaseApp();
      // The app running, the page's code still on its way: the same frame, with its progress.
      const loader = page.locator("[data-testid='startup-loader']");
      await loader.waitFor();
      await expectFrame(page, "[data-testid='startup-loader']", viewport.width);
      expect(await loader.getByRole("progressbar", { name: "Loading Parkwell" }).count()).toBe(1);
      // The loader draws the header's look, not a second <header>: it lingers a moment over the page.
      expect(await loader.locator("header").count()).toBe(0);
      releasePage();
      await page.getByRole("heading", { level: 1, name: "Monthly parking in Nigeria" }).waitFor();
      await loader.waitFor({ state: "detached" });
      // A park's photo or a map may ask for what this closed network cannot reach.
      expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
      await context.close();
    });
  }

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
