import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The API's own stateful Stripe fake: the server talks to it over loopback as it would to Stripe.
import { startStripeFake, type StripeFake } from "../apps/api/src/test/fakes/stripe-fake";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";
import { demoTopUp, ngn } from "./support/api";

// This suite runs its own server on a PostgreSQL database it can also write to (a signed-in user).
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();
let stripe: StripeFake;

beforeAll(async () => {
  db = await createE2eDatabase();
  // Nigeria has no keys here (demo provider); the US goes to Stripe, played by the local fake.
  stripe = await startStripeFake("sk_test_e2e");
  server = await startServer({
    DATABASE_URL: db.url,
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
    STRIPE_API_URL: stripe.url,
  });
});
afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  await db?.drop();
});

async function signedInContext(
  token: string,
  viewport: { width: number; height: number },
  language = "en",
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([t, lang]) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", lang);
    },
    [token, language] as const,
  );
  return context;
}

describe("wallet top-up in demo mode", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`adds funds from /wallet and shows the new balance and the transaction (${name})`, async () => {
      const user = await createSignedInUser(db, { countryId: 1 });
      const context = await signedInContext(user.token, viewport);
      const { page, problems } = await watchedPage(context);
      await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
      await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe(ngn(0));
      await expect
        .poll(() => page.getByText("No transactions yet. Add funds to get started.").count())
        .toBe(1);

      await page.getByRole("button", { name: "Add funds" }).click();
      const amount = page.getByLabel("Amount (NGN)");
      await expect.poll(() => amount.evaluate((el) => el === document.activeElement)).toBe(true);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      await amount.fill("100");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect
        .poll(() => page.getByRole("alert").textContent())
        .toBe(`The minimum top-up is ${ngn(500)}`);

      await amount.fill("2500.50");
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/payment\?reference=PW-[\w]+&provider=demo$/);
      await expect.poll(() => page.getByRole("heading", { name: "Demo payment" }).count()).toBe(1);
      await page.waitForURL(/\/wallet\/callback\?provider=demo&reference=PW-/);
      const reference = new URL(page.url()).searchParams.get("reference");
      await expect
        .poll(() => page.getByTestId("new-balance").textContent(), { timeout: 10_000 })
        .toBe(`New balance: ${ngn(2500.5)}`);
      await expect.poll(() => page.getByRole("heading", { name: "Payment successful" }).count()).toBe(1);

      await page.getByRole("link", { name: "Back to wallet" }).click();
      await page.waitForURL(/\/wallet$/);
      await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe(ngn(2500.5));
      const tx = page.locator(".wallet-tx").first();
      await expect.poll(() => tx.count()).toBe(1);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      await expect.poll(() => tx.textContent()).toContain("Wallet top-up");
      expect(await tx.textContent()).toContain(`+${ngn(2500.5)}`);
      expect(await tx.textContent()).toContain(`Balance after: ${ngn(2500.5)}`);

      const rows = await db.query<{ balance: string }>(
        "SELECT balance_minor::text AS balance FROM wallet_accounts WHERE owner_user_id = $1",
        [user.id],
      );
      expect(rows[0]?.balance).toBe("250050");

      // Coming back to a success page again (reload, bookmark) verifies again and credits nothing.
      for (const path of ["/payment-success", "/payment/success"]) {
        await page.goto(`${server.url}${path}?reference=${reference}&provider=demo`, {
          waitUntil: "networkidle",
        });
        await expect.poll(() => page.getByText("This payment is already in your wallet.").count()).toBe(1);
        expect(await page.getByTestId("new-balance").textContent()).toBe(`New balance: ${ngn(2500.5)}`);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("shows the login prompt to a signed-out visitor, in French too", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context);
    await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByText("Please login to view your account").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Login to Continue" }).count()).toBe(1);
    await context.close();

    const fr = await browser.newContext();
    await fr.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const frPage = await fr.newPage();
    await frPage.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
    await expect
      .poll(() => frPage.getByText("Veuillez vous connecter pour voir votre compte").count())
      .toBe(1);
    await fr.close();
  });

  it("keeps the wallet usable in French with the keyboard", async () => {
    const user = await createSignedInUser(db, { countryId: 3 });
    const context = await signedInContext(user.token, VIEWPORTS.phone, "fr");
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Ajouter des fonds" }).focus();
    await page.keyboard.press("Enter");
    await page.getByLabel("Montant (XOF)").fill("1000,5");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("Saisissez un montant entier, sans décimales");
    await page.keyboard.press("Escape");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("tells the user clearly when the card provider cannot be reached", async () => {
    const user = await createSignedInUser(db, { countryId: 4 });
    const context = await signedInContext(user.token, VIEWPORTS.desktop);
    const { page } = await watchedPage(context);
    await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Add funds" }).click();
    await page.getByLabel("Amount (USD)").fill("20");

    // Stripe's API down: add-funds fails with the server's message and nothing starts.
    stripe.behaviour.mode = "down";
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/^The payment provider could not be reached/);
    stripe.behaviour.mode = "ok";

    // Stripe's API up but Stripe.js (js.stripe.com) unreachable from this closed network.
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/payment\?reference=PW-\w+&provider=stripe$/);
    await expect
      .poll(() => page.getByRole("alert").textContent(), { timeout: 30_000 })
      .toBe(
        "The card payment service could not be reached. Check your connection and try again, or come back later.",
      );
    expect([...stripe.intents.values()].some((pi) => pi.amount === 2000 && pi.currency === "usd")).toBe(true);
    await context.close();
  });
});

