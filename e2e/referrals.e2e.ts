import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// A driver who invited three drivers (one rewarded, one refused, one registered), on a phone in
// French and a desktop in English; and /affiliates with each country's reward.
let db: E2eDatabase;
let server: RunningServer;
let driver: SignedInUser;
const browser = useBrowser();

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
  driver = await createSignedInUser(db, { firstName: "Ada" });
  const invitees = [];
  for (const name of ["Bolanle", "Chidi", "Dayo"])
    invitees.push(
      await createSignedInUser(db, {
        firstName: name,
        email: `${name.toLowerCase()}.${Date.now()}@example.com`,
      }),
    );
  await db.query(`INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, 'K7M3Q9P', now())`, [
    driver.id,
  ]);
  await db.query(
    `INSERT INTO referrals (inviter_id, invitee_id, code, status, refused_reason, created_at, rewarded_at, inviter_reward_minor, inviter_currency)
     VALUES ($1, $2, 'K7M3Q9P', 'rewarded', NULL, '2026-11-20T21:45:00Z', '2026-11-21T08:10:00Z', 100000, 'NGN'),
            ($1, $3, 'K7M3Q9P', 'refused', 'blocked_email_domain', '2026-11-22T10:00:00Z', NULL, NULL, NULL),
            ($1, $4, 'K7M3Q9P', 'registered', NULL, '2026-11-23T23:30:00Z', NULL, NULL, NULL)`,
    [driver.id, invitees[0]!.id, invitees[1]!.id, invitees[2]!.id],
  );
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function signedInPage(viewport: { width: number; height: number }, language: "en" | "fr") {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem("parkwell_user_token", token!);
      localStorage.setItem("language", lang!);
    },
    [driver.token, language],
  );
  return { context, ...(await watchedPage(context)) };
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
  );
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("referrals in the browser", () => {
  it("on a desktop in English: link, code, total, the three invitations, Copy reached by keyboard", async () => {
    const { context, page, problems } = await signedInPage(VIEWPORTS.desktop, "en");
    await page.goto(`${server.url}/referrals`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Invite drivers", level: 1 }).waitFor();
    expect(await page.getByLabel("Your personal link").inputValue()).toBe(
      `${server.url}/register?ref=K7M3Q9P`,
    );
    expect(await page.getByTestId("referrals-earned").textContent()).toBe("₦1,000");
    const rows = page.locator(".referrals-list > li");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(1).textContent()).toContain("Refused: a disposable e-mail address");
    // 23:30 UTC on the 23rd is the 24th in Lagos.
    expect(await rows.nth(0).locator("time").first().textContent()).toMatch(/^Nov 24, 2026/);
    await page.locator("main h1").click();
    let reached = false;
    for (let i = 0; i < 20 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = (await page.evaluate(() => document.activeElement?.textContent?.trim())) === "Copy link";
    }
    expect(reached).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("on a phone in French: the page and its three invitations fit 390 px, with no accessibility problem", async () => {
    const { context, page, problems } = await signedInPage(VIEWPORTS.phone, "fr");
    await page.goto(`${server.url}/referrals`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Parrainage", level: 1 }).waitFor();
    await expect.poll(() => page.locator(".referrals-list > li").count()).toBe(3);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/affiliates lists each country's reward and links to the driver's page, at 390 px in French", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => localStorage.setItem("language", "fr"));
    const { page } = await watchedPage(context);
    await page.goto(`${server.url}/affiliates`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Ce que chacun reçoit" }).waitFor();
    const items = page.locator(".referrals-rewards li");
    await expect.poll(() => items.count()).toBe(4);
    expect(await page.getByRole("link", { name: "Obtenir mon lien" }).getAttribute("href")).toBe(
      "/referrals",
    );
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });
});
