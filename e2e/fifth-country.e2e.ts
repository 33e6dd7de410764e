/**
 * A country is data: a fifth country added as rows only (its country, fees and state rows, then
 * parks) is offered by the picker and shows its money with its own sign, in the browser as in the
 * API, with no change to the code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();
const GHANA = 5;

beforeAll(async () => {
  db = await createE2eDatabase();
  // The rows go in after the migrations and the seed (the template's, or a first start's), as an
  // operator would add them.
  if (!db.prepared) await (await startServer({ DATABASE_URL: db.url })).stop();
  await db.query(`INSERT INTO countries
    (id, name, code, currency, currency_symbol, currency_decimals, flag, dial_code, timezone, locale,
     sort_order, gateway, gateway_fallback, default_language, time_zones)
    VALUES (${GHANA}, 'Ghana', 'GH', 'GHS', 'GH₵', 2, '🇬🇭', '+233', 'Africa/Accra', 'en-GH', 5,
     'paystack', NULL, 'en', ARRAY['Africa/Accra'])`);
  await db.query(`INSERT INTO fees (country_id, service_fee_minor, booking_fee_bps, tax_bps, tax_name,
     min_topup_minor, max_topup_minor, max_wallet_balance_minor)
    VALUES (${GHANA}, 500, 500, 1500, 'VAT', 1000, 1000000, 5000000)`);
  await db.query(
    `INSERT INTO states (id, country_id, name, code) VALUES (401, ${GHANA}, 'Greater Accra', 'AA')`,
  );
  // Three of Lagos's parks again, in Accra, with their rates (in pesewas) and spaces.
  await db.query(`INSERT INTO parks (slug, park_code, name, description, type, country_id, state_id, city,
      time_zone, address, lat, lng, open_24h, opening_hours, overnight_stays, amenities, max_height_cm,
      entry_instructions, photos, text_language, translations, operator, status, search_text)
    SELECT 'gh-' || slug, 'GH' || park_code, name, description, type, ${GHANA}, 401, 'Accra',
      'Africa/Accra', address, lat - 0.85, lng - 3.58, open_24h, opening_hours,
      overnight_stays, amenities, max_height_cm, entry_instructions, photos, text_language,
      translations, operator, status, search_text
    FROM parks WHERE country_id = 1 AND city = 'Lagos' AND status = 'active' ORDER BY id LIMIT 3`);
  await db.query(`INSERT INTO park_rates (park_id, vehicle_type_id, kind, hourly_minor, daily_max_minor, flat_minor)
    SELECT g.id, r.vehicle_type_id, r.kind, 1250, 9000, r.flat_minor
    FROM parks g JOIN parks n ON 'gh-' || n.slug = g.slug JOIN park_rates r ON r.park_id = n.id
    WHERE r.kind = 'standard'`);
  await db.query(`INSERT INTO park_capacities (park_id, vehicle_type_id, capacity)
    SELECT g.id, c.vehicle_type_id, c.capacity
    FROM parks g JOIN parks n ON 'gh-' || n.slug = g.slug JOIN park_capacities c ON c.park_id = n.id`);
  server = await startServer({ DATABASE_URL: db.url });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

describe("a fifth country added as rows", () => {
  it("is offered by the picker, and its parks' prices are written in its own money, in English and French", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context, { country: null, ipCountry: "unreachable" });
    await page.goto(server.url, { waitUntil: "networkidle" });
    const picker = page.getByRole("dialog", { name: "Choose your country or region" });
    await picker.waitFor();
    await Promise.all([page.waitForEvent("load"), picker.getByRole("button", { name: /Ghana/ }).click()]);
    await page.waitForLoadState("networkidle");

    await page.goto(`${server.url}/parks-list`, { waitUntil: "networkidle" });
    // Named as its row names it, where the catalogue does not yet.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Parking in Ghana");
    await expect.poll(() => page.getByText("GH₵12.50").count()).toBeGreaterThan(0);
    expect(await page.getByText(/GHS/).count()).toBe(0);

    await page.evaluate(() => localStorage.setItem("language", "fr"));
    await page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => page.getByText("12,50\u00a0GH₵").count()).toBeGreaterThan(0);
    // The only errors allowed are the refused connections to the unreachable lookup services.
    expect(problems.filter((p) => !p.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
    await context.close();
  }, 90_000);
});
