import AxeBuilder from "@axe-core/playwright";
import { dayOnClock, formatCalendarDay } from "@parkwell/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database the test writes the booking to.
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The browser logs each refused request (the 409) as a failed resource: that one is expected. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

/**
 * A booking of the demo driver at one of the demo attendant's parks, written with SQL (the booking
 * route takes only windows ahead): started 10 minutes ago, or, in the first 10 minutes of the park's
 * day, starting in 5 (a car may come in 15 minutes early), so it is one of today's arrivals on the
 * park's clock; ending 2 hours after now. The times are the test's clock, not the database server's.
 */
async function bookingAtAttendantsPark(
  code: string,
  plate: string,
  nth = 0,
  // A charger group of the park's the booking holds, and whether it ends today (a departure too).
  options: { chargerId?: number; endsToday?: boolean } = {},
): Promise<{ plate: string; park: number; name: string }> {
  const [park] = await db.query<{ id: number; name: string; currency: string; time_zone: string }>(
    `SELECT p.id, p.name, c.currency, p.time_zone FROM staff_parks sp
       JOIN users u ON u.id = sp.user_id AND u.email = 'attendant@parkwell.test'
       JOIN parks p ON p.id = sp.park_id JOIN countries c ON c.id = p.country_id
       JOIN park_capacities pc ON pc.park_id = p.id AND pc.vehicle_type_id = 1
     ORDER BY p.id LIMIT 1 OFFSET $1`,
    [nth],
  );
  expect(park, `the demo attendant has a park number ${nth + 1}`).toBeDefined();
  const now = Date.now();
  const tenAgo = new Date(now - 10 * MINUTE);
  const today = dayOnClock(new Date(now), park!.time_zone);
  const start = dayOnClock(tenAgo, park!.time_zone) === today ? tenAgo : new Date(now + 5 * MINUTE);
  // Ending today: a quarter of an hour after its start, or, in the day's last minutes, a minute ago.
  const soon = new Date(start.getTime() + 15 * MINUTE);
  const end = !options.endsToday
    ? new Date(now + 2 * HOUR)
    : dayOnClock(soon, park!.time_zone) === today
      ? soon
      : new Date(now - MINUTE);
  await db.query(
    `INSERT INTO bookings (booking_code, user_id, park_id, vehicle_type_id, plate_number, start_time, end_time,
       currency, total_minor, paid_minor, breakdown, charger_id)
     SELECT $1, u.id, $2, 1, $3, $5::timestamptz, $6::timestamptz, $4, 300000, 300000,
       '{"hours":3,"days":0,"parkingMinor":300000,"serviceFeeMinor":0,"bookingFeeMinor":0,"taxMinor":0,"totalMinor":300000}'::jsonb, $7
     FROM users u WHERE u.email = 'driver@parkwell.test'`,
    [
      code,
      park!.id,
      plate,
      park!.currency,
      start.toISOString(),
      end.toISOString(),
      options.chargerId ?? null,
    ],
  );
  return { plate, park: park!.id, name: park!.name };
}

