import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("accessibility (axe, WCAG 2.2 AA)", () => {
  // The pages are checked side by side (Vitest's maxConcurrency, five, at a time), each in its own
  // context: much of a page's time is waiting for the network to be idle. Five sharing two busy
  // cores take up to five times one page's time each, hence five times the usual limit.
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it.concurrent.for([
      "/",
      "/about",
      "/help",
      "/offline",
      "/cancellation-policy",
      "/book-demo",
      "/bookings",
      "/search",
      "/events",
      "/private-event-access",
      "/blog",
      "/post/is-a-monthly-parking-pass-worth-it",
    ])(
      `%s has no serious or critical violation on ${name}`,
      { timeout: 300_000 },
      async (route, { expect }) => {
        const context = await browser.newContext({ viewport });
        const { page } = await watchedPage(context);
        await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
        await page.locator("main h1").waitFor();
        await page.locator("[data-testid='startup-loader']").waitFor({ state: "detached" });
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      },
    );
  }

  it("headings step down one level at a time on the parks list, the map and a park's page", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    const list = await (
      await page.request.get(`${baseURL}/api/v1/parks/front/parks/?country=NG&size=1`)
    ).json();
    for (const route of ["/parks-list", "/search", `/park/${list.items[0].slug}`]) {
      await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
      await page.locator("main h1").waitFor({ state: "attached" });
      await page.locator("main h2").first().waitFor({ state: "attached" });
      const results = await new AxeBuilder({ page }).withRules(["heading-order"]).analyze();
      expect(
        results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" "))),
        route,
      ).toEqual([]);
    }
    await context.close();
  });

  it("the country picker, the open menus and the side panel have none either", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context, { country: null });
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /Nigeria/ })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    await page.locator("main h1").waitFor();
    await page.getByRole("button", { name: /Country:/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Language and region/ }).click();
    await page.getByRole("dialog").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it("every form control has a label", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    for (const route of ["/", "/help", "/book-demo"]) {
      await page.goto(`${baseURL}${route}`, { waitUntil: "networkidle" });
      await page.locator("main h1").waitFor();
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>("input, select, textarea")]
          .filter(
            (el) =>
              el.type !== "hidden" && !(el.labels && el.labels.length > 0) && !el.getAttribute("aria-label"),
          )
          .map((el) => el.outerHTML),
      );
      expect(unlabelled, route).toEqual([]);
    }
    await context.close();
  });

  it("every target in the header, footer and pages is at least 24×24 px or inline text", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const context = await browser.newContext({ viewport });
      const { page } = await watchedPage(context);
      await page.goto(`${baseURL}/help`, { waitUntil: "networkidle" });
      await page.locator("main h1").waitFor();
      const small = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary")]
          .filter((el) => el.offsetParent !== null)
          // Links inside a sentence are exempt (WCAG 2.5.8 "inline").
          .filter((el) => !(el.tagName === "A" && getComputedStyle(el).display === "inline"))
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width < 24 || r.height < 24)
          .map(({ el, r }) => `${el.outerHTML.slice(0, 80)} ${r.width}x${r.height}`),
      );
      expect(small).toEqual([]);
      await context.close();
    }
  });
});

describe("the sticky header", () => {
  it("turns sticky after 20 px of scroll and stays at the top", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page } = await watchedPage(context);
    await page.goto(`${baseURL}/terms`, { waitUntil: "networkidle" });
    await page.locator("main h1").waitFor();
    const header = page.locator("header.header");
    expect(await header.getAttribute("data-sticky")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 15));
    await page.waitForTimeout(100);
    expect(await header.getAttribute("data-sticky")).toBe("false");
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => header.getAttribute("data-sticky")).toBe("true");
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    await context.close();
  });

  it("never hides the focused element when tabbing backwards up a long page", async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const context = await browser.newContext({ viewport });
      const { page } = await watchedPage(context);
      await page.goto(`${baseURL}/help`, { waitUntil: "networkidle" });
      await page.locator("main h1").waitFor();
      await page.locator("footer a").last().focus();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Shift+Tab");
        const hidden = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          const header = document.querySelector("header.header");
          if (!el || !header || header.contains(el) || el === document.body) return null;
          const r = el.getBoundingClientRect();
          const h = header.getBoundingClientRect();
          const sticky = header.classList.contains("header--sticky");
          if (!sticky || r.bottom > h.bottom) return null;
          // Above the header's bottom edge: hidden unless it is painted on top (the skip link is).
          const top = document.elementFromPoint(r.left + r.width / 2, Math.max(0, r.top + r.height / 2));
          return top && (top === el || el.contains(top)) ? null : el.outerHTML.slice(0, 80);
        });
        expect(hidden).toBeNull();
      }
      await context.close();
    }
  });
});

describe("the phone's menu with a keyboard", () => {
  it("opened from its button, Tab walks its links in order, and Escape closes it back on the button", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    const menu = page.getByRole("button", { name: "Open menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.closest("#main-nav") ? el.textContent?.trim() : `outside: ${el?.tagName}`;
      });
    // The menu sits below the header's buttons but before them in the page: the focus goes in.
    await expect.poll(focused).toBe("Home");
    const walked = [];
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press("Tab");
      walked.push(await focused());
    }
    expect(walked).toEqual(["Find Parking", "Events", "Marketplace"]);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls")))
      .toBe("main-nav");
    expect(await page.locator("#main-nav").isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });
});