describe("wallet layout", () => {
  const ADD_FUNDS = { en: "Add funds", fr: "Ajouter des fonds" } as const;
  for (const language of ["en", "fr"] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`puts each amount at its row's end, on the line of what it was for (${language}, ${name})`, async () => {
        const user = await createSignedInUser(db, { countryId: 1 });
        for (const amount of [250_000.5, 1500, 75_000]) await demoTopUp(server.url, user, amount);
        const context = await signedInContext(user.token, viewport, language);
        const { page, problems } = await watchedPage(context);
        await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
        // Measured in one pass in the page, so a re-render between two reads cannot detach a row.
        const measure = () =>
          page.$$eval(".wallet-tx", (rows) =>
            rows.map((row) => {
              const rect = (selector: string) => {
                const r = row.querySelector(selector)?.getBoundingClientRect();
                return r && r.width > 0 ? { x: r.x, y: r.y, width: r.width } : null;
              };
              const r = row.getBoundingClientRect();
              return {
                box: { x: r.x, y: r.y, width: r.width },
                title: rect(".wallet-tx__title"),
                amount: rect(".wallet-tx__amount"),
              };
            }),
          );
        await expect
          .poll(async () => (await measure()).filter((row) => row.title && row.amount).length)
          .toBe(3);
        // As a bank's statement: the amount ends at the row's end, on the line of what it was for.
        for (const row of await measure()) {
          const { box } = row;
          const title = row.title!;
          const amount = row.amount!;
          expect(Math.abs(amount.x + amount.width - (box.x + box.width))).toBeLessThanOrEqual(1);
          expect(Math.abs(amount.y - title.y)).toBeLessThanOrEqual(4);
          expect(amount.x).toBeGreaterThanOrEqual(title.x + title.width);
        }
        expect(problems).toEqual([]);
        await context.close();
      });

      it(`lines up the Add funds dialog's buttons as the confirmation dialogs do (${language}, ${name})`, async () => {
        const user = await createSignedInUser(db, { countryId: 1 });
        const context = await signedInContext(user.token, viewport, language);
        const { page, problems } = await watchedPage(context);
        await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
        // On a phone, one above the other across the dialog; wider, side by side at its end.
        await page.getByRole("button", { name: ADD_FUNDS[language] }).click();
        const dialog = page.locator("dialog[open]");
        const input = (await dialog.getByRole("textbox").boundingBox())!;
        const [cancel, submit] = await Promise.all(
          [0, 1].map(async (i) => (await dialog.locator("button").nth(i).boundingBox())!),
        );
        const end = (b: { x: number; width: number }) => b.x + b.width;
        expect(Math.abs(end(submit!) - end(input))).toBeLessThanOrEqual(1);
        if (name === "phone") {
          expect(Math.abs(end(cancel!) - end(input))).toBeLessThanOrEqual(1);
          expect(Math.abs(cancel!.x - input.x)).toBeLessThanOrEqual(1);
          expect(Math.abs(submit!.x - input.x)).toBeLessThanOrEqual(1);
        } else {
          expect(Math.abs(cancel!.y - submit!.y)).toBeLessThanOrEqual(1);
        }
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }
});
