import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { addDays, dayOnClock, instantOfWallClock } from "@parkwell/contract";
import { apiCall, demoTopUp, logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** Map tiles cannot load here (no outside network): the browser logs them as failed resources. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

/** A 4x3 PNG, red: small enough to write here, a real image for the server's decoder. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWP4z8AARwgWOgcA9TEL9UV+YsgAAAAASUVORK5CYII=",
  "base64",
);

async function signedIn(
  identifier: string,
  password: string,
  viewport: { width: number; height: number },
  language: "en" | "fr" = "en",
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const login = await logIn(baseURL, identifier, password);
  const context = await browser.newContext({ viewport });
  await storeSignIn(context, login, language);
  const { page, problems } = await watchedPage(context);
  return { context, page, problems };
}

describe("the back office's parks", () => {
  it("the demo manager adds a park with a rate and a photo, and drivers find it and see the photo", async () => {
    const name = `Harbour Test Deck ${Date.now() % 100000}`;
    const { context, page, problems } = await signedIn(
      "manager@parkwell.test",
      "manage-parks-2026",
      VIEWPORTS.desktop,
    );
    try {
      await page.goto(`${baseURL}/admin/parks`);
      await page.getByRole("heading", { level: 1, name: "Parks" }).waitFor();
      await page.getByRole("table").waitFor();
      await page.getByRole("link", { name: "Add a park" }).click();
      await page.getByRole("heading", { level: 1, name: "New park" }).waitFor();
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("City").fill("Lagos");
      await page.getByLabel("Address").fill("7 Wharf Road");
      await page.getByLabel("Latitude").fill("6.4401");
      await page.getByLabel("Longitude").fill("3.4102");
      await page.getByLabel("Covered").check();
      await page.getByRole("button", { name: "Create the park" }).click();
      // Created: the page becomes the park's own, with rates and photos.
      await page.getByRole("heading", { level: 2, name: "Rates and spaces" }).waitFor();
      expect(page.url()).toMatch(/\/admin\/parks\/\d+$/);

      await page.getByLabel("Car: Hourly (NGN)").fill("800");
      await page.getByLabel("Car: Daily maximum (NGN)").fill("5000");
      await page.getByLabel("Car: Spaces").fill("25");
      await page.getByRole("button", { name: "Save rates and spaces" }).click();
      await page.getByRole("status").filter({ hasText: "Saved" }).first().waitFor();

      // EV chargers: two CCS2 of 60 kW at ₦380 a kWh, added in the park's own section.
      const parkId = Number(page.url().split("/").at(-1));
      // The section (its table's scrolling box is a region of the same name inside it).
      const chargers = page.getByRole("region", { name: "EV chargers" }).first();
      await page.getByText("No chargers listed.", { exact: false }).waitFor();
      await page.getByRole("button", { name: "Add chargers" }).click();
      const add = page.getByRole("form", { name: "Add chargers" });
      await add.getByLabel("Connector").selectOption({ label: "CCS2" });
      await add.getByLabel("Power (kW)").fill("60");
      await add.getByLabel("How many").fill("2");
      await add.getByLabel("Price per").selectOption("kwh");
      await add.getByLabel("Price (NGN)").fill("380");
      await add.getByRole("button", { name: "Add these chargers" }).click();
      await chargers.getByRole("status").filter({ hasText: "Saved. Drivers see the change now." }).waitFor();
      const row = chargers.getByRole("row", { name: /^CCS2 / });
      await row.waitFor();
      expect(
        (await row.locator("th, td").allTextContents()).slice(0, 5).map((c) => c.replace(/\s/g, " ")),
      ).toEqual(["CCS2", "60 kW", "2", "₦380 per kWh", "Active"]);

      // Two drivers' bookings hold both for an hour tomorrow; a cut to one is refused, listing them.
      const manager = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
      const staff = { id: "", email: "manager@parkwell.test", token: manager.access_token };
      const [group] = (
        await apiCall<{ items: { id: number }[] }>(baseURL, staff, `/admin/parks/${parkId}/chargers`)
      ).items;
      const driverLogin = await logIn(baseURL, "driver@parkwell.test", "drive-safely-2026");
      const booker = { id: "", email: "driver@parkwell.test", token: driverLogin.access_token };
      await demoTopUp(baseURL, booker, 20_000);
      const day = addDays(dayOnClock(new Date(), "Africa/Lagos"), 1);
      const at = (wall: string) =>
        new Date(instantOfWallClock(Date.parse(`${day}T${wall}:00Z`), "Africa/Lagos")).toISOString();
      const booked: { id: string; booking_code: string }[] = [];
      for (const [plate, from, until] of [
        ["EV60AAA", "10:00", "12:00"],
        ["EV60BBB", "11:00", "13:00"],
      ] as const) {
        const made = await apiCall<{ id: string; booking_code: string }>(baseURL, booker, "/bookings", {
          method: "POST",
          body: JSON.stringify({
            park_id: parkId,
            vehicle_type_id: 1,
            plate_number: plate,
            start_time: at(from),
            end_time: at(until),
            charger_id: group!.id,
          }),
        });
        booked.push(made);
      }
      await chargers.getByRole("button", { name: "Edit the CCS2 · 60 kW chargers" }).click();
      const edit = page.getByRole("form", { name: "Edit chargers" });
      await edit.getByLabel("How many").fill("1");
      await edit.getByRole("button", { name: "Save the chargers" }).click();
      const conflicts = edit.getByTestId("booking-conflicts");
      await conflicts.waitFor();
      expect(await conflicts.locator("p").allTextContents()).toEqual([
        "Some bookings already hold more of these chargers at once than the count you asked for",
        "CCS2 · 60 kW: you asked for 1 charger, but up to 2 are already held by:",
      ]);
      const listed = await conflicts.locator("li").allTextContents();
      expect(listed.map((l) => l.split(" · ").slice(0, 2).join(" · "))).toEqual([
        `${booked[0]!.booking_code} · EV60AAA`,
        `${booked[1]!.booking_code} · EV60BBB`,
      ]);
      expect(await conflicts.evaluate((el) => el === document.activeElement)).toBe(true);
      await edit.getByRole("button", { name: "Cancel" }).click();
      expect(await row.locator("td").nth(1).textContent()).toBe("2");

      // The same refusal in French on a phone.
      const fr = await signedIn("manager@parkwell.test", "manage-parks-2026", VIEWPORTS.phone, "fr");
      try {
        await fr.page.goto(`${baseURL}/admin/parks/${parkId}`);
        await fr.page.getByRole("button", { name: "Modifier les bornes CCS2 · 60\u00a0kW" }).click();
        const modifier = fr.page.getByRole("form", { name: "Modifier les bornes" });
        await modifier.getByLabel("Nombre").fill("1");
        await modifier.getByRole("button", { name: "Enregistrer les bornes" }).click();
        const refus = modifier.getByTestId("booking-conflicts");
        await refus.waitFor();
        expect(await refus.locator("p").allTextContents()).toEqual([
          "Des réservations occupent déjà en même temps plus de ces bornes que le nombre demandé",
          "CCS2 · 60\u00a0kW\u00a0: vous avez demandé 1 borne, mais jusqu'à 2 sont déjà occupées par\u00a0:",
        ]);
        expect(await refus.locator("li").count()).toBe(2);
        expect(
          await fr.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1),
        ).toBe(false);
        expect(realProblems(fr.problems)).toEqual([]);
      } finally {
        await fr.context.close();
      }
      // The bookings go (the demo driver's list stays as the other tests expect it).
      for (const b of booked) {
        await apiCall(baseURL, booker, `/bookings/${b.id}/status?status=cancelled`, { method: "PUT" });
      }

      await page.getByLabel("Description for screen readers").fill("The deck from Wharf Road");
      await page.getByLabel("Photo (JPEG, PNG or WebP, up to 5 MB)").setInputFiles({
        name: "deck.png",
        mimeType: "image/png",
        buffer: PNG,
      });
      await page.getByRole("img", { name: "Preview of the chosen photo" }).waitFor();
      await page.getByRole("button", { name: "Upload the photo" }).click();
      await page.getByRole("img", { name: "The deck from Wharf Road" }).waitFor();

      // A driver's search finds it at once, and its page shows the photo.
      const driver = await context.newPage();
      await driver.goto(`${baseURL}/parks-list?search=${encodeURIComponent(name)}`);
      await driver.getByText(name).first().waitFor();
      await driver.getByRole("link", { name }).first().click();
      const photo = driver.getByRole("img", { name: "The deck from Wharf Road" });
      await photo.waitFor();
      expect(await photo.getAttribute("src")).toMatch(/^\/api\/v1\/uploads\/parks\/\d+\/[0-9a-f-]+\.webp$/);
      // The served file itself loads (lazily, once in view).
      await photo.scrollIntoViewIfNeeded();
      expect(
        await photo.evaluate(async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth)),
      ).toBe(4);

      // A photo goes only after a confirmation: Cancel keeps it, Delete removes it.
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      const ask = page.getByRole("dialog", { name: "Delete this photo?" });
      await ask.waitFor();
      await ask.getByRole("button", { name: "Cancel" }).click();
      await ask.waitFor({ state: "hidden" });
      expect(await page.getByRole("img", { name: "The deck from Wharf Road" }).count()).toBe(1);
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await ask.getByRole("button", { name: "Delete" }).click();
      await page.getByText("No photo yet", { exact: false }).waitFor();

      // Deactivated after a confirmation: gone from the drivers' search at once.
      await page.getByRole("button", { name: "Deactivate", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Deactivate this park?" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Deactivate" }).click();
      await page.getByRole("button", { name: "Reactivate" }).waitFor();
      const gone = await fetch(
        `${baseURL}/api/v1/parks/front/parks/?country=NG&search=${encodeURIComponent(name)}`,
      );
      expect(((await gone.json()) as { items: { name: string }[] }).items.map((i) => i.name)).not.toContain(
        name,
      );
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lists and edits in French on a 390 px phone, without sideways scrolling", async () => {
    const { context, page, problems } = await signedIn(
      "manager@parkwell.test",
      "manage-parks-2026",
      VIEWPORTS.phone,
      "fr",
    );
    try {
      await page.goto(`${baseURL}/admin/parks`);
      await page.getByRole("heading", { level: 1, name: "Parkings" }).waitFor();
      await page.getByRole("table").waitFor();
      const wide = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
      expect(await wide()).toBe(false);
      await page.getByRole("table").getByRole("link").first().click();
      await page.getByRole("heading", { level: 2, name: "Tarifs et places" }).waitFor();
      expect(await wide()).toBe(false);
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an attendant's park reads as read-only: a note says only a manager can change it, no field invites editing", async () => {
    for (const [viewport, language, note, rates] of [
      [VIEWPORTS.desktop, "en", "Read only: only a manager can change this park", "Rates and spaces"],
      [
        VIEWPORTS.phone,
        "fr",
        "Lecture seule\u00a0: seul un responsable peut modifier ce parking",
        "Tarifs et places",
      ],
    ] as const) {
      const { context, page, problems } = await signedIn(
        "attendant@parkwell.test",
        "check-cars-2026",
        viewport,
        language,
      );
      try {
        await page.goto(`${baseURL}/admin/parks`);
        await page.getByRole("table").getByRole("link").first().click();
        await page.getByRole("heading", { level: 2, name: rates }).waitFor();
        expect(await page.getByRole("note").filter({ hasText: note }).count()).toBe(1);
        const main = page.locator("main");
        // Nothing to type in, pick or press to save: the values read as text, the map is not offered.
        expect(await main.locator("input:enabled, select:enabled, textarea:enabled").count()).toBe(0);
        expect(await main.locator('button[type="submit"]').count()).toBe(0);
        expect(await main.locator(".pick-map").count()).toBe(0);
        // A closed day shows no hours, and what only an editor needs (the hours' typing hint) is not said.
        const closedDayTimes = await main
          .locator(".admin-park-hours tr")
          .evaluateAll((rows) =>
            rows
              .filter((r) => r.querySelector("select")?.value === "closed")
              .flatMap((r) => [...r.querySelectorAll("input")].map((i) => getComputedStyle(i).visibility)),
          );
        expect(closedDayTimes.every((v) => v === "hidden")).toBe(true);
        expect(
          await main.getByText(language === "en" ? "such as 7:00 AM" : "par exemple 07:00").count(),
        ).toBe(0);
        const field = main.locator('input[name="name"]');
        expect(await field.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgba(0, 0, 0, 0)");
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
          false,
        );
        // The rates table scrolls sideways on a phone with no field to focus: the box itself is a stop.
        const axe = await new AxeBuilder({ page }).analyze();
        expect(
          axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id),
        ).toEqual([]);
        expect(realProblems(problems)).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("the park editor's problems sit on their cells, name their rule and take the focus; numbers read as the language writes them", async () => {
    const { context, page, problems } = await signedIn(
      "manager@parkwell.test",
      "manage-parks-2026",
      VIEWPORTS.desktop,
    );
    try {
      await page.goto(`${baseURL}/admin/parks`);
      await page.getByRole("table").getByRole("link").first().click();
      await page.getByRole("heading", { level: 2, name: "Rates and spaces" }).waitFor();
      const hourly = page.getByLabel("Car: Hourly", { exact: false });
      const daily = page.getByLabel("Car: Daily maximum", { exact: false });
      const saveRates = page.getByRole("button", { name: "Save rates and spaces" });
      const focused = (el: typeof hourly) => el.evaluate((e) => e === document.activeElement);
      const described = (el: typeof hourly) =>
        el.evaluate((e) => {
          const id = e.getAttribute("aria-describedby");
          return id ? (document.getElementById(id)?.textContent ?? null) : null;
        });

      // 0 an hour: the rule is "more than 0", on the hourly cell, which takes the focus.
      await hourly.fill("0");
      await daily.fill("5000");
      await saveRates.click();
      await expect.poll(() => hourly.getAttribute("aria-invalid")).toBe("true");
      expect(await described(hourly)).toBe("Please enter more than 0");
      await expect.poll(() => focused(hourly)).toBe(true);

      // "1,200" is twelve hundred; an hourly rate above it is refused at the hourly cell, by its rule.
      await hourly.fill("1,500");
      await daily.fill("1,200");
      await saveRates.click();
      await expect.poll(() => described(hourly)).toBe("The hourly rate cannot be above the daily maximum");
      expect(await daily.getAttribute("aria-invalid")).toBe("false");
      await expect.poll(() => focused(hourly)).toBe(true);
      expect(await page.getByText("Please check this value").count()).toBe(0);

      // A closing time of 25:00: at Wednesday's closing cell, which takes the focus (and so is in view).
      const open24h = page.getByLabel("Open 24 hours, every day");
      if (await open24h.isChecked()) await open24h.uncheck();
      const close = page.getByLabel("Wednesday: closes at", { exact: false });
      await close.fill("25:00");
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect
        .poll(() => described(close))
        .toBe("Enter a time such as 7:00 AM or 10:30 PM (12:00 AM for a midnight closing)");
      await expect.poll(() => focused(close)).toBe(true);
      const box = await close.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS.desktop.height);
      expect(await page.getByText("Opening hours:").count()).toBe(0);
      expect(realProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`keeps the header above the park's map when the page scrolls (${name})`, async () => {
      const { context, page, problems } = await signedIn(
        "manager@parkwell.test",
        "manage-parks-2026",
        viewport,
      );
      try {
        await page.goto(`${baseURL}/admin/parks`);
        await page.getByRole("table").getByRole("link").first().click();
        const zoom = page.getByRole("button", { name: "Zoom in" });
        await zoom.waitFor();
        // Scroll until the map's zoom buttons pass under the sticky header.
        const header = (await page.locator(".admin-header").boundingBox())!;
        const before = (await zoom.boundingBox())!;
        await page.evaluate(
          (y) => window.scrollBy(0, y),
          before.y - header.y - header.height / 2 + before.height / 2,
        );
        const at = (await zoom.boundingBox())!;
        expect(at.y).toBeLessThan(header.y + header.height);
        const top = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest(".admin-header") !== null,
          [at.x + at.width / 2, Math.max(at.y + at.height / 2, header.y + 1)],
        );
        expect(top).toBe(true);
        expect(realProblems(problems)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  // One clock per language, as the app writes times: 12-hour in English, 24-hour in French.
  const CLOCK = { en: /^\d{1,2}:\d{2}\s[AP]M$/, fr: /^\d{2}:\d{2}$/ } as const;
  const LABELS = {
    en: { open24h: "Open 24 hours, every day", opens: "Monday: opens at", closes: "Monday: closes at" },
    fr: {
      open24h: "Ouvert 24 h/24, tous les jours",
      opens: "Lundi\u00a0: ouvre à",
      closes: "Lundi\u00a0: ferme à",
    },
  } as const;
  for (const language of ["en", "fr"] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`writes the opening hours on one clock (${language}, ${name})`, async () => {
        const { context, page, problems } = await signedIn(
          "manager@parkwell.test",
          "manage-parks-2026",
          viewport,
          language,
        );
        try {
          await page.goto(`${baseURL}/admin/parks`);
          await page.getByRole("table").getByRole("link").first().click();
          const open24h = page.getByLabel(LABELS[language].open24h);
          await open24h.waitFor();
          if (await open24h.isChecked()) await open24h.uncheck();
          const opens = page.getByLabel(LABELS[language].opens, { exact: false });
          const closes = page.getByLabel(LABELS[language].closes, { exact: false });
          for (const field of [opens, closes]) {
            expect(await field.getAttribute("type")).toBe("text");
            expect(await field.inputValue()).toMatch(CLOCK[language]);
          }
          // Typed on either clock, a time is written back on the language's once the field is left.
          await closes.fill("19:30");
          await opens.focus();
          await expect
            .poll(async () => (await closes.inputValue()).replace(/\s/g, " "))
            .toBe(language === "en" ? "7:30 PM" : "19:30");
          await opens.fill("6:15 am");
          await closes.focus();
          await expect
            .poll(async () => (await opens.inputValue()).replace(/\s/g, " "))
            .toBe(language === "en" ? "6:15 AM" : "06:15");
          expect(realProblems(problems)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
