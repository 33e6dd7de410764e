import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, demoTopUp, quarterHoursAhead, twentyFourHourPark } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database, where the test moves a booked window to now.
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

/** A page signed in as `user`, in `language`, at `viewport`. */
async function pageOf(
  user: SignedInUser,
  viewport: { width: number; height: number },
  language: "en" | "fr",
) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, lang]) => {
      window.localStorage.setItem("parkwell_user_token", token);
      window.localStorage.setItem("language", lang);
    },
    [user.token, language] as const,
  );
  return { context, ...(await watchedPage(context)) };
}

/** Tabs until `target` has the focus (at most 150 presses: the back office's sidebar comes first). */
async function tabTo(page: Page, target: ReturnType<Page["locator"]>) {
  await target.waitFor();
  for (let i = 0; i < 150; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

describe("claims", () => {
  it("a driver reports a closed barrier from the booking's page by keyboard, staff refund part of it in the back office, the driver reads the decision; another claim is rebooked at a park nearby (390 and 1366 px, English and French)", async () => {
    const driver = await createSignedInUser(db, { firstName: "Tobi" });
    await demoTopUp(server.url, driver, 200_000);
    const park = await twentyFourHourPark(server.url);
    const start = quarterHoursAhead(3);
    const booked = await apiCall<{ booking_code: string }>(server.url, driver, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        plate_number: "LAG123CL",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      }),
    });
    const code = booked.booking_code;
    // The stay began half an hour ago: a closed barrier can be reported now.
    await db.query(
      `UPDATE bookings SET start_time = $2::timestamptz, end_time = $3::timestamptz WHERE booking_code = $1`,
      [
        code,
        new Date(Date.now() - 30 * 60_000).toISOString(),
        new Date(Date.now() + 90 * 60_000).toISOString(),
      ],
    );

    // The driver, on a phone, in English.
    const phone = await pageOf(driver, VIEWPORTS.phone, "en");
    await phone.page.goto(`${server.url}/booking-details/${code}`, { waitUntil: "networkidle" });
    const open = phone.page.getByRole("button", { name: "Report a problem" });
    await open.waitFor();
    await tabTo(phone.page, open);
    await phone.page.keyboard.press("Enter");
    const reason = phone.page.getByLabel("What went wrong?");
    await tabTo(phone.page, reason);
    // "Choose a problem", "The car park was full", then "Barrier closed / no attendant".
    await phone.page.keyboard.press("ArrowDown");
    await phone.page.keyboard.press("ArrowDown");
    expect(await reason.inputValue()).toBe("barrier_closed");
    await tabTo(phone.page, phone.page.getByLabel("What happened (optional)"));
    await phone.page.keyboard.type("The barrier stayed down and nobody answered.");
    await tabTo(phone.page, phone.page.getByRole("button", { name: "Send the report" }));
    await fitsWidth(phone.page, 390);
    await phone.page.keyboard.press("Enter");
    await phone.page.waitForURL(/\/claims\/\d+$/);
    const claimUrl = new URL(phone.page.url()).pathname;
    await phone.page.getByTestId("claim-status").getByText("Waiting for our team").waitFor();
    expect(await phone.page.getByText("Barrier closed / no attendant").count()).toBe(1);
    expect(await phone.page.getByTestId("claim-decision").textContent()).toMatch(
      /Our team will decide by .+ \d/,
    );
    await fitsWidth(phone.page, 390);
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    const [claim] = await db.query<{ code: string }>(
      `SELECT c.code FROM claims c JOIN bookings b ON b.id = c.booking_id WHERE b.booking_code = $1`,
      [code],
    );
    expect(claim).toBeDefined();

    // Parkwell's staff, on a laptop, in French: the queue, the claim, a part refund.
    const staff = await createSignedInUser(db, { firstName: "Ngozi" });
    await db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [staff.id]);
    const desk = await pageOf(staff, VIEWPORTS.desktop, "fr");
    await desk.page.goto(`${server.url}/admin/claims`, { waitUntil: "networkidle" });
    await desk.page.getByRole("heading", { name: "Réclamations", level: 1 }).waitFor();
    const link = desk.page.getByRole("link", { name: claim!.code });
    await tabTo(desk.page, link);
    await desk.page.keyboard.press("Enter");
    await desk.page.getByTestId("admin-claim").getByText("Barrière fermée / aucun agent").waitFor();
    expect(await desk.page.getByTestId("admin-claim").getByText("Tobi").count()).toBe(1);
    const decision = desk.page.getByLabel("Décision");
    await tabTo(desk.page, decision);
    // "Choisissez une décision", "Rembourser en totalité", then "Rembourser en partie".
    await desk.page.keyboard.press("ArrowDown");
    await desk.page.keyboard.press("ArrowDown");
    expect(await decision.inputValue()).toBe("refund_part");
    const amount = desk.page.getByLabel(/Montant à rembourser/);
    await tabTo(desk.page, amount);
    await desk.page.keyboard.type("100");
    await tabTo(desk.page, desk.page.getByLabel(/Un mot pour le conducteur/));
    await desk.page.keyboard.type("Désolés pour l'attente à la barrière.");
    await tabTo(desk.page, desk.page.getByRole("button", { name: "Enregistrer la décision" }));
    await desk.page.keyboard.press("Enter");
    await desk.page.getByText("Remboursée\u00a0: le conducteur est prévenu par e-mail.").waitFor();
    await fitsWidth(desk.page, 1366);
    expect(desk.problems).toEqual([]);
    await desk.context.close();

    const [row] = await db.query<{ status: string; refund_minor: string }>(
      `SELECT status, refund_minor::text FROM claims WHERE code = $1`,
      [claim!.code],
    );
    expect(row).toEqual({ status: "refunded", refund_minor: "10000" });

    // The driver reads the decision in French on a laptop, and staff's queue fits a phone in English.
    const laptop = await pageOf(driver, VIEWPORTS.desktop, "fr");
    await laptop.page.goto(`${server.url}${claimUrl}`, { waitUntil: "networkidle" });
    await laptop.page.getByTestId("claim-status").getByText("Remboursée").waitFor();
    const said = await laptop.page.getByTestId("claim-decision").textContent();
    expect(said).toContain("vous ont été remboursés le");
    expect(said).toContain("Désolés pour l'attente à la barrière.");
    expect(laptop.problems).toEqual([]);
    await laptop.context.close();

    const small = await pageOf(staff, VIEWPORTS.phone, "en");
    await small.page.goto(`${server.url}/admin/claims?status=decided`, { waitUntil: "networkidle" });
    await small.page.getByRole("link", { name: claim!.code }).waitFor();
    await fitsWidth(small.page, 390);
    expect(small.problems).toEqual([]);
    await small.context.close();

    // A second booking, begun half an hour ago, reported full (nobody inside: it waits for staff).
    const second = await apiCall<{ booking_code: string }>(server.url, driver, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        plate_number: "LAG124CL",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      }),
    });
    await db.query(
      `UPDATE bookings SET start_time = $2::timestamptz, end_time = $3::timestamptz WHERE booking_code = $1`,
      [
        second.booking_code,
        new Date(Date.now() - 30 * 60_000).toISOString(),
        new Date(Date.now() + 90 * 60_000).toISOString(),
      ],
    );
    const full = await apiCall<{ id: number; status: string }>(server.url, driver, "/claims", {
      method: "POST",
      body: JSON.stringify({ booking_id: second.booking_code, reason: "park_full" }),
    });
    expect(full.status).toBe("open");

    // Staff, on a phone in English, rebook it at the nearest park free (chosen first) by keyboard.
    const mobile = await pageOf(staff, VIEWPORTS.phone, "en");
    await mobile.page.goto(`${server.url}/admin/claims/${full.id}`, { waitUntil: "networkidle" });
    const choice = mobile.page.getByLabel("Decision");
    await tabTo(mobile.page, choice);
    // "Choose a decision", "Refund in full", "Refund part", "Decline", then "Rebook at another car park".
    for (let i = 0; i < 4; i++) await mobile.page.keyboard.press("ArrowDown");
    expect(await choice.inputValue()).toBe("rebook");
    const nearest = mobile.page
      .getByRole("group", { name: "Car park for the new booking" })
      .getByRole("radio")
      .first();
    await nearest.waitFor();
    expect(await nearest.isChecked()).toBe(true);
    await fitsWidth(mobile.page, 390);
    await tabTo(mobile.page, mobile.page.getByRole("button", { name: "Rebook", exact: true }));
    await mobile.page.keyboard.press("Enter");
    await mobile.page.getByText("Rebooked: the driver is told by e-mail.").waitFor();
    expect(mobile.problems).toEqual([]);
    await mobile.context.close();

    const [moved] = await db.query<{ park: string; code: string }>(
      `SELECT p.name AS park, nb.booking_code AS code FROM claims c
         JOIN bookings nb ON nb.id = c.rebooked_booking_id JOIN parks p ON p.id = nb.park_id WHERE c.id = $1`,
      [full.id],
    );
    expect(moved).toBeDefined();

    // The driver reads it in French on a laptop, with the new booking's link.
    const reader = await pageOf(driver, VIEWPORTS.desktop, "fr");
    await reader.page.goto(`${server.url}/claims/${full.id}`, { waitUntil: "networkidle" });
    await reader.page.getByTestId("claim-rebooked").waitFor();
    expect(await reader.page.getByTestId("claim-rebooked").textContent()).toContain(
      `Nouvelle place à ${moved!.park}\u00a0: réservation ${moved!.code}`,
    );
    await reader.page.getByRole("link", { name: "Voir la nouvelle réservation" }).click();
    await reader.page.waitForURL(new RegExp(`/booking-details/${moved!.code}$`));
    expect(reader.problems).toEqual([]);
    await reader.context.close();
  });
});
