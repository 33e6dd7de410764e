import { describe, expect, inject, it } from "vitest";
import { CHARGER_CONNECTORS } from "@parkwell/contract";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

describe("Contact Us, Book a Demo and a charger host's site", () => {
  it("checks the contact form per field, then stores it and shows the reference", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(`${baseURL}/help`, { waitUntil: "networkidle" });
    await page.getByLabel("Full name").fill("Ada Obi");
    await page.getByLabel("E-mail address").fill("ada@");
    await page.getByRole("button", { name: "Send message" }).click();
    const email = page.getByLabel("E-mail address");
    await expect.poll(() => email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(".field__error").allTextContents()).toEqual([
      "Please enter a valid email",
      "This field is required!",
    ]);
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);

    await email.fill("ada@example.com");
    await page.getByLabel("Topic").selectOption("payment");
    await page.getByLabel("Your message").fill("My wallet top-up has not arrived yet.");
    await page.getByRole("button", { name: "Send message" }).click();
    const status = page.getByRole("status").filter({ hasText: "Message sent" });
    await status.waitFor();
    expect(await status.textContent()).toMatch(/Your reference is HLP-[0-9A-Z]{8}/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("lists the support team's e-mail and phone per country from the data, the selected country's first", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context, { country: "SN" });
    await page.goto(`${baseURL}/help`, { waitUntil: "networkidle" });
    const reach = page.getByTestId("support-contacts");
    expect(await reach.getByRole("heading", { level: 2 }).textContent()).toBe(
      "Autres moyens de nous joindre",
    );
    expect(await reach.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Assistance\u00a0: Sénégal",
      "Assistance dans nos autres pays",
    ]);
    const senegal = reach.getByTestId("support-SN");
    expect(await senegal.getByRole("link").allTextContents()).toEqual([
      "support.sn@parkwell.test",
      "+221 33 800 0100",
    ]);
    expect(await senegal.getByRole("link").nth(1).getAttribute("href")).toBe("tel:+221338000100");
    expect(await reach.locator("li strong").allTextContents()).toEqual(["Nigeria", "Canada", "États-Unis"]);
    expect(await reach.getByTestId("support-NG").getByRole("link").first().getAttribute("href")).toBe(
      "mailto:support.ng@parkwell.test",
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows no contact heading when no country has a contact", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.route("**/api/v1/countries", async (route) => {
      const response = await route.fetch();
      const countries = (await response.json()) as Record<string, unknown>[];
      await route.fulfill({
        response,
        json: countries.map((c) => ({ ...c, support_email: null, support_phone: null })),
      });
    });
    await page.goto(`${baseURL}/help`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { name: "Frequently asked questions" }).waitFor();
    expect(await page.getByRole("heading", { name: "Other ways to reach us" }).count()).toBe(0);
    expect(await page.getByTestId("support-contacts").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("sends a demo request in French with the selected country preselected", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context, { country: "SN" });
    await page.goto(`${baseURL}/book-demo`, { waitUntil: "networkidle" });
    expect(await page.getByLabel("Pays").inputValue()).toBe("SN");
    await page.getByLabel("Nom complet").fill("Awa Ndiaye");
    await page.getByLabel("Adresse e-mail professionnelle").fill("awa@parkings-dakar.sn");
    await page.getByLabel("Entreprise ou organisation").fill("Parkings de Dakar");
    await page.getByLabel("Nombre de places de parking").fill("0");
    await page.getByRole("button", { name: "Demander une démo" }).click();
    await page.getByText("Veuillez saisir 1 ou plus").waitFor();
    await page.getByLabel("Nombre de places de parking").fill("180");
    await page.getByRole("button", { name: "Demander une démo" }).click();
    const status = page.getByRole("status").filter({ hasText: "Démo demandée" });
    await status.waitFor();
    expect(await status.textContent()).toMatch(/DEM-[0-9A-Z]{8}/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/book-demo and /about say operators are paid each month, and neither says payouts are not open (en 1366 px, fr 390 px)", async () => {
    const views = [
      {
        language: "en",
        viewport: VIEWPORTS.desktop,
        headings: { demo: "Book a demo", about: "About Parkwell" },
        said: {
          demo: "from a driver's first booking to the operator's monthly statement and payout",
          about: "Operators are paid each month for the spaces Parkwell sells",
        },
        notYet: /not open yet|in a later release/i,
      },
      {
        language: "fr",
        viewport: VIEWPORTS.phone,
        headings: { demo: "Demander une démo", about: "À propos de Parkwell" },
        said: {
          demo: "au relevé mensuel et au versement de l'exploitant",
          about: "Les exploitants sont payés chaque mois pour les places vendues par Parkwell",
        },
        notYet: /pas encore|prochaine version/i,
      },
    ] as const;
    for (const view of views) {
      const context = await browser.newContext({ viewport: view.viewport });
      await context.addInitScript((l) => window.localStorage.setItem("language", l), view.language);
      const { page, problems } = await watchedPage(context, { country: "NG" });
      for (const [path, heading, said] of [
        ["/book-demo", view.headings.demo, view.said.demo],
        ["/about", view.headings.about, view.said.about],
      ] as const) {
        await page.goto(`${baseURL}${path}`, { waitUntil: "networkidle" });
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        const main = page.locator("main");
        await expect.poll(() => main.getByText(said, { exact: false }).count(), { message: path }).toBe(1);
        // No sentence of the page says a feature of the operators' is not open yet.
        const sentences = (await main.innerText()).split(/(?<=[.!?])\s+|\n+/);
        expect(
          sentences.filter((x) => view.notYet.test(x)),
          path,
        ).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          view.viewport.width,
        );
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("sends a charger host's site from /rent-out-ev-charger with the keyboard (en, 1366 px)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await watchedPage(context, { country: "NG" });
    await page.goto(`${baseURL}/rent-out-ev-charger`, { waitUntil: "networkidle" });
    // The information first, saying what sending the form does; its first button leads to the form.
    await page.getByRole("heading", { name: "What happens next" }).waitFor();
    await page.getByRole("link", { name: "Tell us about your site" }).press("Enter");
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#ev-host-form");
    const form = page.getByRole("form", { name: "Tell us about your site" });
    const send = form.getByRole("button", { name: "Send my site's details" });
    await send.press("Enter");
    const name = form.getByLabel("Full name");
    await expect.poll(() => name.getAttribute("aria-invalid")).toBe("true");
    expect(await name.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.locator(".field__error").count()).toBe(5);

    await page.keyboard.type("Chidi Okafor");
    await page.keyboard.press("Tab");
    await page.keyboard.type("chidi@example.com");
    await page.keyboard.press("Tab"); // phone
    await page.keyboard.type("+234 803 000 1111");
    expect(await form.getByLabel("Country of the site").inputValue()).toBe("NG");
    await form.getByLabel("City").fill("Lagos");
    await form.getByLabel("Site address").fill("5 Admiralty Way, Lekki");
    await form.getByLabel("Kind of site").selectOption("mall");
    await form.getByLabel("Parking spaces available for chargers").fill("12");
    // The answer "No, not yet" is chosen; the arrow keys choose "Yes", which asks for the chargers.
    await form.getByRole("radio", { name: "No, not yet" }).focus();
    await page.keyboard.press("ArrowLeft");
    expect(await form.getByRole("radio", { name: "Yes" }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space"); // Type 2
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space"); // CCS2
    // Past the other connectors of the parks' one list (CHAdeMO, GB/T, CCS1, J1772, NACS) to the power.
    for (let i = 0; i < CHARGER_CONNECTORS.length - 2; i += 1) await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("inputmode"))).toBe("decimal");
    await page.keyboard.type("50");
    await page.keyboard.press("Enter");

    const status = page.getByRole("status").filter({ hasText: "Site details sent" });
    await status.waitFor();
    expect(await status.textContent()).toMatch(/Your reference is EVH-[0-9A-Z]{8}/);
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone in French and says what is missing at each field (fr, 390 px)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context, { country: "SN" });
    // The server's page has the defaults chosen already: before hydration (which can come after
    // networkidle on a loaded machine) a phone shows them, not the first option.
    const served = await (
      await fetch(`${baseURL}/rent-out-ev-charger`, { headers: { cookie: "country=SN" } })
    ).text();
    expect(served).toMatch(/<option value="SN" selected="">/);
    expect(served).toMatch(/<option value="car_park" selected="">/);
    expect(served).toMatch(/<input type="radio" name="has_chargers" checked="" value="no"\/>/);
    await page.goto(`${baseURL}/rent-out-ev-charger`, { waitUntil: "networkidle" });
    const form = page.getByRole("form", { name: "Parlez-nous de votre site" });
    expect(await form.getByLabel("Pays du site").inputValue()).toBe("SN");
    await form.getByRole("radio", { name: "Oui" }).check();
    await form.getByRole("button", { name: "Envoyer les informations du site" }).click();
    await form.getByText("Choisissez au moins un connecteur").waitFor();
    expect(await form.getByText("Indiquez la puissance des bornes en kW").count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});
