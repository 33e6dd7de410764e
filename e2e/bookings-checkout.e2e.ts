import AxeBuilder from "@axe-core/playwright";
import { addDays, dayOnClock, instantOfWallClock } from "@parkwell/contract";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";
import { apiCall, demoTopUp, twentyFourHourPark, type OpenPark, quarterHoursAhead } from "./support/api";

// Its own server on a PostgreSQL database it can also write to (a signed-in user with a wallet).
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const call = <T>(user: SignedInUser, path: string, init?: RequestInit) =>
  apiCall<T>(server.url, user, path, init);

const topUp = (user: SignedInUser, amount: number) => demoTopUp(server.url, user, amount);

const openPark = () => twentyFourHourPark(server.url);

async function signedIn(
  user: SignedInUser,
  viewport: { width: number; height: number },
  timezoneId?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, ...(timezoneId ? { timezoneId } : {}) });
  await context.addInitScript((t) => window.localStorage.setItem("parkwell_user_token", t), user.token);
  return context;
}

describe("booking from checkout to cancellation", () => {
  it("checks the checkout form in French before sending anything: plate and times, at the fields", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    const park = await openPark();
    const context = await signedIn(user, VIEWPORTS.desktop);
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    const query = new URLSearchParams({ vehicle_type_id: String(park.rates[0]!.vehicle_type_id) });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Payer avec le portefeuille" }).click();
    const plate = page.getByLabel("Numéro d'immatriculation");
    await expect.poll(() => plate.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("Ce champ est obligatoire !").count()).toBe(1);
    expect(await page.getByText("Choisissez l'heure d'arrivée.").count()).toBe(1);
    expect(await page.getByText("Choisissez l'heure de départ.").count()).toBe(1);
    expect(await page.getByLabel("Arrivée").getAttribute("aria-invalid")).toBe("true");
    expect(await plate.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await db.query("SELECT 1 FROM bookings WHERE user_id = $1", [user.id])).length).toBe(0);

    // What only the server can refuse (this plate is already booked then) comes back in French too.
    await topUp(user, 100_000);
    const start = quarterHoursAhead(5);
    const slot = {
      vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
    };
    await call(user, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        ...slot,
        vehicle_type_id: Number(slot.vehicle_type_id),
        plate_number: "DKR100",
      }),
    });
    const again = new URLSearchParams({ ...slot, plate_number: "DKR100" });
    await page.goto(`${server.url}/checkout/${park.slug}?${again.toString()}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /^Payer .* avec le portefeuille$/ }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Ce véhicule a déjà une réservation sur ce créneau");
    // The browser logs the expected 409 response itself; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
    await context.close();
  });

  it("asks a signed-out driver to sign in at checkout, and the QR sign lands on checkout", async () => {
    const park = await openPark();
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/booking/${park.park_code}`, { waitUntil: "networkidle" });
    await page.waitForURL(new RegExp(`/checkout/${park.slug}\\?vehicle_type_id=\\d+&start_time=`));
    const url = new URL(page.url());
    const start = new Date(url.searchParams.get("start_time")!);
    const end = new Date(url.searchParams.get("end_time")!);
    expect(start.getTime() % 900_000).toBe(0);
    expect(end.getTime() - start.getTime()).toBe(2 * 3_600_000);
    await expect.poll(() => page.getByRole("heading", { name: "Sign in to book this park" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Login to Continue" }).count()).toBe(1);
    // Checkout says what signing in is for; the account sentence belongs to /bookings and /wallet.
    expect(await page.getByText(/to pay for this booking from your Parkwell wallet/).count()).toBe(1);
    expect(await page.getByText("Please login to view your account").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("keeps a window typed on the home page (10:00-14:00) on the park's clock to the park page and checkout (desktop)", async () => {
    const park = await openPark();
    const user = await createSignedInUser(db, { countryId: 1 });
    // A phone set to another zone than the park's: what the driver types is the park's clock anyway.
    const context = await signedIn(user, VIEWPORTS.desktop, "America/Toronto");
    const { page, problems } = await watchedPage(context);
    // Three days ahead on the park's own calendar (the clock of the test may be any instant).
    const day = addDays(dayOnClock(new Date(), park.time_zone), 3);
    const [from, until] = [`${day}T10:00`, `${day}T14:00`];
    await page.goto(server.url, { waitUntil: "networkidle" });
    await page.getByLabel("Where do you want to park?").fill(park.name);
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("Until", { exact: true }).fill(until);
    await page.getByLabel("Where do you want to park?").press("Enter");
    await page.waitForURL(/\/parks-list\?/);
    await page.locator(`a[href^="/park/${park.slug}?"]`).first().click();
    await page.waitForURL((u) => u.pathname === `/park/${park.slug}`);
    await expect.poll(() => page.getByLabel("Arriving").inputValue()).toBe(from);
    expect(await page.getByLabel("Leaving").inputValue()).toBe(until);
    await expect.poll(() => page.getByTestId("window-total").textContent()).toMatch(/^₦[\d,.]+$/);
    await page.getByRole("link", { name: "Book", exact: true }).click();
    await page.waitForURL((u) => u.pathname === `/checkout/${park.slug}`);
    await expect.poll(() => page.getByLabel("Arrival").inputValue()).toBe(from);
    expect(await page.getByLabel("Departure").inputValue()).toBe(until);
    expect(await page.getByTestId("checkout-zone").textContent()).toContain(park.city);
    // The list's photos come from outside hosts this machine cannot reach.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([]);
    await context.close();
  });

  it("the QR sign of a park closed now opens checkout on its next opening, not now", async () => {
    // A Lagos park (UTC+1 all year) whose only opening, every day, is 3 to 6 hours from now on
    // its clock: closed at the test's instant, whatever the hour.
    const [row] = await db.query<{ id: number; slug: string; park_code: string }>(
      `SELECT p.id, p.slug, p.park_code FROM parks p
        WHERE p.city = 'Lagos' AND p.time_zone = 'Africa/Lagos' AND p.status = 'active'
          AND EXISTS (SELECT 1 FROM park_rates r WHERE r.park_id = p.id)
        ORDER BY p.id DESC LIMIT 1`,
    );
    const quarter = 900_000;
    const opens = Math.ceil((Date.now() + 3 * 3_600_000) / quarter) * quarter;
    const wall = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(11, 16);
    const hours = Array.from({ length: 7 }, () => ({
      open: wall(opens),
      close: wall(opens + 3 * 3_600_000),
    }));
    await db.query(
      "UPDATE parks SET open_24h = false, overnight_stays = false, opening_hours = $1::jsonb WHERE id = $2",
      [JSON.stringify(hours), row!.id],
    );
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/booking/${row!.park_code}`, { waitUntil: "networkidle" });
    await page.waitForURL(new RegExp(`/checkout/${row!.slug}\\?vehicle_type_id=\\d+&start_time=`));
    const url = new URL(page.url());
    expect(url.searchParams.get("start_time")).toBe(new Date(opens).toISOString());
    expect(url.searchParams.get("end_time")).toBe(new Date(opens + 2 * 3_600_000).toISOString());
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows a Vancouver park's hours and times on Vancouver's clock to a phone set to Toronto", async () => {
    const ZONE = "America/Vancouver";
    const [row] = await db.query<{ slug: string }>(
      "SELECT slug FROM parks WHERE city = 'Vancouver' AND type = 'stadium' ORDER BY id LIMIT 1",
    );
    const park = (await (await fetch(`${server.url}/api/v1/front/parks/${row!.slug}`)).json()) as OpenPark;
    expect(park.time_zone).toBe(ZONE);
    const user = await createSignedInUser(db, { countryId: 2 });
    await topUp(user, 200);
    const context = await signedIn(user, VIEWPORTS.phone, "America/Toronto");
    const { page, problems } = await watchedPage(context, { country: "CA", ipCountry: "CA" });
    await page.goto(`${server.url}/park/${park.slug}`, { waitUntil: "networkidle" });

    // Expected values come from the browser's own Intl: its time zone data is what the page uses,
    // and it may be newer than Node's (British Columbia keeps UTC-7 all year from November 2026).
    const inBrowser = (iso: string, zone: string, language = "en") =>
      page.evaluate(
        ([i, z, l]) => {
          const d = new Date(i!);
          const short = (at: Date) =>
            new Intl.DateTimeFormat(l, { timeZone: z, timeZoneName: "short" })
              .formatToParts(at)
              .find((p) => p.type === "timeZoneName")!.value;
          return {
            input: new Intl.DateTimeFormat("sv-SE", {
              timeZone: z,
              year: "numeric",
              month: "2-digit",
              day: "2-digit",
              hour: "2-digit",
              minute: "2-digit",
            })
              .format(d)
              .replace(" ", "T"),
            time: new Intl.DateTimeFormat(l, {
              timeZone: z,
              hour: "numeric",
              minute: "2-digit",
              timeZoneName: "short",
            }).format(d),
            zone: short(d),
            zoneNow: short(new Date()),
          };
        },
        [iso, zone, language],
      );
    const phone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(phone).toBe("America/Toronto");
    // Tomorrow 12:00 at the park, found by trying the offsets the zone has used (-7, -8).
    const day = (await inBrowser(new Date(Date.now() + 24 * 3_600_000).toISOString(), ZONE)).input.slice(
      0,
      10,
    );
    let noonTomorrow: string | undefined;
    for (const offset of [7, 8]) {
      const t = new Date(Date.parse(`${day}T12:00:00Z`) + offset * 3_600_000).toISOString();
      if ((await inBrowser(t, ZONE)).input === `${day}T12:00`) noonTomorrow = t;
    }
    if (!noonTomorrow) throw new Error(`no noon tomorrow in ${ZONE}`);

    // The park page states its hours and its pickers in Vancouver time.
    const now = await inBrowser(new Date().toISOString(), ZONE);
    await expect
      .poll(() => page.getByTestId("hours-zone").textContent())
      .toBe(`Local time in Vancouver (${now.zoneNow}).`);
    const href = await page.getByRole("link", { name: "Book", exact: true }).getAttribute("href");
    // Checkout gets the arrival as a wall-clock time on Vancouver's clock (-7 or -8 there).
    const carried = new URL(href!, server.url).searchParams.get("start_time")!;
    let linked: Awaited<ReturnType<typeof inBrowser>> | undefined;
    for (const offset of [7, 8]) {
      const t = await inBrowser(
        new Date(Date.parse(`${carried}:00Z`) + offset * 3_600_000).toISOString(),
        ZONE,
      );
      if (t.input === carried) linked = t;
    }
    if (!linked) throw new Error(`checkout was given ${carried}, not a time on ${ZONE}'s clock`);
    expect(await page.getByTestId("window-zone").textContent()).toBe(
      `Times are local to Vancouver (${linked.zone}).`,
    );
    expect(await page.getByLabel("Arriving").inputValue()).toBe(linked.input);
    expect(linked.input.endsWith(":00")).toBe(true);

    // Checkout shows the window on Vancouver's clock, and a time typed there is Vancouver's.
    const start = new Date(noonTomorrow);
    const query = new URLSearchParams({
      vehicle_type_id: "1",
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
    });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    const noon = await inBrowser(start.toISOString(), ZONE);
    expect(noon.input.endsWith("T12:00")).toBe(true);
    await expect.poll(() => page.getByLabel("Arrival").inputValue()).toBe(noon.input);
    expect(await page.getByTestId("checkout-zone").textContent()).toBe(
      `Times are local to Vancouver (${noon.zone}).`,
    );
    const moved = new Date(start.getTime() + 3_600_000);
    await page.getByLabel("Arrival").fill(noon.input.replace("T12:00", "T13:00"));
    // The URL carries the time as typed, on Vancouver's clock.
    await page.waitForURL((u) => u.searchParams.get("start_time") === noon.input.replace("T12:00", "T13:00"));
    await page.getByLabel("Plate number").fill("BC-4242");
    await expect.poll(() => page.getByTestId("spaces-left").textContent()).toMatch(/spaces? left/);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    const code = new URL(page.url()).searchParams.get("code")!;
    const [booked] = await db.query<{ start: Date }>(
      "SELECT start_time AS start FROM bookings WHERE booking_code = $1",
      [code],
    );
    expect(new Date(booked!.start).toISOString()).toBe(moved.toISOString());
    // The summary reads 1:00 PM with the park's zone, not the phone's 4:00 PM.
    const one = await inBrowser(moved.toISOString(), ZONE);
    const onPhone = await inBrowser(moved.toISOString(), "America/Toronto");
    expect(one.time).toMatch(/^1:00\sPM /);
    await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain(one.time);
    expect(await page.getByTestId("booking-summary").textContent()).not.toContain(onPhone.time);
    // The park page's map tiles cannot be reached from this closed network; nothing else may fail.
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();

    // In French, the zone is named the way French writes it.
    const fr = await browser.newContext({ timezoneId: "America/Toronto" });
    await fr.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const french = await watchedPage(fr, { country: "CA", ipCountry: "CA" });
    await french.page.goto(`${server.url}/park/${park.slug}`, { waitUntil: "networkidle" });
    const frZone = await french.page.evaluate(
      (z) =>
        new Intl.DateTimeFormat("fr", { timeZone: z, timeZoneName: "short" })
          .formatToParts(new Date())
          .find((p) => p.type === "timeZoneName")!.value,
      ZONE,
    );
    expect(frZone).toMatch(/^UTC−[78]$/);
    await expect
      .poll(() => french.page.getByTestId("hours-zone").textContent())
      .toBe(`Heure locale à Vancouver (${frZone}).`);
    expect(french.problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await fr.close();
  });

  it("books a space with an EV charger from the park page's link: the choice at checkout, the charger on the booking's page (EN, FR)", async () => {
    const park = await chargerPark();
    const group = park.chargers.find((c) => c.connector === "ccs2")!;
    const user = await createSignedInUser(db, { countryId: 1 });
    await topUp(user, 100_000);
    const context = await signedIn(user, VIEWPORTS.phone);
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/park/${park.slug}`, { waitUntil: "networkidle" });
    await page
      .locator(`[data-testid="park-chargers"] a[href="/checkout/${park.slug}?charger_id=${group.id}"]`)
      .click();
    await page.waitForURL((u) => u.pathname === `/checkout/${park.slug}`);
    const choice = page.getByRole("group", { name: "EV charger" });
    const radio = choice.getByRole("radio", {
      name: new RegExp(`^CCS2 · ${group.power_kw} kW · .* per kWh, paid at the charger$`),
    });
    await expect.poll(() => radio.isChecked()).toBe(true);
    // A group priced per kWh is paid at the charger, and the hint says so.
    expect(await page.getByTestId("charger-paid").textContent()).toContain(
      "A charger priced per kWh is paid at the charger",
    );
    // Two days ahead, 10:00 to 12:00 on the park's clock.
    const day = addDays(dayOnClock(new Date(), park.time_zone), 2);
    await page.getByLabel("Arrival").fill(`${day}T10:00`);
    await page.getByLabel("Departure").fill(`${day}T12:00`);
    await page.getByLabel("Plate number").fill("LAG-EV-50");
    await expect.poll(() => page.getByTestId("spaces-left").textContent()).toMatch(/spaces? left/);
    // Before paying, the group says how many of its chargers are free for the window.
    await expect
      .poll(() =>
        radio.evaluate((r) => document.getElementById(r.getAttribute("aria-describedby")!)?.textContent),
      )
      .toMatch(/^\d+ of \d+ free for this window$/);
    expect(new URL(page.url()).searchParams.get("charger_id")).toBe(String(group.id));
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    const code = new URL(page.url()).searchParams.get("code")!;
    const [booked] = await db.query<{ charger_id: number }>(
      "SELECT charger_id FROM bookings WHERE booking_code = $1",
      [code],
    );
    expect(booked!.charger_id).toBe(group.id);
    const line = new RegExp(`EV chargerCCS2 · ${group.power_kw} kW — .* per kWh, paid at the charger`);
    await expect.poll(() => page.getByTestId("booking-summary").textContent()).toMatch(line);

    // The booking's page (the pass with its QR) names it too, in French.
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    await page.goto(`${server.url}/booking-details/${code}`, { waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByTestId("booking-summary").textContent())
      .toMatch(/Borne de rechargeCCS2 · [\d,]+\skW — .* le kWh, payable à la borne/u);
    // The park page's map tiles cannot be reached from this closed network; nothing else may fail.
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();
  });
});

describe("a charger group full for the window, before paying", () => {
  it("is disabled and says so; chosen from the park page's link, the checkout falls back to no charger, saying so (EN, FR)", async () => {
    const park = await chargerPark();
    // A group of one Type 2 charger, booked by another driver for the window.
    const [added] = await db.query<{ id: number }>(
      `INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor, status)
       VALUES ($1, 'type2', 22, 1, 'hour', 50000, 'active') RETURNING id`,
      [park.id],
    );
    const full = Number(added!.id);
    const day = addDays(dayOnClock(new Date(), park.time_zone), 3);
    const other = await createSignedInUser(db, { countryId: 1 });
    await topUp(other, 100_000);
    const slot = { start: `${day}T10:00`, end: `${day}T12:00` };
    // The same window as an instant (10:00 to 12:00 on the park's clock).
    const instant = (wall: string) =>
      new Date(instantOfWallClock(Date.parse(`${wall}:00Z`), park.time_zone)).toISOString();
    await call(other, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        plate_number: "LAG-FULL-1",
        start_time: instant(slot.start),
        end_time: instant(slot.end),
        charger_id: full,
      }),
    });

    const user = await createSignedInUser(db, { countryId: 1 });
    await topUp(user, 100_000);
    const context = await signedIn(user, VIEWPORTS.phone);
    const { page, problems } = await watchedPage(context);
    const query = new URLSearchParams({
      start_time: slot.start,
      end_time: slot.end,
      charger_id: String(full),
    });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    const choice = page.getByRole("group", { name: "EV charger" });
    const radio = choice.getByRole("radio", {
      name: /^Type 2 · 22 kW · .* per hour, paid with the booking$/,
    });
    await expect
      .poll(() => page.getByTestId("charger-dropped").textContent())
      .toBe(
        "Every Type 2 · 22 kW charger is booked for part of this window, so none is kept for you now. Choose another charger or other times.",
      );
    expect(await radio.isDisabled()).toBe(true);
    expect(await choice.getByRole("radio", { name: "No charger" }).isChecked()).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get("charger_id")).toBeNull();
    expect(
      await radio.evaluate((r) => document.getElementById(r.getAttribute("aria-describedby")!)?.textContent),
    ).toBe("All booked for this window");
    // The other groups stay open, each with its free count.
    const counts = await page.getByTestId("charger-free").allTextContents();
    expect(counts).toContain("All booked for this window");
    expect(counts.filter((c) => /^\d+ of \d+ free for this window$/.test(c)).length).toBe(counts.length - 1);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    // The keyboard never lands on the full group.
    await choice.getByRole("radio", { name: "No charger" }).focus();
    for (let i = 0; i < counts.length + 1; i += 1) {
      await page.keyboard.press("ArrowDown");
      expect(await radio.evaluate((r) => r === document.activeElement)).toBe(false);
    }

    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByTestId("charger-free").allTextContents())
      .toContain("Toutes réservées pour ce créneau");
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();
  });
});

describe("a charger priced per hour, its charging paid with the booking", () => {
  it("shows the EV charging line in the checkout's total, books it, and the booking says it is paid with it (EN, FR)", async () => {
    const park = await perHourPark();
    const group = park.chargers.find((c) => c.connector === "j1772" && c.price_unit === "hour")!;
    const user = await createSignedInUser(db, { countryId: 2 });
    await topUp(user, 500);
    const context = await signedIn(user, VIEWPORTS.desktop);
    const { page, problems } = await watchedPage(context, { country: "CA", ipCountry: "CA" });
    const day = addDays(dayOnClock(new Date(), park.time_zone), 2);
    const query = new URLSearchParams({
      start_time: `${day}T10:00`,
      end_time: `${day}T11:30`,
      charger_id: String(group.id),
      plate_number: "ONT-EV-1",
    });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    const choice = page.getByRole("group", { name: "EV charger" });
    const radio = choice.getByRole("radio", {
      name: /^J1772 · 7\.2 kW · .* per hour, paid with the booking$/,
    });
    await expect.poll(() => radio.isChecked()).toBe(true);
    expect(await page.getByTestId("charger-paid").textContent()).toContain(
      "A charger priced per hour is paid with the booking",
    );
    // An hour and a half: two started hours of charging, in the total.
    const charging = page.locator(".booking-lines div", { hasText: /^EV charging, 2 hours/ });
    await expect.poll(() => charging.count()).toBe(1);
    const priced = await (
      await fetch(
        `${server.url}/api/v1/front/parks/${park.id}/availability?${new URLSearchParams({
          vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
          start_time: new Date(
            instantOfWallClock(Date.parse(`${day}T10:00:00Z`), park.time_zone),
          ).toISOString(),
          end_time: new Date(
            instantOfWallClock(Date.parse(`${day}T11:30:00Z`), park.time_zone),
          ).toISOString(),
          charger_id: String(group.id),
        }).toString()}`,
      )
    ).json();
    expect(priced.price.breakdown.charging_hours).toBe(2);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    const code = new URL(page.url()).searchParams.get("code")!;
    const [booked] = await db.query<{ total_minor: string; charging: string }>(
      "SELECT total_minor::text, breakdown->>'chargingMinor' AS charging FROM bookings WHERE booking_code = $1",
      [code],
    );
    expect(Number(booked!.charging)).toBe(Math.round(priced.price.breakdown.charging * 100));
    expect(Number(booked!.total_minor)).toBe(Math.round(priced.price.amount * 100));
    await expect
      .poll(() => page.getByTestId("booking-summary").textContent())
      .toMatch(/EV chargerJ1772 · 7\.2 kW — .* per hour, paid with the booking/);

    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    await page.goto(`${server.url}/booking-details/${code}`, { waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByTestId("booking-summary").textContent())
      .toMatch(/Borne de rechargeJ1772 · 7,2\skW — .* l'heure, payable avec la réservation/u);
    expect(problems.filter((p) => !p.includes("net::ERR_NAME_NOT_RESOLVED"))).toEqual([]);
    await context.close();
  });
});

/** A Canadian park with a J1772 group priced per hour (the seed gives some), open all day when one is. */
async function perHourPark(): Promise<ChargerPark> {
  const list = (await (
    await fetch(`${server.url}/api/v1/parks/front/parks/?country=CA&connector=j1772&size=50`)
  ).json()) as { items: { slug: string }[] };
  const parks: ChargerPark[] = [];
  for (const item of list.items) {
    const park = (await (await fetch(`${server.url}/api/v1/front/parks/${item.slug}`)).json()) as ChargerPark;
    const hourly = park.chargers.some((c) => c.connector === "j1772" && c.price_unit === "hour");
    if (park.rates.length > 0 && hourly) parks.push(park);
  }
  const park = parks.find((p) => p.opening_hours === null) ?? parks[0];
  if (!park) throw new Error("No Canadian park with a J1772 charger priced per hour");
  return park;
}

type ChargerPark = OpenPark & {
  chargers: { id: number; connector: string; power_kw: number; price_unit: string }[];
};

/** A Nigerian park with a CCS2 charger group (the seed gives some), open all day when one is. */
async function chargerPark(): Promise<ChargerPark> {
  const list = (await (
    await fetch(`${server.url}/api/v1/parks/front/parks/?country=NG&connector=ccs2&size=50`)
  ).json()) as { items: { slug: string }[] };
  const parks: ChargerPark[] = [];
  for (const item of list.items) {
    const park = (await (await fetch(`${server.url}/api/v1/front/parks/${item.slug}`)).json()) as ChargerPark;
    if (park.rates.length > 0 && park.chargers.some((c) => c.connector === "ccs2")) parks.push(park);
  }
  const park = parks.find((p) => p.opening_hours === null) ?? parks[0];
  if (!park) throw new Error("No Nigerian park with a CCS2 charger");
  return park;
}
