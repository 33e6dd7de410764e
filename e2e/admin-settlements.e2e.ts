import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../apps/api/src/db/client";
import { JOBS } from "../apps/api/src/feature-jobs";
import { createJobs } from "../apps/api/src/jobs/queue";
import { pricedBody } from "../apps/api/src/features/receipts/receipts.domain";
import { issueReceipt, numberReceipts } from "../apps/api/src/features/receipts/receipts.service";
import { closeDuePeriods } from "../apps/api/src/features/settlements/settlements.service";
import { chargeWallet, creditTopUp } from "../apps/api/src/features/wallet/ledger.service";
import { servedCountries } from "../apps/api/src/features/reference/served-countries";
import { logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database the test writes a sale into, as a purchase does (the
// charge and its receipt in one transaction, the receipt posting the operator's share): a booking
// at one of the demo manager's parks (Harbourview Parking Ltd) last month, whose statement the
// close then makes. The demo manager reads it, downloads its CSV, and looks at the current period.
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();
const BOOKING = "PW-STMT01";

/** The 10th of last month at 10:00 UTC: a period that has ended, on Lagos's clock too. */
function lastMonth(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 10));
}

async function seedStatement(userId: string): Promise<void> {
  const [park] = await db.query<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM parks p JOIN operators o ON o.id = p.operator_id
      WHERE o.name = 'Harbourview Parking Ltd' AND p.time_zone = 'Africa/Lagos' ORDER BY p.id LIMIT 1`,
  );
  expect(park, "the demo manager's operator has a park in Lagos").toBeDefined();
  const database = await openDatabase({ url: db.url, poolSize: 2 });
  const sold = lastMonth();
  try {
    await database.db.transaction((tx) =>
      creditTopUp(servedCountries(database.db), tx, {
        userId,
        currency: "NGN",
        amountMinor: 10_000_00,
        provider: "demo",
        idempotencyKey: `topup:e2e-${userId}`,
        reference: `PW-TOPUP-${userId.slice(0, 6)}`,
        at: new Date(sold.getTime() - 3_600_000),
      }),
    );
    await database.db.transaction(async (tx) => {
      const key = `booking:e2e-${userId}:1`;
      const body = pricedBody(
        { parkingMinor: 2_000_00, serviceFeeMinor: 100_00, bookingFeeMinor: 100_00, taxMinor: 15_00 },
        { name: "VAT", rateBps: 750 },
        {
          kind: "parking",
          subject: park!.name,
          from: new Date(sold.getTime() + 3_600_000).toISOString(),
          to: new Date(sold.getTime() + 3 * 3_600_000).toISOString(),
        },
      );
      await issueReceipt(tx, {
        userId,
        countryId: 1,
        currency: "NGN",
        decimals: 2,
        kind: "booking",
        ledgerKey: key,
        reference: BOOKING,
        parkId: park!.id,
        issuedAt: sold,
        body,
        expectedMinor: 2_215_00,
      });
      await chargeWallet(tx, { userId, currency: "NGN", amountMinor: 2_215_00, idempotencyKey: key });
    });
    await numberReceipts(database.db);
    // What the settlements-close job does each half hour, run now; its e-mails are queued for the
    // server's workers (this queue handle only sends: it is never started).
    const jobs = createJobs(database, { error: () => undefined });
    jobs.handle(JOBS.map((job) => job.withDeps({} as never)));
    await jobs.ready();
    const closed = await closeDuePeriods({ db: database.db, jobs }, new Date());
    expect(closed.length, "last month's statement closed").toBeGreaterThan(0);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
  const driver = await createSignedInUser(db, { firstName: "Ada" });
  await seedStatement(driver.id);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function managerPage(viewport: { width: number; height: number }, language: "en" | "fr") {
  const login = await logIn(server.url, "manager@parkwell.test", "manage-parks-2026");
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addCookies([{ name: "language", value: language, url: server.url }]);
  await storeSignIn(context, login, language);
  return { context, ...(await watchedPage(context)) };
}

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Tabs (at most `max` times) until the focused element is `name`'s link or button. */
async function tabTo(page: Page, name: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (text === name) return;
  }
  throw new Error(`"${name}" is not reachable with Tab`);
}

describe("back office: settlement statements", () => {
  it("the demo manager opens its operator's statement and downloads its CSV with the keyboard", async () => {
    const { context, page, problems } = await managerPage(VIEWPORTS.desktop, "en");
    await page.goto(`${server.url}/admin/dashboard`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Statements", exact: true }).first().click();
    await page.getByRole("heading", { level: 1, name: "Statements" }).waitFor();
    // A manager reads its own operator's only: no operator filter, no operator column.
    expect(await page.getByLabel("Operator", { exact: true }).count()).toBe(0);
    const period = new Intl.DateTimeFormat("en", {
      month: "long",
      year: "numeric",
      timeZone: "Africa/Lagos",
    }).format(lastMonth());
    await page.getByRole("link", { name: period }).click();
    await page.getByRole("heading", { level: 1, name: `Statement for ${period}` }).waitFor();
    await page.getByText("Harbourview Parking Ltd · NGN · Monthly").waitFor();
    await page.getByText("Closing balance").waitFor();
    // The sale: ₦2,000 of parking, 15 % commission (₦300), ₦1,700 the operator's.
    const table = page.getByRole("table", { name: "The statement's lines" });
    await table.getByText(BOOKING).waitFor();
    await table.getByText("₦1,700").waitFor();
    const receipt = (
      await db.query<{ number: string }>("SELECT number FROM receipts WHERE reference = $1", [BOOKING])
    )[0]!.number;
    await table.getByText(receipt).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);

    await page.locator("body").click({ position: { x: 1, y: 1 } });
    await tabTo(page, "Download CSV");
    const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d+-NGN-\d{4}-\d{2}-\d{2}-\d+\.csv$/);
    const text = fs.readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
    const rows = text.split("\r\n");
    expect(rows[0]).toBe(
      "section,occurred_at,kind,park,product,reference,receipt_number,currency,gross,commission_rate,commission,share,note",
    );
    const line = rows.find((r) => r.startsWith("line,"))!;
    expect(line).toContain(`,${BOOKING},${receipt},NGN,2000,15,300,1700,`);
    expect(rows.find((r) => r.startsWith("total,") && r.includes(",closing,"))).toContain(",1700,");

    await page.getByRole("link", { name: "Back to the statements" }).click();
    await page.getByRole("link", { name: "Current period" }).click();
    await page.getByRole("heading", { level: 1, name: "Current period" }).waitFor();
    await page.getByText("Balance now").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a 390 px phone, in French", async () => {
    const { context, page, problems } = await managerPage(VIEWPORTS.phone, "fr");
    const [row] = await db.query<{ id: string }>("SELECT id::text FROM settlements ORDER BY id LIMIT 1");
    for (const [path, heading] of [
      ["/admin/settlements", "Relevés"],
      [`/admin/settlements/${row!.id}`, /^Relevé de /],
      ["/admin/settlements/current", "Période en cours"],
    ] as const) {
      await page.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.getByText("Solde actuel").waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
