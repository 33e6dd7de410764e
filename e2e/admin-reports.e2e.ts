import fs from "node:fs";
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

    await page.getByRole("link", { name: "Reports", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: "Sales" }).waitFor();
    await page.getByRole("link", { name: "Bookings report" }).click();
    await page.getByRole("heading", { level: 1, name: "Bookings report" }).waitFor();
    await page
      .getByText(/Showing \d+ to \d+ of \d+ entries|Nothing in this range/)
      .first()
      .waitFor();
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
});
