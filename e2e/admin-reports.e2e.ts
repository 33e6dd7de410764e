import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { addDays } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, demoTopUp, logIn, twentyFourHourPark, quarterHoursAhead } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

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

describe("back office: dashboard and reports", () => {
  it("the demo manager opens the dashboard, a report, and downloads its CSV", async () => {
    const login = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    await storeSignIn(context, login, "en");
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
    const login = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await storeSignIn(context, login, "fr");
    const { page, problems } = await watchedPage(context);
    for (const [path, heading] of [
      ["/admin/dashboard", "Tableau de bord"],
      ["/admin/reports/sales", "Ventes"],
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

/**
 * The laptop tests' own server, on a PostgreSQL database they write to: the demo holds no sale this
 * week (the dashboard's revenue table is then not drawn) and no booking in the report's range, so
 * a driver books one, paid from the wallet, before they look.
 */
let server: RunningServer | undefined;
let db: E2eDatabase | undefined;
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

/** The demo admin's login on the server at `url`. */
const adminLogin = (url: string) => logIn(url, "admin@parkwell.test", "admin-parkwell-2026");

/** A context signed in as the demo admin on `url`, in a language (stored and in the cookie, before the first load). */
async function adminIn(url: string, language: "en" | "fr", viewport: { width: number; height: number }) {
  const login = await adminLogin(url);
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: "language", value: language, url }]);
  await storeSignIn(context, login, language);
  return { context, ...(await watchedPage(context)) };
}

/**
 * How a table sits on the screen: how far it overflows its scrolling frame, where its last
 * column's header ends against the window, how far the page itself overflows, and the most lines
 * a cell of each named column takes (each line counted once, however many boxes it holds).
 */
async function tableFit(page: Page, table: string, timeHeaders: readonly string[]) {
  return page.locator(table).evaluate((el, headers) => {
    const frame = el.closest(".admin-table__scroll") ?? el;
    const ths = [...el.querySelectorAll("thead th")];
    const lines = (cell: Element) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops: number[] = [];
      for (const r of range.getClientRects()) {
        if (r.width > 0 && !tops.some((t) => Math.abs(t - r.top) < 6)) tops.push(r.top);
      }
      return tops.length;
    };
    const timeLines: Record<string, number> = {};
    for (const name of headers) {
      const i = ths.findIndex((th) => th.textContent?.trim() === name);
      const cells = [...el.querySelectorAll("tbody tr")].map((tr) => tr.children[i]!);
      timeLines[name] = i < 0 ? -1 : Math.max(0, ...cells.map(lines));
    }
    return {
      overflow: frame.scrollWidth - frame.clientWidth,
      lastHeaderInside: ths.at(-1)!.getBoundingClientRect().right <= window.innerWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      timeLines,
    };
  }, timeHeaders);
}

describe("back office: the reports and the dashboard fit a laptop's screen", () => {
  /** The bookings report's range from its default start to 2 days past its end, so the booking made ahead is in it. */
  let bookingsRange = "";
  beforeAll(async () => {
    db = await createE2eDatabase();
    server = await startServer({ DATABASE_URL: db.url });
    const driver = await createSignedInUser(db, { countryId: 1 });
    await demoTopUp(server.url, driver, 100_000);
    const park = await twentyFourHourPark(server.url);
    const start = quarterHoursAhead(3);
    await apiCall(server.url, driver, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        plate_number: "LAP1366",
      }),
    });
    const res = await fetch(`${server.url}/api/v1/admin/reports/bookings`, {
      headers: { authorization: `Bearer ${(await adminLogin(server.url)).access_token}` },
    });
    const { from, to } = (await res.json()) as { from: string; to: string };
    bookingsRange = `?from=${from}&to=${addDays(to, 2)}`;
  });

  const REPORTS = {
    en: [
      ["sales", "Sales", ["Time"]],
      ["bookings", "Bookings report", ["Window", "Gate"]],
      ["occupancy", "Occupancy", ["Hour"]],
    ],
    fr: [
      ["sales", "Ventes", ["Heure"]],
      ["bookings", "Rapport des réservations", ["Créneau", "Barrière"]],
      ["occupancy", "Occupation", ["Heure"]],
    ],
  } as const;

  for (const language of ["en", "fr"] as const) {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1280, height: 800 },
    ]) {
      it(`shows every column of the sales, bookings and occupancy reports and of the dashboard's revenue at ${viewport.width} px, times on at most two lines (${language})`, async () => {
        const url = server!.url;
        const { context, page, problems } = await adminIn(url, language, viewport);
        const seen: Record<string, Awaited<ReturnType<typeof tableFit>>> = {};
        for (const [kind, heading, times] of REPORTS[language]) {
          const range = kind === "bookings" ? bookingsRange : "";
          await page.goto(`${url}/admin/reports/${kind}${range}`, { waitUntil: "networkidle" });
          await page.getByRole("heading", { level: 1, name: heading }).waitFor();
          await page.locator(".admin-table__scroll table tbody tr").first().waitFor();
          seen[kind] = await tableFit(page, ".admin-table__scroll table", times);
        }
        await page.goto(`${url}/admin/dashboard`, { waitUntil: "networkidle" });
        await page.locator(".report-table tbody tr").first().waitFor();
        seen.dashboard = await tableFit(page, ".report-table", []);

        const fitted = { overflow: 0, lastHeaderInside: true, pageOverflow: 0 };
        const [time, window, gate, hour] =
          language === "en" ? ["Time", "Window", "Gate", "Hour"] : ["Heure", "Créneau", "Barrière", "Heure"];
        expect(seen, `${viewport.width} px (${language})`).toMatchObject({
          sales: { ...fitted, timeLines: { [time]: expect.toBeOneOf([1, 2]) } },
          bookings: {
            ...fitted,
            timeLines: { [window]: expect.toBeOneOf([1, 2]), [gate]: expect.toBeOneOf([1, 2]) },
          },
          occupancy: { ...fitted, timeLines: { [hour]: expect.toBeOneOf([1, 2]) } },
          dashboard: fitted,
        });
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
