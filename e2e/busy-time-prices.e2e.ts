import AxeBuilder from "@axe-core/playwright";
import type { AdminPark, Booking } from "@parkwell/contract";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiCall, demoTopUp, logIn, quarterHoursAhead } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import type { SignedInUser } from "./support/database";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** Map tiles cannot load here (no outside network): the browser logs them as failed resources. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

async function signedIn(
  identifier: string,
  password: string,
  viewport: { width: number; height: number },
  language: "en" | "fr",
): Promise<{ context: BrowserContext; page: Page; problems: string[]; user: SignedInUser }> {
  const login = await logIn(baseURL, identifier, password);
  const context = await browser.newContext({ viewport });
  await storeSignIn(context, login, language);
  const { page, problems } = await watchedPage(context);
  return {
    context,
    page,
    problems,
    user: { token: login.access_token, id: String(login.user.id) } as SignedInUser,
  };
}

/** The element with the keyboard's focus: its name attribute. */
const focused = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? "");

describe("busy-time prices", () => {
  it("a manager adds one with the keyboard (1366 px, English) and reads it on a phone in French; a driver sees it on the park page and pays it at checkout (390 px, French)", async () => {
    const manager = await signedIn("manager@parkwell.test", "manage-parks-2026", VIEWPORTS.desktop, "en");
    // A park of its own: a rule on a park other tests book would change their prices.
    const park = await apiCall<AdminPark>(baseURL, manager.user, "/admin/parks", {
      method: "POST",
      body: JSON.stringify({
        name: `Stadium Busy Deck ${Date.now() % 100000}`,
        type: "city",
        country: "NG",
        state_id: null,
        city: "Lagos",
        address: "1 Stadium Road",
        lat: 6.4991,
        lng: 3.3621,
        time_zone: "Africa/Lagos",
        open_24h: true,
        overnight_stays: true,
        amenities: [],
        max_height_cm: null,
        text_language: "en",
        texts: {
          en: { description: "", entry_instructions: "" },
          fr: { description: "", entry_instructions: "" },
        },
      }),
    });
    for (const [path, body] of [
      ["rates", { rates: [{ vehicle_type_id: 1, hourly: 1000, daily_max: 20000 }] }],
      ["capacities", { capacities: [{ vehicle_type_id: 1, capacity: 10 }] }],
    ] as const) {
      await apiCall(baseURL, manager.user, `/admin/parks/${park.id}/${path}`, {
        method: "PUT",
        body: JSON.stringify(body),
      });
    }

    const { page } = manager;
    try {
      await page.goto(`${baseURL}/admin/parks/${park.id}`);
      await page.getByRole("heading", { level: 2, name: "Busy-time prices" }).waitFor();
      await page.getByText("No busy-time prices: windows are sold at the normal rates.").waitFor();
      await page.getByRole("button", { name: "Add a busy-time price" }).focus();
      await page.keyboard.press("Enter");
      // The form opens with the keyboard on its first field.
      await expect.poll(() => focused(page)).toBe("name");
      await page.keyboard.type("Match day");
      await page.keyboard.press("Tab");
      await page.keyboard.type("50");
      await page.keyboard.press("Enter");
      // No condition yet: said at the days, which take the focus; nothing is saved.
      await page.getByText("Choose at least one condition: days, times, dates or occupancy").waitFor();
      await expect.poll(() => focused(page)).toBe("days");
      for (let day = 0; day < 7; day += 1) {
        await page.keyboard.press("Space");
        if (day < 6) await page.keyboard.press("Tab");
      }
      await page.getByRole("button", { name: "Add busy-time price" }).press("Enter");
      const row = page.getByTestId("rate-rule-row");
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain("+50%");
      expect(await page.getByRole("status").filter({ hasText: "Saved" }).count()).toBe(1);
      // The keyboard is back on "Add a busy-time price".
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent))
        .toBe("Add a busy-time price");
      const axe = await new AxeBuilder({ page }).include("#park-rate-rules-title").analyze();
      expect(axe.violations).toEqual([]);
      expect(realProblems(manager.problems)).toEqual([]);
    } finally {
      await manager.context.close();
    }

    // The same section on a phone, in French: the rule in its table, the page no wider than the phone.
    const phone = await signedIn("manager@parkwell.test", "manage-parks-2026", VIEWPORTS.phone, "fr");
    try {
      await phone.page.goto(`${baseURL}/admin/parks/${park.id}`);
      await phone.page.getByRole("heading", { level: 2, name: "Prix d'affluence" }).waitFor();
      await expect.poll(() => phone.page.getByTestId("rate-rule-row").textContent()).toContain("+50\u00a0%");
      expect(await phone.page.getByRole("button", { name: "Modifier Match day" }).count()).toBe(1);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(realProblems(phone.problems)).toEqual([]);
    } finally {
      await phone.context.close();
    }

    // A driver on a phone, in French: the park page and the checkout say the busy-time price and the normal one.
    const driver = await signedIn("driver@parkwell.test", "drive-safely-2026", VIEWPORTS.phone, "fr");
    try {
      await demoTopUp(baseURL, driver.user, 20_000);
      const start = quarterHoursAhead(30);
      const query = new URLSearchParams({
        vehicle_type_id: "1",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
        plate_number: `BSY${Date.now() % 10000}`,
      });
      await driver.page.goto(`${baseURL}/park/${park.slug}?${query.toString()}`, {
        waitUntil: "networkidle",
      });
      await expect
        .poll(() => driver.page.getByText("Prix d'affluence (2 heures, Match day, +50\u00a0%)").count())
        .toBe(1);
      expect(await driver.page.getByTestId("normal-price").textContent()).toContain("Prix normal");
      await driver.page.goto(`${baseURL}/checkout/${park.slug}?${query.toString()}`, {
        waitUntil: "networkidle",
      });
      await expect
        .poll(() => driver.page.getByText("Prix d'affluence (Match day, +50\u00a0%)").count())
        .toBe(1);
      expect(await driver.page.getByTestId("normal-price").textContent()).toMatch(
        /^Prix normal du stationnement pour ce créneau\u00a0: 2\u202f000\s?₦|^Prix normal du stationnement pour ce créneau\u00a0: .*2.000/,
      );
      // The page fits the phone's width.
      expect(await driver.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await driver.page.getByRole("button", { name: /^Payer .* avec le portefeuille$/ }).click();
      await arriveAt(driver.page, /\/booking-success\?code=/);
      const code = new URL(driver.page.url()).searchParams.get("code")!;
      const booking = await apiCall<Booking>(baseURL, driver.user, `/bookings/${code}`);
      expect(booking.breakdown).toMatchObject({
        parking: 3000,
        busy_time: { rule: "Match day", adjustment_percent: 50, normal_parking: 2000 },
      });
      expect(realProblems(driver.problems)).toEqual([]);
    } finally {
      await driver.context.close();
    }
  });
});
