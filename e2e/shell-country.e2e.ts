import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { useBrowser, VIEWPORTS, waitForApp, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

const stored = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe("the country flow", () => {
  it("first visit, IP services unreachable: the United States is preselected; picking Nigeria stores it, reloads and shows Vehicle Docs", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const { page, problems } = await watchedPage(context, { country: null, ipCountry: "unreachable" });
    await page.goto(baseURL, { waitUntil: "networkidle" });
    const picker = page.getByRole("dialog", { name: "Choose your country or region" });
    await picker.waitFor();
    const us = picker.getByRole("button", { name: /United States/ });
    await expect.poll(() => us.getAttribute("aria-pressed")).toBe("true");
    expect(await us.textContent()).toContain("Default (detection failed)");
    expect(await picker.getByRole("button", { name: /Nigeria/ }).getAttribute("aria-pressed")).toBe("false");
    expect(await picker.textContent()).toContain("We could not detect your location.");
    // The preselected entry has focus, so Enter confirms it.
    expect(await us.evaluate((el) => el === document.activeElement)).toBe(true);
    // Escape does not dismiss the picker before a first choice.
    await page.keyboard.press("Escape");
    expect(await picker.isVisible()).toBe(true);

    await page.evaluate(() =>
      window.addEventListener("local-storage-updated", () =>
        window.sessionStorage.setItem("broadcast", "yes"),
      ),
    );
    await Promise.all([page.waitForEvent("load"), picker.getByRole("button", { name: /Nigeria/ }).click()]);
    await page.waitForLoadState("networkidle");
    expect(JSON.parse((await stored(page, "selectedCountry")) ?? "null")).toEqual({
      code: "NG",
      name: "Nigeria",
      id: 1,
    });
    expect(await stored(page, "countryAutoDetected")).toBe("false");
    expect(await page.evaluate(() => window.sessionStorage.getItem("broadcast"))).toBe("yes");
    expect(await page.getByRole("dialog").count()).toBe(0);
    await page.locator("header a[href='/vehicle-docs-renewal']").waitFor();
    // The only errors allowed are the refused connections to the unreachable lookup services.
    expect(problems.filter((p) => !p.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
    await context.close();
  });

  it("a detected served country is preselected as auto-detected, with the IP line; choosing it stores autoDetected", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const { page, problems } = await watchedPage(context, {
      country: null,
      ipCountry: "CA",
      ipDelayMs: 1_000,
    });
    await page.goto(baseURL);
    const picker = page.getByRole("dialog", { name: "Choose your country or region" });
    await picker.getByText("Detecting your location...").waitFor();
    const canada = picker.getByRole("button", { name: /Canada/ });
    await expect.poll(() => canada.getAttribute("aria-pressed"), { timeout: 10_000 }).toBe("true");
    expect(await canada.textContent()).toContain("Auto-detected");
    expect(await picker.textContent()).toContain("Your IP address: 203.0.113.7");
    await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
    expect(JSON.parse((await stored(page, "selectedCountry")) ?? "null")).toMatchObject({
      code: "CA",
      id: 2,
    });
    expect(await stored(page, "countryAutoDetected")).toBe("true");
    await page.locator("main h1").waitFor();
    expect(await page.locator("header a[href='/vehicle-docs-renewal']").count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a country Parkwell does not serve falls back to the United States as the default country", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context, { country: null, ipCountry: "FR" });
    await page.goto(baseURL);
    const us = page.getByRole("dialog").getByRole("button", { name: /United States/ });
    await expect.poll(() => us.getAttribute("aria-pressed")).toBe("true");
    expect(await us.textContent()).toContain("Default country");
    await context.close();
  });

  it("with a country stored, the picker stays closed, the IP check runs 2 s later and is cached for an hour", async () => {
    const context = await browser.newContext();
    const { page } = await watchedPage(context, { country: "US", ipCountry: "US" });
    let lookups = 0;
    page.on("request", (r) => {
      if (/ipapi\.co|ipwho\.is|api\.country\.is/.test(r.url())) lookups++;
    });
    await page.goto(baseURL, { waitUntil: "domcontentloaded" });
    await page.locator("main h1").waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(lookups).toBe(0);
    await expect.poll(() => lookups, { timeout: 6_000 }).toBe(1);
    // The request is counted when it leaves; the cache is written once its answer is read.
    await expect.poll(() => stored(page, "parkwell_ip_lookup")).not.toBeNull();
    expect(lookups).toBe(1);
    const cached = JSON.parse((await stored(page, "parkwell_ip_lookup")) ?? "{}");
    expect(cached.data.location.countryCode).toBe("US");
    expect(cached.expiry - cached.data.timestamp).toBe(3_600_000);
    expect(await page.locator("header a[href='/vehicle-docs-renewal']").count()).toBe(0);
    await context.close();
  });

  it("the header's country dropdown switches country on desktop and phone", async () => {
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const context = await browser.newContext({ viewport });
      const { page } = await watchedPage(context, { country: "US" });
      await page.goto(baseURL, { waitUntil: "networkidle" });
      await waitForApp(page);
      const chip = page.getByRole("button", { name: /Country: United States/ });
      await chip.click();
      const menu = page.locator("#country-menu");
      await menu.waitFor();
      // A click outside closes it (on the heading's left end: on a phone the open menu covers its middle).
      await page.locator("main h1").click({ position: { x: 4, y: 4 } });
      await menu.waitFor({ state: "detached" });
      await chip.click();
      await Promise.all([page.waitForEvent("load"), menu.getByRole("button", { name: /Nigeria/ }).click()]);
      await page.getByRole("button", { name: /Country: Nigeria/ }).waitFor();
      await context.close();
    }
  });
});

describe("the country picker's look", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the brand and a card per country with a flag image, not an emoji, and is chosen by keyboard (${name})`, async () => {
      const context = await browser.newContext({ viewport });
      const { page, problems } = await watchedPage(context, { country: null, ipCountry: "SN" });
      await page.goto(baseURL, { waitUntil: "networkidle" });
      const picker = page.getByRole("dialog", { name: "Choose your country or region" });
      await picker.getByRole("heading", { name: "Choose your country or region" }).waitFor();
      expect(await picker.locator(".brand img").count()).toBe(1);
      const cards = picker.locator(".picker__country");
      await expect.poll(() => cards.count()).toBe(4);
      // Each card: a loaded SVG image of its flag (decoration beside the name), and no emoji flag.
      for (const code of ["NG", "CA", "SN", "US"]) {
        const flag = picker.locator(`.picker__country img[data-country-flag="${code}"]`);
        expect(await flag.count()).toBe(1);
        expect(await flag.getAttribute("src")).toMatch(/^data:image\/svg\+xml|\.svg$/);
        expect(await flag.getAttribute("aria-hidden")).toBe("true");
        await expect
          .poll(() => flag.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
      }
      expect(await picker.textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
      // Big touch targets, side by side on a wide screen and stacked on a phone.
      const first = (await cards.nth(0).boundingBox())!;
      const second = (await cards.nth(1).boundingBox())!;
      expect(first.height).toBeGreaterThanOrEqual(72);
      expect(second.y > first.y).toBe(name === "phone");

      // Senegal is detected and focused; Shift+Tab goes back to Canada and Enter chooses it.
      const senegal = picker.getByRole("button", { name: /Senegal/ });
      await expect.poll(() => senegal.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press("Shift+Tab");
      expect(
        await picker.getByRole("button", { name: /Canada/ }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      await Promise.all([page.waitForEvent("load"), page.keyboard.press("Enter")]);
      expect(JSON.parse((await stored(page, "selectedCountry")) ?? "null")).toMatchObject({ code: "CA" });
      await page.locator('header img[data-country-flag="CA"]').waitFor();
      expect(await page.locator("header").textContent()).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});

describe("the language and region panel", () => {
  it("switches to French, stores it, and links to the country picker with the cart warning", async () => {
    const context = await browser.newContext();
    const { page, problems } = await watchedPage(context);
    await page.goto(baseURL, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /Language and region/ }).click();
    const panel = page.getByRole("dialog", { name: "Language and region" });
    await panel.waitFor();
    expect(await panel.textContent()).toContain(
      "Changing your country or region shows that country's car parks, prices and ways to pay, and empties your marketplace cart",
    );
    await panel.getByLabel("Français").check();
    await expect
      .poll(() => page.locator("main h1").textContent())
      .toBe("Trouvez et réservez un parking en quelques secondes");
    expect(await stored(page, "language")).toBe("fr");
    expect(await page.getAttribute("html", "lang")).toBe("fr");
    // The panel stays open through the switch and now speaks French.
    const panelFr = page.getByRole("dialog", { name: "Langue et région" });
    expect(await panelFr.isVisible()).toBe(true);
    await panelFr.getByRole("button", { name: "Changer de pays/région" }).click();
    const picker = page.getByRole("dialog", { name: "Choisissez votre pays ou région" });
    await picker.waitFor();
    expect(await picker.getByRole("button", { name: /Nigeria/ }).textContent()).toContain("Actuel");
    await picker.getByRole("button", { name: "Fermer" }).click();
    await picker.waitFor({ state: "hidden" });

    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.locator("main h1").textContent())
      .toBe("Trouvez et réservez un parking en quelques secondes");
    expect(problems).toEqual([]);
    await context.close();
  });
});
