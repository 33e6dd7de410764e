import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quarterHoursAhead, twentyFourHourPark } from "./support/api";
import { arriveAt, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Saved cards and the automatic reload (decision 069), as a driver meets them on the wallet page:
// the demo provider keeps a card as Paystack or Stripe would.
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

async function signedIn(token: string, viewport: { width: number; height: number }, language: string) {
  const context: BrowserContext = await browser.newContext({ viewport });
  await context.addInitScript(
    ([t, lang]) => {
      window.localStorage.setItem("parkwell_user_token", t);
      window.localStorage.setItem("language", lang);
    },
    [token, language] as const,
  );
  return context;
}

const TEXTS = {
  en: {
    addFunds: "Add funds",
    amount: "Amount (NGN)",
    save: "Save this card for one-tap payments and automatic reloads",
    submit: "Continue to payment",
    payWith: "Pay with Visa •••• 4242 now",
    payNow: "Pay now",
    success: "Payment successful",
    back: "Back to wallet",
    card: "Visa •••• 4242, expires 12/2040",
    threshold: "When my balance falls under (NGN)",
    add: "Add (NGN)",
    saveReload: "Save",
    saved: "Automatic reload saved.",
    payWithCard: /^Pay ₦[\d,.]+ with Visa •••• 4242$/,
  },
  fr: {
    addFunds: "Ajouter des fonds",
    amount: "Montant (NGN)",
    save: "Enregistrer cette carte pour les paiements en un geste et les rechargements automatiques",
    submit: "Continuer vers le paiement",
    payWith: "Payer avec Visa •••• 4242 tout de suite",
    payNow: "Payer maintenant",
    success: "Paiement réussi",
    back: "Retour au portefeuille",
    card: "Visa •••• 4242, expire en 12/2040",
    threshold: "Quand mon solde passe sous (NGN)",
    add: "Ajouter (NGN)",
    saveReload: "Enregistrer",
    saved: "Rechargement automatique enregistré.",
    payWithCard: /^Payer [\d\s\u202f\u00a0,]+ ₦ avec Visa •••• 4242$/,
  },
} as const;

describe("saved cards on the wallet page", () => {
  for (const [name, viewport, language] of [
    ["phone", VIEWPORTS.phone, "fr"],
    ["desktop", VIEWPORTS.desktop, "en"],
  ] as const) {
    it(`saves a card while topping up, pays with it in one tap, and turns the reload on (${name}, ${language})`, async () => {
      const t = TEXTS[language];
      const user = await createSignedInUser(db, { countryId: 1 });
      const context = await signedIn(user.token, viewport, language);
      const { page, problems } = await watchedPage(context);
      await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });

      // A top-up at the provider's page, the card kept.
      await page.getByRole("button", { name: t.addFunds }).click();
      await page.getByLabel(t.amount).fill("2500");
      await page.getByLabel(t.save).check();
      await page.getByRole("button", { name: t.submit }).click();
      await page.waitForURL(/\/wallet\/callback\?provider=demo&reference=PW-/);
      await expect
        .poll(() => page.getByRole("heading", { name: t.success }).count(), { timeout: 10_000 })
        .toBe(1);
      await page.getByRole("link", { name: t.back }).click();
      await page.waitForURL(/\/wallet$/);
      // The card is asked of the provider by a job: it shows once that has run.
      await expect
        .poll(
          async () => {
            await page.reload({ waitUntil: "networkidle" });
            return page.getByText(t.card).count();
          },
          { timeout: 20_000, interval: 1000 },
        )
        .toBe(1);

      // One tap: no provider page, straight to the return page.
      await page.getByRole("button", { name: t.addFunds }).click();
      await page.getByLabel(t.payWith).check();
      await page.getByLabel(t.amount).fill("1000");
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/saved-cards-pay-${viewport.width}-${language}.png`,
        });
      }
      await page.getByRole("button", { name: t.payNow }).click();
      await page.waitForURL(/\/wallet\/callback\?provider=demo&reference=PW-/);
      await expect
        .poll(() => page.getByRole("heading", { name: t.success }).count(), { timeout: 10_000 })
        .toBe(1);
      const balance = await db.query<{ balance: string }>(
        "SELECT balance_minor::text AS balance FROM wallet_accounts WHERE owner_user_id = $1",
        [user.id],
      );
      expect(balance[0]?.balance).toBe("350000");

      // The automatic reload, with the keyboard.
      await page.getByRole("link", { name: t.back }).click();
      await page.waitForURL(/\/wallet$/);
      await page.getByLabel(t.threshold).fill("1000");
      await page.getByLabel(t.add).fill("2000");
      await page.getByLabel(t.add).press("Enter");
      await expect.poll(() => page.getByText(t.saved).count()).toBe(1);
      const reload = await db.query<{ threshold: string; amount: string }>(
        "SELECT threshold_minor::text AS threshold, amount_minor::text AS amount FROM auto_reloads WHERE user_id = $1",
        [user.id],
      );
      expect(reload).toEqual([{ threshold: "100000", amount: "200000" }]);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/saved-cards-${viewport.width}-${language}.png`,
          fullPage: true,
        });
      }

      // At a checkout the wallet is short of: one tap pays the difference with the card and books.
      const park = await twentyFourHourPark(server.url);
      const start = quarterHoursAhead(3);
      const query = new URLSearchParams({
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 5 * 86_400_000).toISOString(),
        plate_number: `SC${viewport.width}`,
      });
      await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, {
        waitUntil: "networkidle",
      });
      const oneTap = page.getByRole("button", { name: t.payWithCard });
      await expect.poll(() => oneTap.count(), { timeout: 10_000 }).toBe(1);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      if (process.env.SHOTS_DIR) {
        await oneTap.scrollIntoViewIfNeeded();
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/saved-cards-checkout-${viewport.width}-${language}.png`,
        });
      }
      await oneTap.click();
      await arriveAt(page, /\/booking-success\?code=PW-/);
      const booked = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM bookings WHERE user_id = $1 AND status = 'active'",
        [user.id],
      );
      expect(booked[0]?.n).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