describe("the gate on a phone", () => {
  it("the demo attendant signs in, checks a car in by its typed code, sees the 409 on a second try, and is refused another park's booking", async () => {
    const code = "PW-E2EGATE7";
    const { plate, park } = await bookingAtAttendantsPark(code, "LAG482KJ");
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);

    await page.goto(`${server.url}/admin/gate?park=${park}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Login to Continue" }).click();
    await page.locator("dialog[open]").waitFor();
    await page.getByLabel("Email").fill("attendant@parkwell.test");
    await page.getByLabel("Password").fill("check-cars-2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: "Gate", level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/gate");
    await expect.poll(() => new URL(page.url()).searchParams.get("park")).toBe(String(park));

    // Today's arrivals list the booking, not yet in.
    const arrivals = page.getByRole("region", { name: "Arrivals" });
    await arrivals.getByText(plate).waitFor();
    expect(await arrivals.getByText("Expected").count()).toBeGreaterThan(0);

    // Typed as an attendant would read it out: lower case, no dash.
    const input = page.getByLabel("Booking code");
    await input.fill(code.toLowerCase().replace("-", " "));
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    const card = page.getByTestId("gate-card");
    await card.waitFor();
    expect(await card.getByText("Checked in: let the car in").count()).toBe(1);
    expect(await card.locator(".gate-card__plate").textContent()).toBe(plate);
    expect(await card.getByText("Demo", { exact: true }).count()).toBe(1);
    await arrivals.getByText("Checked in").waitFor();

    // The same code again: refused with the time of the first check-in.
    await input.fill(code);
    await page.keyboard.press("Enter");
    const refusal = page.getByTestId("gate-error");
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^Already checked in at \d\d:\d\d$/);

    const [row] = await db.query<{ checked_in_at: Date | null }>(
      "SELECT checked_in_at FROM bookings WHERE booking_code = $1",
      [code],
    );
    expect(row?.checked_in_at).not.toBeNull();

    // A booking for another of the attendant's parks: refused at this one, naming its park; let in
    // once that park is chosen (the page sends the park chosen with the code).
    const elsewhere = await bookingAtAttendantsPark("PW-E2EGATE8", "LAG733PX", 1);
    await input.fill("PW-E2EGATE8");
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await expect.poll(() => refusal.textContent()).toBe(`This booking is for ${elsewhere.name}`);
    await page.getByLabel("Park", { exact: true }).selectOption(String(elsewhere.park));
    await expect.poll(() => new URL(page.url()).searchParams.get("park")).toBe(String(elsewhere.park));
    await input.fill("PW-E2EGATE8");
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await card.getByText("LAG733PX").waitFor();
    expect(await card.getByText("Checked in: let the car in").count()).toBe(1);

    // A booking holding one of the park's EV chargers (CCS2, 50 kW), arriving and leaving today:
    // its arrival's and departure's rows name the charger, the others none; so does its card.
    const [group] = await db.query<{ id: number }>(
      `INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor, status)
       VALUES ($1, 'ccs2', 50, 2, 'kwh', 38000, 'active') RETURNING id`,
      [elsewhere.park],
    );
    await bookingAtAttendantsPark("PW-E2EGATE9", "LAG550EV", 1, { chargerId: group!.id, endsToday: true });
    await page.reload({ waitUntil: "networkidle" });
    const departures = page.getByRole("region", { name: "Departures" });
    const evRow = (list: typeof arrivals) =>
      list.getByRole("listitem").filter({ hasText: "LAG550EV" }).getByTestId("gate-row-charger");
    await evRow(arrivals).waitFor();
    expect(await evRow(arrivals).textContent()).toBe("EV charger: CCS2 · 50 kW");
    expect(await evRow(departures).textContent()).toBe("EV charger: CCS2 · 50 kW");
    expect(await arrivals.getByTestId("gate-row-charger").count()).toBe(1);
    await input.fill("PW-E2EGATE9");
    await page.getByRole("button", { name: "Check in", exact: true }).click();
    await card.getByText("LAG550EV").waitFor();
    expect(await card.getByTestId("gate-charger").textContent()).toBe("EV chargerCCS2 · 50 kW");
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The result card and the refusal on screen: no serious accessibility violation.
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);

    // In French, the rows say it as French writes it.
    await page.evaluate(() => window.localStorage.setItem("language", "fr"));
    await page.reload({ waitUntil: "networkidle" });
    const arrivees = page.getByRole("region", { name: "Arrivées" });
    await evRow(arrivees).waitFor();
    expect(await evRow(arrivees).textContent()).toBe("Borne de recharge\u00a0: CCS2 · 50\u00a0kW");
    expect(await evRow(page.getByRole("region", { name: "Départs" })).textContent()).toBe(
      "Borne de recharge\u00a0: CCS2 · 50\u00a0kW",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe("the gate in French on a desktop", () => {
  it("shows an airport booking's flight and the day the driver flies back on the attendant's card", async () => {
    const code = "PW-E2EFXY23";
    const { park } = await bookingAtAttendantsPark(code, "LAG905FL", 2);
    const returns = dayOnClock(new Date(Date.now() + HOUR), "Africa/Lagos");
    await db.query(
      `INSERT INTO booking_flights (booking_id, flight_number, return_date)
       SELECT id, 'W3105', $2::date FROM bookings WHERE booking_code = $1`,
      [code, returns],
    );
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/admin/gate?park=${park}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Se connecter pour continuer" }).click();
    await page.locator("dialog[open]").waitFor();
    await page.getByLabel("E-mail").fill("attendant@parkwell.test");
    await page.getByLabel("Mot de passe").fill("check-cars-2026");
    await page.locator("dialog[open]").getByRole("button", { name: "Se connecter", exact: true }).click();
    await page.getByRole("heading", { name: "Barrière", level: 1 }).waitFor();
    // Today's arrivals name the flight; the card says it with the day, in French.
    await page.getByRole("region", { name: "Arrivées" }).getByText("vol W3105").waitFor();
    await page.getByLabel("Code de réservation").fill(code);
    await page.getByRole("button", { name: "Entrée", exact: true }).click();
    const flight = page.getByTestId("gate-flight");
    await expect
      .poll(() => flight.textContent())
      .toBe(`VolW3105 · retour le ${formatCalendarDay(returns, "fr")}`);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/flight-gate-1366-fr.png`, fullPage: true });
    }
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});

