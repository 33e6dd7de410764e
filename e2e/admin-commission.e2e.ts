import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The browser logs each refused request as a failed resource: the 422 asked for is expected. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

describe("back office: commission", () => {
  it("the demo admin adds an operator's rate from tomorrow with the keyboard; a bad percentage is refused first", async () => {
    const login = await logIn(baseURL, "admin@parkwell.test", "admin-parkwell-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await storeSignIn(context, login, "en");
    const { page, problems } = await watchedPage(context);

    await page.goto(`${baseURL}/admin/dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Commission", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: "Commission" }).waitFor();
    await page.getByLabel("Operator").selectOption({ label: "Harbourview Parking Ltd" });
    await page.getByRole("heading", { name: "Harbourview Parking Ltd: rates now" }).waitFor();
    const current = page.getByRole("region", { name: "Rates now" }).first();
    await current.getByRole("row", { name: /Drive-up sales/ }).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);

    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Add the rate" }) })
      .first();
    await form.getByLabel("Product").selectOption({ label: "Drive-up sales" });
    // Refused in the page: the field says why and takes the focus.
    await form.getByLabel("Commission (%)").fill("150");
    await form.getByLabel("Commission (%)").press("Enter");
    await form.getByText("Enter a percentage from 0 to 100 with at most two decimals").waitFor();
    expect(await form.getByLabel("Commission (%)").evaluate((el) => el === document.activeElement)).toBe(
      true,
    );

    await form.getByLabel("Commission (%)").fill("12.5");
    // The date starts at tomorrow, the earliest allowed: submit with the keyboard from the button.
    await form.getByRole("button", { name: "Add the rate" }).focus();
    await page.keyboard.press("Enter");
    await form.getByRole("status").filter({ hasText: "The rate was added." }).waitFor();

    const history = page.getByRole("region", { name: "History of the rates" });
    const first = history.getByRole("row").nth(1);
    await expect.poll(() => first.textContent()).toContain("12.5");
    expect(await first.textContent()).toContain("Upcoming");
    expect(await first.textContent()).toContain("Drive-up sales");
    expect(await first.textContent()).toContain("This operator");
    // Not in force yet: drive-up sales still pay the country's default today.
    expect(await current.getByRole("row", { name: /Drive-up sales/ }).textContent()).toContain("default");
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("shows a branch manager its operator's rates read-only, at 390 px in French", async () => {
    const login = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await storeSignIn(context, login, "fr");
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/admin/commission`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Commission" }).waitFor();
    await page.getByText("Ce sont les taux de Parkwell sur vos ventes.").waitFor();
    expect(await page.getByRole("button", { name: "Ajouter le taux" }).count()).toBe(0);
    expect(await page.getByLabel("Exploitant").count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await seriousA11yProblems(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
