import AxeBuilder from "@axe-core/playwright";
import { dayOnClock } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";
import { openPkpass, walletKeys, type WalletKeys } from "../apps/api/src/test/wallet-pass-kit";
import { apiCall, demoTopUp, quarterHoursAhead, twentyFourHourPark } from "./support/api";

// An airport park's booking, the driver's flight and the extension from the wallet pass (decision
// 068), on a server of its own with wallet keys and a PostgreSQL database the test reads.
let db: E2eDatabase;
let server: RunningServer;
let keys: WalletKeys;
const browser = useBrowser();

beforeAll(async () => {
  keys = walletKeys();
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url, ...keys.env });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe("a booking at an airport park", () => {
  it("takes the driver's flight at checkout, shows it on the booking's page, and lets it change (fr then en, phone)", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    await demoTopUp(server.url, user, 100_000);
    const park = await twentyFourHourPark(server.url, "airport");
    const start = quarterHoursAhead(5);
    const end = new Date(start.getTime() + 3 * 24 * 3_600_000);
    const returns = dayOnClock(new Date(end.getTime() - 6 * 3_600_000), park.time_zone);
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript((t) => window.localStorage.setItem("parkwell_user_token", t), user.token);
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    const query = new URLSearchParams({
      vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      plate_number: "LAG-4242",
    });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    await page.getByLabel(/^Numéro de vol/).fill("w3 105");
    await page.getByLabel("Jour de votre vol retour").fill(returns);
    // The fields go into the address, as every field of the checkout.
    await page.waitForURL((u) => u.searchParams.get("return_date") === returns);
    await expect.poll(() => page.getByTestId("spaces-left").textContent()).toMatch(/place/);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/flight-checkout-390-fr.png`, fullPage: true });
    }
    await page.getByRole("button", { name: /^Payer .* avec le portefeuille$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    const code = new URL(page.url()).searchParams.get("code")!;
    const [saved] = await db.query<{ flight_number: string; return_date: string }>(
      `SELECT f.flight_number, f.return_date::text FROM booking_flights f
         JOIN bookings b ON b.id = f.booking_id WHERE b.booking_code = $1`,
      [code],
    );
    expect(saved).toEqual({ flight_number: "W3105", return_date: returns });

    await page.goto(`${server.url}/booking-details/${code}`, { waitUntil: "networkidle" });
    const summary = page.getByTestId("booking-summary");
    await expect.poll(() => summary.textContent()).toContain("VolW3105");
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/flight-details-390-fr.png`, fullPage: true });
    }
    // A delayed flight: the driver moves the return day, in English this time.
    await page.evaluate(() => window.localStorage.setItem("language", "en"));
    await context.addInitScript(() => window.localStorage.setItem("language", "en"));
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Change my flight" }).click();
    const earlier = dayOnClock(new Date(end.getTime() - 30 * 3_600_000), park.time_zone);
    await page.getByLabel("Day you fly back").fill(earlier);
    await page.getByRole("button", { name: "Save my flight" }).click();
    await page.getByText("Your flight is saved. The attendant and your pass show it.").waitFor();
    await expect.poll(() => summary.textContent()).toContain("Flying back");
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/flight-details-390-en.png`, fullPage: true });
    }
    // The same page on a desktop: the flight's form and summary fit without sideways scrolling.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole("button", { name: "Change my flight" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.desktop.width,
    );
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/flight-details-1366-en.png`, fullPage: true });
    }
    const [moved] = await db.query<{ return_date: string }>(
      `SELECT f.return_date::text FROM booking_flights f JOIN bookings b ON b.id = f.booking_id
        WHERE b.booking_code = $1`,
      [code],
    );
    expect(moved!.return_date).toBe(earlier);
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();
  });

  it("is extended from its wallet pass's link on a phone with no session, then read on a desktop (fr, then en)", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    await demoTopUp(server.url, user, 100_000);
    const park = await twentyFourHourPark(server.url, "airport");
    const start = quarterHoursAhead(5);
    const booking = await apiCall<{ id: string; booking_code: string; end_time: string }>(
      server.url,
      user,
      "/bookings",
      {
        method: "POST",
        body: JSON.stringify({
          park_id: park.id,
          vehicle_type_id: park.rates[0]!.vehicle_type_id,
          plate_number: "LAG-5151",
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        }),
      },
    );
    // The link as the back of the Apple pass gives it to the phone.
    const file = await fetch(`${server.url}/api/v1/bookings/${booking.id}/wallet-pass.pkpass`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(file.status).toBe(200);
    const { pass } = openPkpass(Buffer.from(await file.arrayBuffer()), keys.caPem);
    const link = pass.generic.backFields.find((f) => f.key === "extend")?.value ?? "";
    expect(link.startsWith(`${server.url}/extend/${booking.id}?link=`), link).toBe(true);

    // A phone that never signed in: the link alone opens the booking and extends it.
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    await page.goto(link, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Prolonger votre stationnement" }).waitFor();
    await expect
      .poll(() => page.getByTestId("booking-summary").textContent())
      .toContain(booking.booking_code);
    await page.getByTestId("extend-extra").waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/extend-link-390-fr.png`, fullPage: true });
    }
    // With the keyboard: the button, then the confirmation it opens.
    await page.getByRole("button", { name: "Prolonger la réservation" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: /^Oui, payer/ }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Prolongé" }).waitFor();
    const later = new Date(booking.end_time).getTime() + 3_600_000;
    const [row] = await db.query<{ end_time: string }>("SELECT end_time::text FROM bookings WHERE id = $1", [
      booking.id,
    ]);
    expect(new Date(row!.end_time).getTime()).toBe(later);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/extend-link-done-390-fr.png`, fullPage: true });
    }

    // The same link on a desktop, in English: the new end, and the next extension offered from it.
    await context.addInitScript(() => window.localStorage.setItem("language", "en"));
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "Extend your parking" }).waitFor();
    await page.getByTestId("extend-extra").waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.desktop.width,
    );
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/extend-link-1366-en.png`, fullPage: true });
    }
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();
  });
});
