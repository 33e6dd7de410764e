import { describe, expect, inject, it } from "vitest";
import { useBrowser, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

describe("Contact Us and Book a Demo", () => {
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
});
