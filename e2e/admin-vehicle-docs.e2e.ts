import { addDays, dayOnClock } from "@parkwell/contract";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, demoTopUp } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database, where the test writes the driver's vehicle and reads the seed.
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

/** A 4x3 PNG, red: small enough to write here, a real image for the server's check of the bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWOgcA9TEL9UV+YsgAAAAASUVORK5CYII=",
  "base64",
);

async function adminPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: "admin@parkwell.test", password: "admin-parkwell-2026" }),
  });
  expect(res.status).toBe(200);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript((t) => {
    window.localStorage.setItem("parkwell_user_token", t);
    window.localStorage.setItem("language", "en");
  }, token);
  const { page, problems } = await watchedPage(context);
  return { context, page, problems };
}

/**
 * A funded Lagos driver's request to renew a saved Toyota's vehicle licence, collected at the
 * first active Nigerian park: the vehicle written with SQL, the request through the API.
 */
async function placedRequest(): Promise<{
  driver: SignedInUser;
  code: string;
  vehicleId: number;
  park: string;
}> {
  const driver = await createSignedInUser(db);
  await demoTopUp(server.url, driver, 200_000);
  const [vehicle] = await db.query<{ id: number }>(
    `INSERT INTO user_vehicles
       (user_id, plate_number, vehicle_type_id, make, model, color, year, engine_cc, registration_state_id, vehicle_use)
     SELECT $1, 'KJA482LX', 1, 'Toyota', 'Corolla', 'Silver', 2016, 1800, s.id, 'private'
     FROM states s JOIN countries c ON c.id = s.country_id WHERE c.code = 'NG' AND s.code = 'LA'
     RETURNING id`,
    [driver.id],
  );
  const [park] = await db.query<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM parks p JOIN countries c ON c.id = p.country_id
     WHERE c.code = 'NG' AND p.status = 'active' ORDER BY p.id LIMIT 1`,
  );
  expect(vehicle && park, "the seed has Lagos and a Nigerian park").toBeTruthy();
  const placed = await apiCall<{ code: string }>(server.url, driver, "/vehicle-docs/requests", {
    method: "POST",
    body: JSON.stringify({
      type: "vehicle_papers",
      vehicle_id: vehicle!.id,
      documents: ["vehicle_licence"],
      delivery: { park_id: park!.id },
    }),
  });
  return { driver, code: placed.code, vehicleId: vehicle!.id, park: park!.name };
}

describe("the back office's vehicle document requests", () => {
  it("staff take a request to delivered with a scan and its expiry date; the driver then has both", async () => {
    const { driver, code, vehicleId, park } = await placedRequest();
    // The papers' new expiry: a year after today on Nigeria's clock, whatever day the test runs.
    const expiresOn = addDays(dayOnClock(new Date(), "Africa/Lagos"), 365);
    const { context, page, problems } = await adminPage(VIEWPORTS.desktop);
    try {
      await page.goto(`${server.url}/admin/vehicle-docs`);
      await page.getByRole("link", { name: code }).click();
      await page.getByRole("heading", { level: 1, name: `Request ${code}` }).waitFor();
      await page.getByText(`Collected at ${park}`).waitFor();
      await page.getByText("Toyota Corolla · Silver · 2016").waitFor();

      // Each move e-mails the driver: it asks first, and the dialog's button names the move.
      const step = async (button: string, stage: string) => {
        await page.getByRole("button", { name: button, exact: true }).click();
        await page.getByRole("dialog").getByRole("button", { name: button, exact: true }).click();
        await page
          .getByRole("status")
          .filter({ hasText: `The request is now: ${stage}.` })
          .waitFor();
      };
      await step("Mark documents checked", "Documents checked");
      await step("Send to the licensing office", "At the licensing office");
      await step("Mark ready", "Ready");

      // The issued papers: their scan, then their expiry date.
      await page.getByLabel("What it is").fill("Vehicle licence 2027");
      await page.getByLabel("Scan", { exact: true }).setInputFiles({
        name: "licence.png",
        mimeType: "image/png",
        buffer: PNG,
      });
      await page.getByRole("button", { name: "Send the scan" }).click();
      await page.getByText("The scan was sent: the driver can open it from their request.").waitFor();
      const open = page.getByRole("button", { name: "Open Vehicle licence 2027" });
      const download = page.waitForEvent("download");
      await open.click();
      expect((await download).suggestedFilename()).toBe("Vehicle licence 2027.png");

      await page.getByLabel("Vehicle licence expires on").fill(expiresOn);
      await page.getByRole("button", { name: "Save the expiry dates" }).click();
      await page.getByText("The expiry dates are recorded on the vehicle.").waitFor();

      await step("Mark ready for pickup", "Ready for pickup");
      // Delivered asks each document's new expiry date: the one saved above is filled in.
      await page.getByRole("button", { name: "Mark delivered", exact: true }).click();
      const delivered = page.getByRole("dialog", { name: `Mark ${code} delivered` });
      expect(await delivered.getByLabel(/Vehicle licence expires on/).inputValue()).toBe(expiresOn);
      await delivered.getByRole("button", { name: "Mark delivered", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "The request is now: Delivered." }).waitFor();
      expect(await page.getByRole("button", { name: "Send the scan" }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    // The driver's side, through the API: the request lists the scan, the vehicle has the date.
    const files = await apiCall<{ items: { kind: string; label: string; link: unknown }[] }>(
      server.url,
      driver,
      `/vehicle-docs/requests/${code}/files`,
    );
    expect(files.items).toEqual([
      expect.objectContaining({
        kind: "issued_scan",
        label: "Vehicle licence 2027",
        link: expect.anything(),
      }),
    ]);
    const vehicles = await apiCall<
      { vehicle_id: number; expiries: { document_type: string; expires_on: string }[] }[]
    >(server.url, driver, "/vehicle-docs/vehicles");
    expect(vehicles.find((v) => v.vehicle_id === vehicleId)?.expiries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ document_type: "vehicle_licence", expires_on: expiresOn }),
      ]),
    );
    const request = await apiCall<{ stage: string }>(server.url, driver, `/vehicle-docs/requests/${code}`);
    expect(request.stage).toBe("delivered");
  });
});