describe("the driver's booking page follows the car", () => {
  const views = [
    { name: "French on a phone", viewport: VIEWPORTS.phone, language: "fr" },
    { name: "English on a desktop", viewport: VIEWPORTS.desktop, language: "en" },
  ] as const;
  const texts = {
    fr: {
      exitHint: "Présentez ce code à la sortie.",
      inside: /Votre voiture est dans le parking/,
      cancel: "Annuler la réservation",
      left: "Votre voiture a quitté le parking.",
      completed: "Terminée",
      extend: "Prolonger la réservation",
    },
    en: {
      exitHint: "Show this code at the exit.",
      inside: /Your car is in the car park/,
      cancel: "Cancel booking",
      left: "Your car has left the car park.",
      completed: "Completed",
      extend: "Extend booking",
    },
  };

  for (const [i, view] of views.entries()) {
    it(`inside: the exit code and no cancel; once out: completed, no code, no extend (${view.name})`, async () => {
      const code = `PW-E2EPAGE${i + 2}`;
      await bookingAtAttendantsPark(code, `LAG48${i}PG`);
      // A driver of its own, signed in before the page opens; the gate's moves as the API tests
      // check them: in 5 minutes ago, then out now (the test's clock).
      const driver = await createSignedInUser(db);
      await db.query(
        "UPDATE bookings SET user_id = $2, checked_in_at = $3::timestamptz WHERE booking_code = $1",
        [code, driver.id, new Date(Date.now() - 5 * MINUTE).toISOString()],
      );
      const context = await browser.newContext({ viewport: view.viewport });
      await context.addInitScript(
        ([token, language]) => {
          window.localStorage.setItem("parkwell_user_token", token!);
          window.localStorage.setItem("language", language!);
        },
        [driver.token, view.language],
      );
      const { page, problems } = await watchedPage(context);
      const t = texts[view.language];

      await page.goto(`${server.url}/booking-details/${code}`);
      await page.getByText(t.exitHint).waitFor();
      expect(await page.getByText(t.inside).count()).toBe(1);
      expect(await page.getByRole("button", { name: t.cancel }).count()).toBe(0);
      expect(await page.getByRole("button", { name: t.extend }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        view.viewport.width,
      );

      await db.query(
        "UPDATE bookings SET checked_out_at = $2::timestamptz, status = 'completed' WHERE booking_code = $1",
        [code, new Date().toISOString()],
      );
      await page.reload();
      await page.getByTestId("left-card").getByText(t.left).waitFor();
      expect(await page.getByTestId("booking-summary").getByText(t.completed, { exact: true }).count()).toBe(
        1,
      );
      expect(await page.locator(".booking-qr").count()).toBe(0);
      expect(await page.getByRole("button", { name: t.extend }).count()).toBe(0);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });
  }
});

describe("drive-ups on a phone", () => {
  it("at 390 px every parked car's Paid cash, Paid by card and Void are on screen, a car recorded again is refused with its drive-up's code on one line, and the page has no sideways scroll", async () => {
    // Two cars recorded at the counter a minute ago (so still voidable), on the test's clock, at
    // a park open around the clock (a car can be recorded there at any hour).
    const [park] = await db.query<{ id: number; currency: string }>(
      `SELECT p.id, c.currency FROM staff_parks sp
         JOIN users u ON u.id = sp.user_id AND u.email = 'attendant@parkwell.test'
         JOIN parks p ON p.id = sp.park_id JOIN countries c ON c.id = p.country_id
       WHERE p.opening_hours IS NULL
       ORDER BY p.id LIMIT 1`,
    );
    expect(park, "the demo attendant has a park open around the clock").toBeDefined();
    const now = Date.now();
    for (const [code, plate] of [
      ["DU-E2EPHAB2", "LAG101PW"],
      ["DU-E2EPHAB3", "LAG202PW"],
    ] as const) {
      await db.query(
        `INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency, created_at)
         VALUES ($1, $2, 1, $3, $4::timestamptz, $5::timestamptz, $6, $4::timestamptz)`,
        [
          code,
          park!.id,
          plate,
          new Date(now - MINUTE).toISOString(),
          new Date(now + 2 * HOUR).toISOString(),
          park!.currency,
        ],
      );
    }
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/admin/pos?park=${park!.id}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Login to Continue" }).click();
    await page.locator("dialog[open]").waitFor();
    await page.getByLabel("Email").fill("attendant@parkwell.test");
    await page.getByLabel("Password").fill("check-cars-2026");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByRole("heading", { name: "Drive-up sales", level: 1 }).waitFor();

    const list = page.locator(".gate-today .admin-table__scroll");
    await list.getByText("LAG202PW").waitFor();
    await list.getByText("LAG101PW").waitFor();

    const rows = list.locator("tbody tr");
    expect(await rows.count()).toBe(2);
    for (const row of await rows.all()) {
      for (const name of ["Paid cash", "Paid by card", "Void"]) {
        const button = row.getByRole("button", { name, exact: true });
        const box = await button.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x, name).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
      }
      // The status and the price are there too, each named.
      expect(await row.getByText("Parked", { exact: true }).isVisible()).toBe(true);
    }
    // One of them recorded again: refused at the plate, naming its drive-up, the code on one line
    // (it wrapped at its hyphen, half the code on each line).
    await page.getByLabel("Plate number").fill("LAG101PW");
    await page.getByRole("button", { name: "Record the car", exact: true }).click();
    const code = page.locator(".field__error .nowrap-code");
    await code.waitFor();
    expect(await code.textContent()).toBe("DU-E2EPHAB2");
    expect(await page.locator(".field__error").textContent()).toBe(
      "This vehicle is already parked here as drive-up DU-E2EPHAB2",
    );
    const lineHeight = await code.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await code.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    // Nothing scrolls sideways: neither the page nor the list's frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await list.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});
