import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** Map tiles cannot load here (no outside network): the browser logs them as failed resources. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

async function signedIn(
  viewport: { width: number; height: number },
  language: "en" | "fr" = "en",
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const login = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
  const context = await browser.newContext({ viewport });
  await storeSignIn(context, login, language);
  const { page, problems } = await watchedPage(context);
  return { context, page, problems };
}

/** Lagos keeps UTC+1 all year: a wall-clock time there `days` from now, at 18:00. */
const lagosEvening = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T18:00`;
const lagosNight = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T22:30`;

describe("the back office's events", () => {
  it("the demo manager creates an event at one of its parks, sees a too-large allocation refused, then publishes it", async () => {
    const name = `Harbour Cup ${Date.now() % 100000}`;
    const { context, page, problems } = await signedIn(VIEWPORTS.desktop);
    try {
      await page.goto(`${baseURL}/admin/events`);
      await page.getByRole("heading", { level: 1, name: "Events" }).waitFor();
      await page.getByRole("link", { name: "New event" }).click();
      await page.getByRole("heading", { level: 1, name: "New event" }).waitFor();
      await page.getByLabel(/^Name/).fill(name);
      await page.getByLabel("Start (Africa/Lagos time)").fill(lagosEvening(12));
      await page.getByLabel("End (Africa/Lagos time)").fill(lagosNight(12));
      await page.getByLabel("Venue name").fill("Onikan Stadium");
      await page.getByLabel("City").fill("Lagos");
      await page.getByLabel("Address").fill("Awolowo Road");
      const picker = page.getByLabel("Add one of your parks");
      const first = await picker.locator("option").nth(1).getAttribute("value");
      expect(first).toBeTruthy();
      await picker.selectOption(first!);
      await page.getByRole("button", { name: "Add park" }).click();
      // More spaces than any park has: saved as a draft (a draft holds nothing), refused on publish.
      await page.getByLabel(/Car: Flat price \(NGN\)/).fill("3500");
      await page.getByLabel(/Car: Spaces set aside/).fill("99999");
      await page.getByRole("button", { name: "Create draft" }).click();
      await page.getByRole("button", { name: "Publish" }).waitFor();
      expect(page.url()).toMatch(/\/admin\/events\/EV-[2-9A-HJ-NP-Z]{5}$/);

      await page.getByRole("button", { name: "Publish" }).click();
      const dialog = page.getByRole("dialog", { name: "Publish this event?" });
      await dialog.getByRole("button", { name: "Publish" }).click();
      const conflict = page.getByRole("alert").filter({ hasText: "Some allocations do not fit" });
      await conflict.waitFor();
      expect(await conflict.textContent()).toMatch(/99999 asked, \d+ free over the event's window/);

      await page.getByLabel(/Car: Spaces set aside/).fill("5");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
      await page.getByRole("button", { name: "Publish" }).click();
      await page
        .getByRole("dialog", { name: "Publish this event?" })
        .getByRole("button", { name: "Publish" })
        .click();
      await page.getByRole("button", { name: "Cancel event" }).waitFor();
      await page.getByText("Published", { exact: true }).first().waitFor();

      await page.getByRole("link", { name: "Back to events" }).click();
      const row = page.getByRole("row").filter({ hasText: name });
      await row.waitFor();
      expect(await row.textContent()).toContain("Published");
      expect(await row.textContent()).toContain("Onikan Stadium");
      // The browser logs the expected 409 as a failed resource; nothing else went wrong.
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lists events and opens the form in French on a 390 px phone, without sideways scrolling", async () => {
    const { context, page, problems } = await signedIn(VIEWPORTS.phone, "fr");
    try {
      await page.goto(`${baseURL}/admin/events/new`);
      await page.getByRole("heading", { level: 1, name: "Nouvel événement" }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Parkings, prix et places" }).waitFor();
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(await wide()).toBe(false);
      await page.goto(`${baseURL}/admin/events`);
      await page.getByRole("heading", { level: 1, name: "Événements" }).waitFor();
      expect(await wide()).toBe(false);
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
