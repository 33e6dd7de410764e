import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { apiCall, demoTopUp, logIn, quarterHoursAhead, twentyFourHourPark, type Login } from "./support/api";
import { startServer, type RunningServer } from "./support/server";

/**
 * The installable app with no connection (issue #67, docs/decisions/064-offline-app.md): the
 * service worker Workbox builds takes charge of the pages; a booking seen once opens with its QR
 * code when the server is gone (not merely the browser told it is offline), in English and French,
 * as do My bookings, /offline and the start address; a new version waits for the driver's consent,
 * is not offered mid-checkout, and takes over on Reload.
 */
const browser = useBrowser();
const ROOT = path.resolve(import.meta.dirname, "..");

/** The built app copied for one server: the update test changes its service worker. */
function copyOfTheApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-offline-"));
  fs.cpSync(path.join(ROOT, "apps/web/dist"), dir, { recursive: true });
  return dir;
}

async function serverOnCopy(): Promise<{ server: RunningServer; dist: string }> {
  const dist = copyOfTheApp();
  const server = await startServer({ WEB_DIST_DIR: dist }, { pgliteFrom: inject("pgliteTemplate") });
  return { server, dist };
}

/** Until the page's service worker has installed (its precache complete) and is in charge of the page. */
async function serviceWorkerInCharge(page: Page): Promise<{ scope: string; script: string }> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  return await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL ?? "" };
  });
}

/** Console errors but those of requests the cut network refused. */
const realProblems = (problems: string[]) =>
  problems.filter(
    (p) =>
      !/ERR_CONNECTION_REFUSED|ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|Unable to preload CSS/.test(
        p,
      ),
  );

describe("a booking's QR code with the network cut", () => {
  let server: RunningServer;
  let dist: string;
  let login: Login;
  let code: string;

  beforeAll(async () => {
    ({ server, dist } = await serverOnCopy());
    login = await logIn(server.url, "driver@parkwell.test", "drive-safely-2026");
    const user = { id: String(login.user.id), email: "driver@parkwell.test", token: login.access_token };
    await demoTopUp(server.url, user, 100_000);
    const park = await twentyFourHourPark(server.url);
    const start = quarterHoursAhead(2);
    const booking = await apiCall<{ booking_code: string }>(server.url, user, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        plate_number: "OFF123LN",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      }),
    });
    code = booking.booking_code;
  });
  afterAll(async () => {
    await server?.stop();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it("seen once online, the booking, My bookings, /offline and the start address open once the server is gone, in English and French", async () => {
    const seen: { language: "en" | "fr"; context: BrowserContext; page: Page; problems: string[] }[] = [];
    for (const language of ["en", "fr"] as const) {
      const context = await browser.newContext({ serviceWorkers: "allow", viewport: VIEWPORTS.phone });
      await storeSignIn(context, login, language);
      const { page, problems } = await watchedPage(context);
      await page.goto(`${server.url}/booking-details/${code}`);
      await page.getByRole("img", { name: new RegExp(code) }).waitFor();
      const worker = await serviceWorkerInCharge(page);
      expect(worker).toEqual({ scope: `${server.url}/`, script: `${server.url}/sw.js` });
      // Seen once more now that the worker is in charge: the page itself is kept too.
      await page.reload();
      await page.getByRole("img", { name: new RegExp(code) }).waitFor();
      seen.push({ language, context, page, problems });
    }

    await server.stop({ keepDataDir: true });
    for (const { language, context, page, problems } of seen) {
      await context.setOffline(true);
      const savedCopy =
        language === "fr"
          ? "Vous êtes hors ligne\u00a0: voici la copie enregistrée sur cet appareil"
          : "You're offline: this is the copy saved on this device";

      const booking = await page.goto(`${server.url}/booking-details/${code}`);
      expect(booking?.fromServiceWorker()).toBe(true);
      await expect.poll(() => page.getByTestId("saved-copy").textContent()).toContain(savedCopy);
      const qr = page.getByRole("img", { name: new RegExp(code) });
      expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
      expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

      // Opened for the first time offline (never kept as a page): the app shell draws it.
      await page.goto(`${server.url}/bookings?status=upcoming`);
      await page.getByRole("link", { name: new RegExp(code) }).waitFor();
      expect(await page.getByTestId("saved-copy").count()).toBe(1);

      await page.goto(`${server.url}/offline`);
      await page
        .getByTestId("offline-saved")
        .getByRole("link", { name: new RegExp(code) })
        .click();
      await page.getByRole("img", { name: new RegExp(code) }).waitFor();

      // The installed app's start address answers without the network.
      // The home draws, less what it can do without whose code was never kept (its next events).
      const start = await page.goto(`${server.url}/`);
      expect(start?.status()).toBe(200);
      await expect
        .poll(() => page.locator("main h1").textContent())
        .toBe(
          language === "fr"
            ? "Trouvez et réservez un parking en quelques secondes"
            : "Find and book parking in seconds",
        );
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    }
  });
});

describe("a new version of the app", () => {
  let server: RunningServer;
  let dist: string;

  beforeAll(async () => {
    ({ server, dist } = await serverOnCopy());
  });
  afterAll(async () => {
    await server?.stop();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it("is offered once installed, not mid-checkout, and takes over when the driver reloads", async () => {
    const context = await browser.newContext({ serviceWorkers: "allow", viewport: VIEWPORTS.desktop });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/about`);
    await serviceWorkerInCharge(page);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);

    // A deploy: another service worker at the same address.
    const sw = path.join(dist, "sw.js");
    for (const compressed of [`${sw}.br`, `${sw}.gz`]) fs.rmSync(compressed, { force: true });
    fs.appendFileSync(sw, "\n// the next version\n");

    // At a checkout the app's registration finds the new version, which waits, unannounced.
    const park = await twentyFourHourPark(server.url);
    await page.goto(`${server.url}/checkout/${park.slug}`);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
      )
      .toBe("installed");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByTestId("update-prompt").count()).toBe(0);

    // Left for another page of the app, the driver is asked.
    await page.getByRole("link", { name: "Parkwell" }).first().click();
    const prompt = page.getByTestId("update-prompt");
    await prompt.getByText("A new version of Parkwell is ready.").waitFor();
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    const reloaded = page.waitForEvent("load");
    await prompt.getByRole("button", { name: "Reload now" }).click();
    await reloaded;
    expect(await page.evaluate(() => "beforeReload" in window)).toBe(false);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting ?? null, active: registration?.active?.state };
        }),
      )
      .toEqual({ waiting: null, active: "activated" });
    // The page the new version took over asks nothing (a switch Chromium parked shows the prompt
    // for the moment between the reload and the new version's taking over, then reloads again).
    await expect.poll(() => page.getByTestId("update-prompt").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
