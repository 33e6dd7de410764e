import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

async function logIn(identifier: string, password: string) {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; user: Record<string, unknown> };
}

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("back office: dashboard and reports", () => {
  it("the demo manager opens the dashboard, a report, and downloads its CSV", async () => {
    const login = await logIn("manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await context.addInitScript(
      ([token, profile]) => {
        window.localStorage.setItem("parkwell_user_token", token);
        window.localStorage.setItem("profile", profile);
        window.localStorage.setItem("language", "en");
      },
      [login.access_token, JSON.stringify(login.user)] as const,
    );
    const { page, problems } = await watchedPage(context);

    await page.goto(`${baseURL}/admin/dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByText("Bookings made today").waitFor();
    await page.getByRole("heading", { name: "The next 24 hours" }).waitFor();
    // Each park's chart is an image with a text alternative.
    expect(await page.locator("svg[role=img] title").count()).toBeGreaterThan(0);
    // The park filter lists the manager's parks by name.
    expect(await page.getByLabel("Park", { exact: true }).locator("option").count()).toBeGreaterThan(1);
    expect(await seriousA11yProblems(page)).toEqual([]);

    await page.getByRole("link", { name: "Reports", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: "Sales" }).waitFor();
    await page.getByRole("link", { name: "Bookings report" }).click();
    await page.getByRole("heading", { level: 1, name: "Bookings report" }).waitFor();
    await page
      .getByText(/Showing \d+ to \d+ of \d+ entries|Nothing in this range/)
      .first()
      .waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    // Transactions are for admins: no tab for a manager.
    expect(await page.getByRole("link", { name: "Transactions" }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^parkwell-bookings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const file = await download.path();
    const text = fs.readFileSync(file, "utf8").replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toBe(
      "Code,Park ID,Park,Vehicle type,Plate,Start,End,Status,Checked in,Checked out,Currency,Total,Paid",
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a 390 px phone, in French", async () => {
    const login = await logIn("manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(
      ([token, profile]) => {
        window.localStorage.setItem("parkwell_user_token", token);
        window.localStorage.setItem("profile", profile);
        window.localStorage.setItem("language", "fr");
      },
      [login.access_token, JSON.stringify(login.user)] as const,
    );
    const { page, problems } = await watchedPage(context);
    for (const [path, heading] of [
      ["/admin/dashboard", "Tableau de bord"],
      ["/admin/reports/occupancy", "Occupation"],
    ] as const) {
      await page.goto(`${baseURL}${path}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
