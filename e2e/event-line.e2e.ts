import AxeBuilder from "@axe-core/playwright";
import type { Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { createE2eEvent } from "./support/events";
import { startServer, type RunningServer } from "./support/server";
import { demoTopUp } from "./support/api";

/**
 * The on-sale's waiting room on the event checkout (decision 051): the place in line the server
 * answers (202, played here by the browser's route for the first answers), announced, kept across
 * a reload with the same Idempotency-Key, then the booking; in French on a phone, left with the
 * keyboard.
 */
let db: E2eDatabase;
let server: RunningServer;
let parkId: number;
const browser = useBrowser();

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
  const list = (await (
    await fetch(`${server.url}/api/v1/parks/front/parks/?country=NG&search=Lagos&size=1`)
  ).json()) as { items: { id: number }[] };
  parkId = list.items[0]!.id;
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function onSale(): Promise<string> {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 4, 13));
  return createE2eEvent(db, {
    name: `Cup Final ${Date.now()}`,
    start,
    end: new Date(start.getTime() + 3 * 3_600_000),
    parks: [{ parkId, offers: [{ vehicleTypeId: 1, priceMinor: 300_000, allocation: 20 }] }],
  });
}

async function checkout(user: SignedInUser, viewport: { width: number; height: number }, language: string) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, lang]) => {
      window.localStorage.setItem("parkwell_user_token", token!);
      window.localStorage.setItem("language", lang!);
    },
    [user.token, language],
  );
  return { context, ...(await watchedPage(context)) };
}

/** The first `places.length` booking requests answered with these places in line; then the server's own answers. */
function lineFirst(places: number[], keys: string[]) {
  return async (route: Route) => {
    if (route.request().method() !== "POST") return route.continue();
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    const place = places.shift();
    if (place === undefined) return route.continue();
    return route.fulfill({
      status: 202,
      headers: { "retry-after": "1", "cache-control": "no-store" },
      contentType: "application/json",
      body: JSON.stringify({ place, wait_seconds: place * 20, retry_after_seconds: 1 }),
    });
  };
}

describe("the on-sale's waiting room", () => {
  it("shows the place and the wait, keeps them across a reload with the same key, then books", async () => {
    const code = await onSale();
    const user = await createSignedInUser(db, { countryId: 1 });
    await demoTopUp(server.url, user, 100_000);
    const { context, page, problems } = await checkout(user, VIEWPORTS.desktop, "en");
    const keys: string[] = [];
    await page.route("**/api/v1/bookings", lineFirst([3, 3, 2], keys));
    await page.goto(`${server.url}/booking/event/${code}?park=${parkId}&vehicle_type_id=1`, {
      waitUntil: "networkidle",
    });
    await page.getByLabel("Plate number").fill("lag-777-ev");
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    const status = page.getByTestId("event-line").getByRole("status");
    await expect.poll(() => status.textContent()).toContain("You are number 3 in line");
    expect(await status.textContent()).toContain("About 1 minute to wait");
    expect(await page.getByRole("button", { name: "Waiting for your turn…" }).isDisabled()).toBe(true);
    const results = await new AxeBuilder({ page }).include("[data-testid=event-line]").analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await page.reload({ waitUntil: "domcontentloaded" });
    // Back at once with its place, then asked again with the same key until booked.
    // The line asks again every few seconds: on a loaded machine a few rounds may pass.
    await arriveAt(page, /\/booking-success\?code=PW-/, { timeout: 45_000 });
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(new Set(keys).size).toBe(1);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("in French on a phone: the place is announced, and the driver leaves the line with the keyboard", async () => {
    const code = await onSale();
    const user = await createSignedInUser(db, { countryId: 1 });
    await demoTopUp(server.url, user, 100_000);
    const { context, page } = await checkout(user, VIEWPORTS.phone, "fr");
    const keys: string[] = [];
    await page.route("**/api/v1/bookings", lineFirst([2, 2, 2, 2, 2, 2, 2, 2], keys));
    await page.goto(`${server.url}/booking/event/${code}?park=${parkId}&vehicle_type_id=1`, {
      waitUntil: "networkidle",
    });
    await page.getByLabel("Numéro d'immatriculation").fill("lag-778-ev");
    await page.getByRole("button", { name: /^Payer/ }).click();
    const status = page.getByTestId("event-line").getByRole("status");
    await expect.poll(() => status.textContent()).toContain("Vous êtes numéro 2 dans la file");
    expect(await status.getAttribute("aria-live")).toBe("polite");
    const leave = page.getByRole("button", { name: "Quitter la file" });
    await leave.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByTestId("event-line").count()).toBe(0);
    expect(await page.getByRole("button", { name: /^Payer/ }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => window.sessionStorage.getItem("parkwell_event_line"))).toBeNull();
    await context.close();
  });
});

/** Chromium logs what fails to load: the map tiles (no outside network here). */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));
