import { twentyFourHourPark, quarterHoursAhead } from "./support/api";
import type { BrowserContext, Download } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { mailedLink } from "./support/mail";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database (the test reads the mail it writes): everything goes
// through the pages a company's owner, its driver and Parkwell's admin use.
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

const openPark = () => twentyFourHourPark(server.url);

async function signedIn(user: SignedInUser, viewport: { width: number; height: number }, language = "en") {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([t, l]) => {
      window.localStorage.setItem("parkwell_user_token", t!);
      window.localStorage.setItem("language", l!);
    },
    [user.token, language],
  );
  return context;
}

/** A window of two hours starting `hoursAhead` from now, on a quarter hour. */
function window2h(hoursAhead: number): { start: string; end: string } {
  const start = quarterHoursAhead(hoursAhead);
  return { start: start.toISOString(), end: new Date(start.getTime() + 2 * 3_600_000).toISOString() };
}

const readDownload = async (download: Download) => {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("a business account", () => {
  it("opens and verifies, tops up, sets a monthly cap; its driver books with the company, is refused above the cap; the owner downloads the statement; the admin sets its credit limit", async () => {
    const owner = await createSignedInUser(db, { firstName: "Ngozi" });
    const driver = await createSignedInUser(db, { firstName: "Chidi" });
    // The owner opens the business account and confirms its billing e-mail from the mailed link.
    const ownerContext: BrowserContext = await signedIn(owner, VIEWPORTS.desktop);
    const o = await watchedPage(ownerContext);
    await o.page.goto(`${server.url}/business-accounts`, { waitUntil: "networkidle" });
    await o.page.getByRole("link", { name: "Open a business account" }).first().click();
    await o.page.waitForURL(`${server.url}/business/new`);
    await o.page.getByLabel("Company name").fill("Acme Logistics Ltd");
    await o.page.getByLabel("Country").selectOption("NG");
    await o.page.getByLabel("Billing e-mail").fill("billing@acme.test");
    await o.page.getByLabel("Tax ID").fill("TIN-0042");
    await o.page.getByRole("button", { name: "Open the account" }).click();
    await expect
      .poll(() => o.page.getByRole("heading", { name: "Check the billing e-mail" }).count())
      .toBe(1);
    await expect.poll(() => mailedLink(server, "billing@acme.test", "/business/verify?")).toMatch(/token=/);
    await o.page.goto(mailedLink(server, "billing@acme.test", "/business/verify?"));
    await expect.poll(() => o.page.getByText(/billing e-mail is confirmed/).count()).toBe(1);
    const [company] = await db.query<{ id: number }>(
      "SELECT id FROM companies WHERE name = 'Acme Logistics Ltd'",
    );
    const id = company!.id;
    const park = await openPark();
    const type = park.rates[0]!.vehicle_type_id;
    const first = window2h(3);
    const second = window2h(30);
    const quote = (await (
      await fetch(
        `${server.url}/api/v1/front/parks/${park.id}/availability?vehicle_type_id=${type}&start_time=${first.start}&end_time=${first.end}`,
      )
    ).json()) as { price: { amount: number } };
    const price = quote.price.amount;
    // One two-hour booking fits under the month's cap; a second does not.
    const cap = Math.ceil(price * 1.5);

    // The owner tops the company up through the demo provider and sets the cap (desktop, English).
    await o.page.goto(`${server.url}/business/${id}/wallet`, { waitUntil: "networkidle" });
    await o.page.getByLabel("Amount (NGN)").fill("100000");
    await o.page.getByRole("button", { name: "Top up", exact: true }).click();
    await o.page.waitForURL(new RegExp(`/business/${id}/wallet`), { timeout: 20_000 });
    await expect
      .poll(() => o.page.getByText("Payment verified and the company's wallet was credited").count())
      .toBe(1);
    await o.page.goto(`${server.url}/business/${id}/policy`, { waitUntil: "networkidle" });
    await o.page.getByLabel("Maximum per member each month (NGN)").fill(String(cap));
    await o.page.getByRole("button", { name: "Save the policy" }).click();
    await expect.poll(() => o.page.getByText("Policy saved").count()).toBe(1);

    // The owner invites the driver by e-mail, in French, with a cost centre.
    await o.page.goto(`${server.url}/business/${id}/members`, { waitUntil: "networkidle" });
    await o.page.getByLabel("E-mail address").fill(driver.email);
    await o.page.getByLabel("Cost centre").fill("Sales");
    await o.page.getByLabel("Language of the e-mail").selectOption("fr");
    await o.page.getByRole("button", { name: "Send the invitation" }).click();
    await expect.poll(() => o.page.getByText(`Invitation sent to ${driver.email}`).count()).toBe(1);
    await expect.poll(() => o.page.getByText("Invitations not yet accepted").count()).toBe(1);

    // The driver (phone, French, already signed in) opens the mailed link and joins.
    const driverContext = await signedIn(driver, VIEWPORTS.phone, "fr");
    const d = await watchedPage(driverContext);
    await expect.poll(() => mailedLink(server, driver.email, "/business-invite?")).toMatch(/token=/);
    await d.page.goto(mailedLink(server, driver.email, "/business-invite?"), { waitUntil: "networkidle" });
    await expect
      .poll(() =>
        d.page.getByText(/vous invite à rejoindre le compte professionnel de Acme Logistics Ltd/).count(),
      )
      .toBe(1);
    // On the phone the brand keeps a margin from the screen's edges.
    const brand = (await d.page.locator(".auth-layout__brand").boundingBox())!;
    const phoneWidth = d.page.viewportSize()!.width;
    expect(brand.x).toBeGreaterThanOrEqual(12);
    expect(brand.x + brand.width).toBeLessThanOrEqual(phoneWidth - 12);
    // Accepting the current Terms is part of joining: the box, ticked with the keyboard.
    await d.page.getByRole("checkbox", { name: /J'accepte les Conditions/ }).focus();
    await d.page.keyboard.press("Space");
    await d.page.getByRole("button", { name: "Rejoindre l'entreprise" }).click();
    await d.page.waitForURL(`${server.url}/business`);
    await expect.poll(() => d.page.getByText("Acme Logistics Ltd").count()).toBe(1);
    expect(await d.page.getByText("Nos Conditions ont changé").count()).toBe(0);
    await o.page.reload({ waitUntil: "networkidle" });
    await expect.poll(() => o.page.getByText("Chidi Tester", { exact: true }).count()).toBe(1);
    expect(await o.page.getByText("Invitations not yet accepted").count()).toBe(0);

    // The driver books with the company, then is refused above the cap.
    const checkout = (w: { start: string; end: string }) =>
      `${server.url}/checkout/${park.slug}?${new URLSearchParams({ vehicle_type_id: String(type), start_time: w.start, end_time: w.end }).toString()}`;
    await d.page.goto(checkout(first), { waitUntil: "networkidle" });
    const withCompany = d.page.getByLabel("Payer avec Acme Logistics Ltd", { exact: true });
    await expect.poll(() => withCompany.count()).toBe(1);
    // Who pays, on the phone: one option a row, each whole inside the screen.
    const options = await d.page.locator(".payer-choice label").evaluateAll((labels) =>
      labels.map((l) => {
        const r = l.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
      }),
    );
    expect(options).toHaveLength(2);
    expect(options[1]!.top).toBeGreaterThanOrEqual(options[0]!.bottom);
    for (const o of options) {
      expect(o.left).toBeGreaterThanOrEqual(0);
      expect(o.right).toBeLessThanOrEqual(phoneWidth);
    }
    await withCompany.check();
    await d.page.getByLabel("Numéro d'immatriculation").fill("LAG-123-AB");
    await d.page.getByRole("button", { name: /^Payer .* avec Acme Logistics Ltd$/ }).click();
    await arriveAt(d.page, /\/booking-success\?code=PW-/, { timeout: 20_000 });
    const code = new URL(d.page.url()).searchParams.get("code")!;

    await d.page.goto(checkout(second), { waitUntil: "networkidle" });
    await expect.poll(() => withCompany.count()).toBe(1);
    await withCompany.check();
    await d.page.getByLabel("Numéro d'immatriculation").fill("LAG-123-AB");
    await d.page.getByRole("button", { name: /^Payer .* avec Acme Logistics Ltd$/ }).click();
    await expect
      .poll(() => d.page.getByRole("alert").first().textContent())
      .toMatch(/^Votre entreprise autorise jusqu.à .* par membre et par mois/);
    // Only the first booking was paid, by the company; the driver's own wallet never moved.
    const charges = await db.query<{ reference: string; amount: string }>(
      "SELECT reference, amount_minor::text AS amount FROM company_charges WHERE company_id = $1 AND kind = 'booking'",
      [id],
    );
    expect(charges.map((c) => c.reference)).toEqual([code]);
    expect(
      await db.query("SELECT 1 FROM wallet_accounts WHERE owner_user_id = $1 AND balance_minor <> 0", [
        driver.id,
      ]),
    ).toEqual([]);
    // The refusal is a 403 (the company does not allow it), logged by the browser; nothing else.
    expect(d.problems.filter((p) => !p.includes("403"))).toEqual([]);

    // The owner downloads the month's statement: the booking with its member and cost centre.
    await o.page.goto(`${server.url}/business/${id}/statements`, { waitUntil: "networkidle" });
    // The month the booking was charged in, on the company's clock (Lagos): a run at the turn of a
    // month opens the page on the next one.
    const [charged] = await db.query<{ month: string }>(
      `SELECT to_char(at AT TIME ZONE 'Africa/Lagos', 'YYYY-MM') AS month FROM company_charges WHERE reference = $1`,
      [code],
    );
    await o.page.getByLabel("Month").fill(charged!.month);
    // The month's balance fills its card (a table laid out as the card's flex box shrank to its text).
    const gap = () =>
      o.page
        .locator(".business-balance")
        .first()
        .evaluate((card) => {
          const style = getComputedStyle(card);
          const inner =
            card.getBoundingClientRect().right -
            parseFloat(style.paddingRight) -
            parseFloat(style.borderRightWidth);
          return inner - card.querySelector("tr")!.getBoundingClientRect().right;
        });
    await expect.poll(gap).toBeLessThan(1);
    const [csv] = await Promise.all([
      o.page.waitForEvent("download"),
      o.page.getByRole("button", { name: "Download CSV" }).click(),
    ]);
    const text = (await readDownload(csv)).toString("utf8");
    const line = text.split("\r\n").find((l) => l.includes(code));
    expect(line, text).toBeDefined();
    expect(line).toContain("Chidi Tester");
    expect(line).toContain("Sales");
    const [pdf] = await Promise.all([
      o.page.waitForEvent("download"),
      o.page.getByRole("button", { name: "Download PDF" }).click(),
    ]);
    expect((await readDownload(pdf)).subarray(0, 5).toString()).toBe("%PDF-");
    expect(o.problems).toEqual([]);

    // Parkwell's admin gives the company a credit limit in the back office (phone, French).
    const adminContext = await browser.newContext({ viewport: VIEWPORTS.phone });
    await adminContext.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const a = await watchedPage(adminContext);
    await a.page.goto(`${server.url}/auth`);
    await a.page.locator("input[type=email]").fill("admin@parkwell.test");
    await a.page.locator("input[type=password]").fill("admin-parkwell-2026");
    await a.page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await a.page.waitForURL(`${server.url}/`);
    await a.page.goto(`${server.url}/admin/companies/${id}`, { waitUntil: "networkidle" });
    await a.page.getByLabel("Limite de crédit (NGN)").fill("50000");
    await a.page.getByRole("button", { name: "Enregistrer la limite de crédit" }).click();
    await expect.poll(() => a.page.getByText("Enregistré.").count()).toBe(1);
    const [limit] = await db.query<{ limit: string }>(
      "SELECT credit_limit_minor::text AS limit FROM companies WHERE id = $1",
      [id],
    );
    expect(limit!.limit).toBe("5000000");
    expect(a.problems).toEqual([]);
    await adminContext.close();
    await driverContext.close();
    await ownerContext.close();
  });
});
