import AxeBuilder from "@axe-core/playwright";
import {
  addDays,
  dayOnClock,
  formatMoney,
  formatTaxRate,
  formatZonedDateTime,
  instantOfWallClock,
  learnCurrencies,
} from "@parkwell/contract";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../apps/api/src/db/client";
import { pricedBody } from "../apps/api/src/features/receipts/receipts.domain";
import {
  issueReceipt,
  numberReceipts,
  receiptIdOf,
} from "../apps/api/src/features/receipts/receipts.service";
import { servedCountries } from "../apps/api/src/features/reference/served-countries";
import { chargeWallet, creditTopUp, refundToWallet } from "../apps/api/src/features/wallet/ledger.service";
import { demoTopUp } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database the test writes receipts into, as a purchase would: each
// ledger move and its receipt in one transaction (a top-up, a booking, its partial refund).
let db: E2eDatabase;
let server: RunningServer;
let driver: SignedInUser;
const browser = useBrowser();

const LAGOS = "Africa/Lagos";
// 21:45 UTC is 22:45 in Lagos; the refund the next morning.
const BOUGHT = new Date("2026-11-20T21:45:00.000Z");
const REFUNDED = new Date("2026-11-21T08:10:00.000Z");
const BOOKING = "PW-RCPT7K";

/** A top-up, a booking at a Lagos park and its partial refund, each with its receipt; numbered. */
async function seedReceipts(userId: string): Promise<void> {
  const [park] = await db.query<{ id: number; name: string }>(
    "SELECT id, name FROM parks WHERE country_id = 1 AND time_zone = $1 ORDER BY id LIMIT 1",
    [LAGOS],
  );
  expect(park, "the seed has a park in Lagos").toBeDefined();
  const database = await openDatabase({ url: db.url, poolSize: 2 });
  const common = { userId, countryId: 1, currency: "NGN", decimals: 2 } as const;
  try {
    await database.db.transaction(async (tx) => {
      const key = `topup:e2e-${userId}`;
      // The wallet writes a top-up's receipt itself (creditTopUp), at the time given.
      await creditTopUp(servedCountries(database.db), tx, {
        userId,
        currency: "NGN",
        amountMinor: 10_000_00,
        provider: "demo",
        idempotencyKey: key,
        reference: `PW-TOPUP-${userId.slice(0, 6)}`,
        at: new Date(BOUGHT.getTime() - 3_600_000),
      });
    });
    await database.db.transaction(async (tx) => {
      const key = `booking:e2e-${userId}:1`;
      const body = pricedBody(
        { parkingMinor: 1_500_00, serviceFeeMinor: 100_00, bookingFeeMinor: 75_00, taxMinor: 13_13 },
        { name: "VAT", rateBps: 750 },
        {
          kind: "parking",
          subject: park!.name,
          from: "2026-11-21T08:00:00.000Z",
          to: "2026-11-21T11:00:00.000Z",
        },
      );
      await issueReceipt(tx, {
        ...common,
        kind: "booking",
        ledgerKey: key,
        reference: BOOKING,
        parkId: park!.id,
        issuedAt: BOUGHT,
        body,
        expectedMinor: 1_688_13,
      });
      await chargeWallet(tx, { userId, currency: "NGN", amountMinor: 1_688_13, idempotencyKey: key });
    });
    await database.db.transaction(async (tx) => {
      const key = `refund:e2e-${userId}:1`;
      await refundToWallet(tx, { userId, currency: "NGN", amountMinor: 750_00, idempotencyKey: key });
      await issueReceipt(tx, {
        ...common,
        kind: "credit_note",
        ledgerKey: key,
        reference: BOOKING,
        parkId: park!.id,
        issuedAt: REFUNDED,
        body: { lines: [{ kind: "parking", amountMinor: -750_00, subject: park!.name }], taxes: [] },
        expectedMinor: -750_00,
        reversesId: await receiptIdOf(tx, `booking:e2e-${userId}:1`),
      });
    });
    await numberReceipts(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
  driver = await createSignedInUser(db, { firstName: "Ada" });
  await db.query(
    "UPDATE users SET company_name = 'Obi & Sons Ltd', company_tax_id = 'TIN 1234' WHERE id = $1",
    [driver.id],
  );
  await seedReceipts(driver.id);
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

async function signedInPage(viewport: { width: number; height: number }, language: "en" | "fr") {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript(
    ([token, lang]) => {
      localStorage.setItem("parkwell_user_token", token!);
      localStorage.setItem("language", lang!);
    },
    [driver.token, language],
  );
  return { context, ...(await watchedPage(context)) };
}

/** Tabs (at most `max` times) until the focused element is `name`'s link or button. */
async function tabTo(page: Page, name: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press("Tab");
    const text = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    if (text === name) return;
  }
  throw new Error(`"${name}" is not reachable with Tab`);
}

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`,
  );

/** The page fits its viewport: nothing scrolls sideways. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe("receipts in the browser", () => {
  it("on a desktop in English: the list, a receipt opened with the keyboard, its PDF downloaded from pdf_url", async () => {
    const { context, page, problems } = await signedInPage(VIEWPORTS.desktop, "en");
    await page.goto(`${server.url}/receipts`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Receipts", level: 1 }).waitFor();
    const rows = page.locator(".receipts-list > li");
    await expect.poll(() => rows.count()).toBe(3);
    const credit = rows.nth(0);
    expect(await credit.locator(".receipt-kind").textContent()).toBe("Credit note");
    expect(await credit.getByTestId("receipt-total").textContent()).toBe("-₦750");
    expect(await credit.locator("time").textContent()).toBe(
      formatZonedDateTime(REFUNDED.toISOString(), "en", LAGOS),
    );
    const booking = rows.nth(1);
    const number = (await booking.getByRole("link").textContent())!;
    expect(number).toMatch(/^NG-2026-\d{6}$/);
    expect(await booking.getByTestId("receipt-total").textContent()).toBe("₦1,688.13");
    expect(await booking.textContent()).toContain(`Ref. ${BOOKING}`);
    expect(await axe(page)).toEqual([]);

    // The filters: credit notes only, then all again.
    await page.getByLabel("Type").selectOption("credit_note");
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect.poll(() => rows.count()).toBe(3);

    // The keyboard reaches the booking's receipt and opens it.
    await page.locator("main h1").click();
    await tabTo(page, number);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: `Receipt ${number}`, level: 1 }).waitFor();
    expect(await page.getByTestId("receipt-date").textContent()).toBe(
      formatZonedDateTime(BOUGHT.toISOString(), "en", LAGOS),
    );
    expect(await page.getByTestId("receipt-tax").textContent()).toBe("VAT 7.5% on ₦175₦13.13");
    expect(await page.getByText("Obi & Sons Ltd").count()).toBe(1);
    expect(await page.getByTestId("receipt-credit-notes").getByRole("link").count()).toBe(1);
    expect(await page.getByRole("link", { name: BOOKING }).getAttribute("href")).toBe(
      `/booking-details/${BOOKING}`,
    );
    expect(await axe(page)).toEqual([]);

    // Download PDF, with the keyboard: the request goes to the receipt's pdf_url with the token.
    const answer = await page.evaluate(
      async ([n, token]) =>
        (await (
          await fetch(`/api/v1/receipts/${n}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          pdf_url: string;
        },
      [number, driver.token],
    );
    await tabTo(page, "Download PDF");
    const pdfRequest = page.waitForRequest((r) => new URL(r.url()).pathname === answer.pdf_url);
    const pdfResponse = page.waitForResponse((r) => new URL(r.url()).pathname === answer.pdf_url);
    const download = page.waitForEvent("download", { timeout: 10_000 }).catch(() => null);
    await page.keyboard.press("Enter");
    const request = await pdfRequest;
    expect(request.headers().authorization).toBe(`Bearer ${driver.token}`);
    const response = await pdfResponse;
    if (response.ok()) {
      // The PDF route is there: the file is saved under the receipt's number.
      expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
      expect((await download)?.suggestedFilename()).toBe(`${number}.pdf`);
    } else {
      // Not (yet) on this branch (the path reads as /receipts/{number}, refused as a number, or as
      // no route): the page says so in an alert, and nothing breaks.
      expect([404, 422]).toContain(response.status());
      await expect.poll(async () => (await page.getByRole("alert").textContent())?.trim()).toBeTruthy();
    }
    expect(problems.filter((p) => !/\b(404|422)\b/.test(p))).toEqual([]);
    await context.close();
  });

  it("on a phone in French: the credit note, the receipt it reverses, and the list, fitting the screen", async () => {
    const { context, page, problems } = await signedInPage(VIEWPORTS.phone, "fr");
    await page.goto(`${server.url}/receipts`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Reçus", level: 1 }).waitFor();
    const rows = page.locator(".receipts-list > li");
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).locator(".receipt-kind").textContent()).toBe("Avoir");
    expect(await rows.nth(0).getByTestId("receipt-total").textContent()).toMatch(/^-750\s₦$/);
    expect(await rows.nth(0).locator("time").textContent()).toBe(
      formatZonedDateTime(REFUNDED.toISOString(), "fr", LAGOS),
    );
    expect(await fitsWidth(page)).toBe(true);
    expect(await axe(page)).toEqual([]);

    await rows.nth(0).getByRole("link").click();
    await page.getByRole("heading", { name: /^Avoir NG-2026-\d{6}$/, level: 1 }).waitFor();
    const reverses = page.getByTestId("receipt-reverses");
    expect(await reverses.textContent()).toMatch(/^Cet avoir annule le reçu NG-2026-\d{6}$/);
    await expect
      .poll(() => page.getByRole("link", { name: BOOKING }).getAttribute("href"))
      .toBe(`/booking-details/${BOOKING}`);
    expect(await page.getByRole("button", { name: "Télécharger le PDF" }).count()).toBe(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await axe(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("taxes by place, named", () => {
  it("a Québec park's checkout and receipt name GST and QST with their rates and bases; a Manhattan park's checkout, NYC's parking tax (en 1366 px, fr 390 px)", async () => {
    const [row] = await db.query<{ id: number; slug: string; time_zone: string }>(
      `SELECT p.id, p.slug, p.time_zone FROM parks p JOIN states s ON s.id = p.state_id
        WHERE s.code = 'QC' AND p.country_id = 2 AND p.status = 'active' AND p.open_24h
          AND EXISTS (SELECT 1 FROM park_rates r WHERE r.park_id = p.id AND r.vehicle_type_id = 1)
        ORDER BY p.id LIMIT 1`,
    );
    expect(row, "the seed has a Québec park open around the clock").toBeDefined();
    const user = await createSignedInUser(db, { countryId: 2 });
    await demoTopUp(server.url, user, 500);
    const signedIn = async (viewport: { width: number; height: number }) => {
      const context = await browser.newContext({ viewport });
      await context.addInitScript((t) => window.localStorage.setItem("parkwell_user_token", t), user.token);
      return context;
    };
    // Two days ahead, 10:00 to 12:00 on Montréal's clock; the quote the page must show is the API's.
    const day = addDays(dayOnClock(new Date(), row!.time_zone), 2);
    const instant = (wall: string) =>
      new Date(instantOfWallClock(Date.parse(`${wall}:00Z`), row!.time_zone)).toISOString();
    const quote = (await (
      await fetch(
        `${server.url}/api/v1/front/parks/${row!.id}/availability?${new URLSearchParams({
          vehicle_type_id: "1",
          start_time: instant(`${day}T10:00`),
          end_time: instant(`${day}T12:00`),
        }).toString()}`,
      )
    ).json()) as {
      price: {
        breakdown: {
          service_fee: number;
          booking_fee: number;
          taxes: { name: string; rate_percent: number; amount: number }[];
        };
      };
    };
    expect(quote.price.breakdown.taxes.map((t) => [t.name, t.rate_percent])).toEqual([
      ["GST", 5],
      ["QST", 9.975],
    ]);
    const plain = (text: string | null | undefined) => (text ?? "").replace(/\s/g, " ");
    // Money as the app writes it, with the currencies' signs the API serves (as the app learns them).
    learnCurrencies(
      (await (await fetch(`${server.url}/api/v1/countries`)).json()) as Parameters<typeof learnCurrencies>[0],
    );
    const money = (n: number, language: "en" | "fr") => plain(formatMoney(n, "CAD", language));
    const taxLines = (language: "en" | "fr", names: [string, string]) =>
      quote.price.breakdown.taxes.map((t, i) => [
        `${names[i]} ${plain(formatTaxRate(t.rate_percent, language))}`,
        money(t.amount, language),
      ]);
    const shownLines = async (page: Page) =>
      (
        await page
          .locator(".booking-lines > div")
          .evaluateAll((rows) =>
            rows.map((r) => [r.querySelector("dt")!.textContent, r.querySelector("dd")!.textContent]),
          )
      ).map(([label, amount]) => [plain(label), plain(amount)]);
    const checkout = `${server.url}/checkout/${row!.slug}?${new URLSearchParams({
      vehicle_type_id: "1",
      start_time: `${day}T10:00`,
      end_time: `${day}T12:00`,
    }).toString()}`;

    const context = await signedIn(VIEWPORTS.desktop);
    const { page, problems } = await watchedPage(context, { country: "CA", ipCountry: "CA" });
    await page.goto(checkout, { waitUntil: "networkidle" });
    await page.getByLabel("Plate number").fill("QC-TAX-1");
    await expect
      .poll(async () => (await shownLines(page)).slice(-3, -1))
      .toEqual(taxLines("en", ["GST", "QST"]));
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    const code = new URL(page.url()).searchParams.get("code")!;
    await page.goto(`${server.url}/booking-details/${code}`, { waitUntil: "networkidle" });
    await page.getByTestId("receipt-links").getByRole("link").first().click();
    await page.getByRole("heading", { level: 1, name: /^Receipt CA-\d{4}-\d{6}$/ }).waitFor();
    const number = page.url().split("/").at(-1)!;
    const receiptTaxes = () =>
      page
        .getByTestId("receipt-tax")
        .evaluateAll((rows) =>
          rows.map((r) => [r.querySelector("th")!.textContent, r.querySelector("td")!.textContent]),
        );
    // GST and QST on Parkwell's fees (the service and booking fees), each with its base.
    const [gst, qst] = quote.price.breakdown.taxes;
    const taxed = (await receiptTaxes()).map(([label, amount]) => [plain(label), plain(amount)]);
    const fees = quote.price.breakdown.service_fee + quote.price.breakdown.booking_fee;
    expect(fees).toBeGreaterThan(0);
    expect(taxed.map(([label]) => label)).toEqual([
      `GST 5% on ${money(fees, "en")}`,
      `QST 9.975% on ${money(fees, "en")}`,
    ]);
    expect(taxed.map(([, amount]) => amount)).toEqual([money(gst!.amount, "en"), money(qst!.amount, "en")]);
    expect(problems).toEqual([]);
    await context.close();

    // In French on a phone: the same receipt, then the checkout's quote, with the French names.
    const fr = await signedIn(VIEWPORTS.phone);
    await fr.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const french = await watchedPage(fr, { country: "CA", ipCountry: "CA" });
    await french.page.goto(`${server.url}/receipts/${number}`, { waitUntil: "networkidle" });
    await french.page.getByRole("heading", { level: 1, name: `Reçu ${number}` }).waitFor();
    const recu = (
      await french.page
        .getByTestId("receipt-tax")
        .evaluateAll((rows) => rows.map((r) => r.querySelector("th")!.textContent))
    ).map(plain);
    expect(recu).toEqual([`TPS 5 % sur ${money(fees, "fr")}`, `TVQ 9,975 % sur ${money(fees, "fr")}`]);
    await french.page.goto(checkout, { waitUntil: "networkidle" });
    await french.page.getByLabel("Numéro d'immatriculation").fill("QC-TAX-2");
    await expect
      .poll(async () => (await shownLines(french.page)).slice(-3, -1))
      .toEqual(taxLines("fr", ["TPS", "TVQ"]));
    expect(await french.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A Manhattan park: its district's parking tax, by name, on the parking itself.
    const [manhattan] = await db.query<{ id: number; slug: string }>(
      `SELECT p.id, p.slug FROM parks p JOIN tax_districts d ON d.id = p.tax_district_id
        WHERE d.code = 'US-NY-NYC-MN' AND p.status = 'active' AND p.open_24h
          AND EXISTS (SELECT 1 FROM park_rates r WHERE r.park_id = p.id AND r.vehicle_type_id = 1)
        ORDER BY p.id LIMIT 1`,
    );
    expect(manhattan, "the seed has a Manhattan park open around the clock").toBeDefined();
    const nycDay = addDays(dayOnClock(new Date(), "America/New_York"), 2);
    const nyc = (wall: string) =>
      new Date(instantOfWallClock(Date.parse(`${nycDay}T${wall}:00Z`), "America/New_York")).toISOString();
    const nycQuote = (await (
      await fetch(
        `${server.url}/api/v1/front/parks/${manhattan!.id}/availability?${new URLSearchParams({
          vehicle_type_id: "1",
          start_time: nyc("10:00"),
          end_time: nyc("12:00"),
        }).toString()}`,
      )
    ).json()) as {
      price: { breakdown: { taxes: { name: string; rate_percent: number; amount: number }[] } };
    };
    expect(nycQuote.price.breakdown.taxes.map((t) => [t.name, t.rate_percent])).toEqual([
      ["NYC parking tax", 18.375],
    ]);
    await french.page.goto(
      `${server.url}/checkout/${manhattan!.slug}?${new URLSearchParams({
        vehicle_type_id: "1",
        start_time: `${nycDay}T10:00`,
        end_time: `${nycDay}T12:00`,
      }).toString()}`,
      { waitUntil: "networkidle" },
    );
    await expect
      .poll(async () => (await shownLines(french.page)).slice(-2, -1))
      .toEqual([
        [
          "Taxe de stationnement de New York 18,375 %",
          plain(formatMoney(nycQuote.price.breakdown.taxes[0]!.amount, "USD", "fr")),
        ],
      ]);
    expect(french.problems).toEqual([]);
    await fr.close();
  });
});
