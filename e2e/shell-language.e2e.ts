import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database, so the account's language can be read back.
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

const accountLanguage = async (id: string) =>
  (await db.query<{ language: string }>("SELECT language FROM users WHERE id = $1", [id]))[0]!.language;

describe("the language", () => {
  it("first visit from a French browser (fr-FR) in Senegal: French, and the picker lets the driver choose; the choice then wins", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, locale: "fr-FR" });
    const { page, problems } = await watchedPage(context, { country: null, ipCountry: "SN" });
    await page.goto(server.url);
    const picker = page.getByRole("dialog", { name: "Choisissez votre pays ou région" });
    await picker.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    const language = picker.getByRole("group", { name: "Langue" });
    expect(await language.getByRole("radio", { name: "Français" }).isChecked()).toBe(true);
    // Nothing is stored until the driver chooses.
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBeNull();

    await language.getByRole("radio", { name: "English" }).check();
    await page.getByRole("dialog", { name: "Choose your country or region" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("en");
    await Promise.all([
      page.waitForEvent("load"),
      page
        .getByRole("dialog")
        .getByRole("button", { name: /Senegal/ })
        .click(),
    ]);
    // The stored choice wins over the browser's French.
    await page.locator("main h1").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a German browser on a first visit reads English", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "de-DE" });
    const { page, problems } = await watchedPage(context, { country: null, ipCountry: "NG" });
    await page.goto(server.url);
    await page.getByRole("dialog", { name: "Choose your country or region" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("signed in, the side panel's switch is the account's language, shown on the profile", async () => {
    const driver = await createSignedInUser(db);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-US" });
    await context.addInitScript(
      (token) => window.localStorage.setItem("parkwell_user_token", token),
      driver.token,
    );
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/profile`);
    await page.getByText("Language of your e-mails:").waitFor();
    expect(await page.locator(".acc-section").first().textContent()).toContain(
      "Language of your e-mails: English",
    );

    await page.getByRole("button", { name: "Language and region" }).click();
    await page.getByRole("dialog").getByRole("radio", { name: "Français" }).check();
    await expect.poll(() => accountLanguage(driver.id), { timeout: 10_000 }).toBe("fr");
    await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
    await expect
      .poll(() => page.locator(".acc-section").first().textContent())
      .toContain("Langue de vos e-mails\u00a0: Français");
    expect(problems).toEqual([]);
    await context.close();
  });
});
