import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
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

// Its own server on a PostgreSQL database, where the test makes a courier and reads the seed.
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

/** The browser logs each refused request (the coupon's 422) as a failed resource: that one is expected. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

async function withToken(
  token: string,
  viewport: { width: number; height: number },
  language: "en" | "fr" = "en",
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript(
    ([t, lang]) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", lang);
    },
    [token, language] as const,
  );
  const { page, problems } = await watchedPage(context);
  return { context, page, problems };
}

async function adminToken(): Promise<string> {
  const res = await fetch(`${server.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ identifier: "admin@parkwell.test", password: "admin-parkwell-2026" }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function axeSerious(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * A delivery order of a new Lagos driver, paid from a demo top-up: one unit of an in-stock product
 * without variations, to an address at a Lagos depot (a takeaway: at the first pickup park
 * offered), in the first slot offered.
 */
async function placeOrder(driver: SignedInUser, type: "delivery" | "takeaway" = "delivery"): Promise<string> {
  await demoTopUp(server.url, driver, 200_000);
  const [depot] = await db.query<{ lat: number; lng: number; city: string }>(
    `SELECT d.lat, d.lng, d.city FROM market_depots d WHERE d.country_id = 1 AND d.status = 'active'
     ORDER BY d.id LIMIT 1`,
  );
  expect(depot, "the seed has a Nigerian depot").toBeDefined();
  const address = await apiCall<{ id: number }>(server.url, driver, "/addresses", {
    method: "POST",
    body: JSON.stringify({
      label: "home",
      address: "14 Admiralty Way",
      city: depot!.city,
      lat: depot!.lat,
      lng: depot!.lng,
      phone: "+234 801 234 5678",
    }),
  });
  const [item] = await db.query<{ id: number }>(
    `SELECT i.id FROM market_items i
     WHERE i.country_id = 1 AND i.kind = 'product' AND i.status = 'active' AND i.stock > 5
       AND NOT EXISTS (SELECT 1 FROM market_variations v WHERE v.item_id = i.id AND v.status = 'active')
     ORDER BY i.id LIMIT 1`,
  );
  expect(item, "the seed has a Nigerian product in stock").toBeDefined();
  const options = await apiCall<{
    slots: { slot_id: number; date: string }[];
    pickup_parks: { id: number }[];
  }>(server.url, driver, "/marketplace/options?country=NG");
  const slot = options.slots[0];
  expect(slot, "Delivery Setup offers a slot").toBeDefined();
  const res = await fetch(`${server.url}/api/v1/orders`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${driver.token}`,
      "content-type": "application/json",
      "idempotency-key": randomUUID(),
    },
    body: JSON.stringify({
      country: "NG",
      lines: [{ item_id: item!.id, quantity: 1 }],
      order_type: type,
      ...(type === "delivery" ? { address_id: address.id } : { park_id: options.pickup_parks[0]!.id }),
      time_slot: { slot_id: slot!.slot_id, date: slot!.date },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { order_code: string }).order_code;
}

describe("the back office's marketplace", () => {
  it("an admin creates a coupon, moves an order to out for delivery with a courier, the courier delivers it on a phone, and a return refunds a unit", async () => {
    const courier = await createSignedInUser(db, { firstName: "Kunle" });
    await db.query(`UPDATE users SET role = 'delivery_boy', last_name = 'Courier' WHERE id = $1`, [
      courier.id,
    ]);
    const driver = await createSignedInUser(db, { firstName: "Ada" });
    const code = await placeOrder(driver);

    const admin = await withToken(await adminToken(), VIEWPORTS.desktop);
    const { page } = admin;
    try {
      // A coupon: a percentage over 100 is refused at its field before anything is sent.
      const coupon = `E2E${Date.now() % 1_000_000}`;
      await page.goto(`${server.url}/admin/marketplace/coupons`);
      await page.getByRole("heading", { level: 1, name: "Coupons" }).waitFor();
      await page.getByRole("button", { name: "New coupon" }).click();
      const dialog = page.getByRole("dialog", { name: "New coupon" });
      await dialog.getByLabel(/^Code/).fill(coupon.toLowerCase());
      await dialog.getByLabel(/^Name/).fill("Browser test coupon");
      await dialog.getByLabel("Discount type").selectOption("percentage");
      await dialog.getByLabel(/^Discount \(%\)/).fill("150");
      await dialog.getByLabel(/^Maximum discount/).fill("5000");
      await dialog.getByLabel(/^Starts/).fill("2026-01-01T00:00");
      await dialog.getByLabel(/^Ends/).fill("2030-12-31T23:59");
      // For marketplace orders (checked by default) and vehicle documents, 500 uses in all.
      expect(await dialog.getByRole("checkbox", { name: "Marketplace orders" }).isChecked()).toBe(true);
      await dialog.getByRole("checkbox", { name: "Vehicle documents" }).check();
      await dialog.getByLabel(/^Uses in all/).fill("500");
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.getByText("Discount less then or equal to 100").waitFor();
      expect(await axeSerious(page)).toEqual([]);
      await dialog.getByLabel(/^Discount \(%\)/).fill("15");
      await dialog.getByRole("button", { name: "Create" }).click();
      await dialog.waitFor({ state: "hidden" });
      const row = page.getByRole("row").filter({ hasText: coupon });
      await row.waitFor();
      expect(await row.textContent()).toContain("15 %");
      const made = await db.query<{ kinds: string[]; total_limit: number }>(
        `SELECT kinds, total_limit FROM coupons WHERE code = $1`,
        [coupon],
      );
      expect(made).toEqual([{ kinds: ["order", "vehicle_docs"], total_limit: 500 }]);

      // The order: in the list under Pending, then through its stages.
      await page.goto(`${server.url}/admin/orders?stage=placed`);
      await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
      await page.getByRole("link", { name: code }).click();
      await page.getByRole("heading", { level: 1, name: `Order ${code}` }).waitFor();
      const moves = page.getByRole("region", { name: "Next step" });
      // Exactly the stages the table allows from "placed".
      expect(await moves.getByRole("button").allTextContents()).toEqual(["Accept", "Reject", "Cancel order"]);
      await moves.getByRole("button", { name: "Reject" }).click();
      const reject = page.getByRole("dialog", { name: `Reject order ${code}?` });
      expect(await reject.textContent()).toMatch(/₦[\d,]+ goes back to Ada Tester's wallet/);
      await reject.getByRole("button", { name: "Cancel", exact: true }).click();

      for (const [button, stage] of [
        ["Accept", "Accepted"],
        ["Start processing", "Processing"],
        ["Being prepared", "Being prepared"],
      ] as const) {
        await moves.getByRole("button", { name: button, exact: true }).click();
        await page
          .getByRole("status")
          .filter({ hasText: `The order is now ${stage}.` })
          .waitFor();
      }
      await page.getByLabel("Give the order to").selectOption({ label: "Kunle Courier (0 active)" });
      await page.getByRole("button", { name: "Assign courier" }).click();
      await page.getByText("Given to Kunle Courier.").waitFor();
      await moves.getByRole("button", { name: "Out for delivery", exact: true }).click();
      await page.getByRole("status").filter({ hasText: "The order is now Out for delivery." }).waitFor();
      expect(await axeSerious(page)).toEqual([]);
      expect(realProblems(admin.problems)).toEqual([]);
    } finally {
      await admin.context.close();
    }

    // The courier, on a phone: /admin opens their deliveries.
    const phone = await withToken(courier.token, VIEWPORTS.phone);
    try {
      const p = phone.page;
      await p.goto(`${server.url}/admin`);
      await p.getByRole("heading", { level: 1, name: "My deliveries" }).waitFor();
      expect(new URL(p.url()).pathname).toBe("/admin/deliveries");
      const card = p.getByRole("listitem").filter({ has: p.getByRole("heading", { name: code }) });
      await card.waitFor();
      expect(await card.getByRole("link", { name: /^Call / }).getAttribute("href")).toBe(
        "tel:+234 801 234 5678",
      );
      expect(await card.getByRole("button", { name: "Picked up" }).count()).toBe(0);
      expect(await axeSerious(p)).toEqual([]);
      expect(await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
        false,
      );
      // By keyboard: the button, then the dialog (its focus starts on Cancel; Tab reaches the confirmation).
      await card.getByRole("button", { name: "Delivered" }).press("Enter");
      const confirm = p.getByRole("dialog", { name: `Delivered order ${code}?` });
      await confirm.waitFor();
      expect(await p.evaluate(() => document.activeElement?.textContent)).toBe("Cancel");
      await p.keyboard.press("Tab");
      await p.keyboard.press("Enter");
      await p
        .getByRole("status")
        .filter({ hasText: `Order ${code} is now Delivered.` })
        .waitFor();
      expect(realProblems(phone.problems)).toEqual([]);
    } finally {
      await phone.context.close();
    }
    const [delivered] = await db.query<{ stage: string }>(`SELECT stage FROM orders WHERE order_code = $1`, [
      code,
    ]);
    expect(delivered?.stage).toBe("delivered");

    // Back in the office: the return dialog asks for units first, then refunds the returned unit.
    const again = await withToken(await adminToken(), VIEWPORTS.desktop);
    try {
      const { page } = again;
      await page.goto(`${server.url}/admin/orders/${code}`);
      const moves = page.getByRole("region", { name: "Next step" });
      await moves.waitFor();
      expect(await moves.getByRole("button").allTextContents()).toEqual(["Complete", "Record a return"]);
      await moves.getByRole("button", { name: "Record a return" }).click();
      const dialog = page.getByRole("dialog", { name: `Return on order ${code}` });
      await dialog.getByRole("button", { name: "Record a return" }).click();
      await dialog.getByText("Choose at least one unit to return.").waitFor();
      await dialog.getByRole("combobox").first().selectOption("1");
      await dialog.getByRole("button", { name: "Record a return" }).click();
      await page.getByRole("status").filter({ hasText: "The order is now Returned." }).waitFor();
      await page.getByText("Refunded", { exact: true }).waitFor();
      expect(realProblems(again.problems)).toEqual([]);
    } finally {
      await again.context.close();
    }
    const [returned] = await db.query<{ stage: string; refunded_minor: string }>(
      `SELECT stage, refunded_minor FROM orders WHERE order_code = $1`,
      [code],
    );
    expect(returned?.stage).toBe("returned");
    expect(Number(returned?.refunded_minor)).toBeGreaterThan(0);
  });

  it("a takeaway is handed over as 'Collected', never 'Delivered', in the back office and on the driver's order page", async () => {
    const driver = await createSignedInUser(db, { firstName: "Ada" });
    const code = await placeOrder(driver, "takeaway");
    const admin = await withToken(await adminToken(), VIEWPORTS.desktop);
    try {
      const { page } = admin;
      await page.goto(`${server.url}/admin/orders/${code}`);
      await page.getByRole("heading", { level: 1, name: `Order ${code}` }).waitFor();
      const moves = page.getByRole("region", { name: "Next step" });
      for (const [button, stage] of [
        ["Accept", "Accepted"],
        ["Start processing", "Processing"],
        ["Being prepared", "Being prepared"],
      ] as const) {
        await moves.getByRole("button", { name: button, exact: true }).click();
        await page
          .getByRole("status")
          .filter({ hasText: `The order is now ${stage}.` })
          .waitFor();
      }
      // A pickup is handed over at the park: its one way on says so.
      expect(await moves.getByRole("button").allTextContents()).toEqual(["Mark collected"]);
      await moves.getByRole("button", { name: "Mark collected" }).click();
      await page.getByRole("status").filter({ hasText: "The order is now Collected." }).waitFor();
      const timeline = page.getByRole("region", { name: "Timeline" });
      await expect.poll(() => timeline.locator(".mp-stage").allTextContents()).toContain("Collected");
      expect(await page.locator("main").textContent()).not.toContain("Delivered");
      expect(realProblems(admin.problems)).toEqual([]);
    } finally {
      await admin.context.close();
    }

    for (const [viewport, language, collected, gone] of [
      [VIEWPORTS.desktop, "en", "Collected", ["Delivered", "Out for delivery"]],
      [VIEWPORTS.phone, "fr", "Retirée", ["Livrée", "En cours de livraison"]],
    ] as const) {
      const mine = await withToken(driver.token, viewport, language);
      try {
        await mine.page.goto(`${server.url}/orders/${code}`);
        await expect.poll(() => mine.page.getByTestId("order-stage").textContent()).toBe(collected);
        const steps = await mine.page.locator(".market-timeline__label").allTextContents();
        expect(steps.join(" | ")).toContain(collected);
        for (const word of gone) expect(steps.join(" | ")).not.toContain(word);
        expect(realProblems(mine.problems)).toEqual([]);
      } finally {
        await mine.context.close();
      }
    }
  });

  it("shows the orders, items, delivery setup and a report in French on a 390 px phone without sideways scrolling", async () => {
    const admin = await withToken(await adminToken(), VIEWPORTS.phone, "fr");
    try {
      const { page } = admin;
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      for (const [path, heading] of [
        ["/admin/orders", "Commandes"],
        ["/admin/marketplace/items", "Articles"],
        ["/admin/marketplace/delivery?country=NG", "Configuration des livraisons"],
        ["/admin/orders/reports/sales", "Rapport des ventes"],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        expect(await wide(), path).toBe(false);
      }
      expect(await axeSerious(page)).toEqual([]);
      // The report's CSV: the whole filtered range, saved under the server's file name.
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Exporter en CSV" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      expect(realProblems(admin.problems)).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});
