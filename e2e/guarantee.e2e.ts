import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { addDays, dayOnClock, instantOfWallClock } from "@parkwell/contract";
import { describe, expect, inject, it } from "vitest";
import { apiCall, demoTopUp, logIn } from "./support/api";
import { storeSignIn, useBrowser, VIEWPORTS, watchedPage } from "./support/browser";

const baseURL = inject("baseURL");
const browser = useBrowser();

/** The browser logs each refused request (the closure's 409, asked for) as a failed resource. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

async function seriousA11yProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** A 24-hour park of the demo manager's in a corner of Nigeria no seeded park is near, with Car spaces. */
async function managersPark(staff: { id: string; email: string; token: string }, name: string, lat: number) {
  const park = await apiCall<{ id: number }>(baseURL, staff, "/admin/parks", {
    method: "POST",
    body: JSON.stringify({
      name,
      type: "city",
      country: "NG",
      state_id: null,
      city: "Ilorin",
      address: `${Math.round(lat * 1000) % 100} Guarantee Road`,
      lat,
      lng: 4.55,
      time_zone: "Africa/Lagos",
      open_24h: true,
      overnight_stays: false,
      amenities: [],
      max_height_cm: null,
      text_language: "en",
      texts: {},
    }),
  });
  await apiCall(baseURL, staff, `/admin/parks/${park.id}/rates`, {
    method: "PUT",
    body: JSON.stringify({ rates: [{ vehicle_type_id: 1, hourly: 500, daily_max: 4000 }] }),
  });
  await apiCall(baseURL, staff, `/admin/parks/${park.id}/capacities`, {
    method: "PUT",
    body: JSON.stringify({ capacities: [{ vehicle_type_id: 1, capacity: 5 }] }),
  });
  return park.id;
}

describe("the space guarantee", () => {
  it("a manager closes a booked day by the keyboard (1366 px, English); the driver moves to the park offered (390 px, French)", async () => {
    const manager = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
    const staff = { id: "", email: "manager@parkwell.test", token: manager.access_token };
    const suffix = Date.now() % 100000;
    const closing = await managersPark(staff, `Guarantee Yard ${suffix}`, 8.5);
    const nearby = await managersPark(staff, `Guarantee Deck ${suffix}`, 8.504);
    const driverLogin = await logIn(baseURL, "driver@parkwell.test", "drive-safely-2026");
    const driver = { id: "", email: "driver@parkwell.test", token: driverLogin.access_token };
    await demoTopUp(baseURL, driver, 20_000);
    const day = addDays(dayOnClock(new Date(), "Africa/Lagos"), 2);
    const at = (wall: string) =>
      new Date(instantOfWallClock(Date.parse(`${day}T${wall}:00Z`), "Africa/Lagos")).toISOString();
    const booked = await apiCall<{ booking_code: string }>(baseURL, driver, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: closing,
        vehicle_type_id: 1,
        plate_number: `GRT${suffix}`,
        start_time: at("10:00"),
        end_time: at("12:00"),
      }),
    });

    // The manager adds the day: the page lists the booking first, then saves once confirmed.
    const desk = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await storeSignIn(desk, manager, "en");
    const office = await watchedPage(desk);
    const page = office.page;
    await page.goto(`${baseURL}/admin/parks/${closing}`, { waitUntil: "networkidle" });
    await page.getByLabel("Closure days").fill(day);
    await page.getByRole("button", { name: "Save changes" }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByTestId("closure-confirm");
    await confirm.waitFor();
    expect(await confirm.getByRole("heading").first().textContent()).toBe(
      "These closure days hit 1 booking, pass or event space",
    );
    const listed = page.getByTestId("booking-conflicts");
    expect(await listed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listed.textContent()).toContain(booked.booking_code);
    expect(await listed.textContent()).toContain("Your company pays the difference");
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.getByRole("button", { name: "Close these days and tell the drivers" }).focus();
    await page.keyboard.press("Enter");
    await page
      .getByRole("status")
      .filter({ hasText: "Saved. Drivers see the change now." })
      .first()
      .waitFor();
    const cost = page
      .getByRole("region", { name: "What closures and cuts of spaces cost (space guarantee)" })
      .first();
    await cost.getByText(booked.booking_code).waitFor();
    expect(await cost.textContent()).toContain("Waiting for the driver");

    // The driver, on a phone in French, takes the nearest park with the keyboard.
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    await storeSignIn(phone, driverLogin, "fr");
    const own = await watchedPage(phone);
    const offer = own.page;
    await offer.goto(`${baseURL}/booking-offers/${booked.booking_code}`, { waitUntil: "networkidle" });
    await offer.getByRole("heading", { level: 1 }).filter({ hasText: "une place ailleurs" }).waitFor();
    const choices = offer.getByRole("group", {
      name: "Parkings libres pour votre créneau, du plus proche au plus éloigné",
    });
    const first = choices.getByRole("radio").first();
    expect(await first.getAttribute("value")).toBe(String(nearby));
    expect(await choices.textContent()).toContain("rien de plus à payer");
    expect(await seriousA11yProblems(offer)).toEqual([]);
    expect(await offer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await first.focus();
    await offer.keyboard.press("Space");
    await offer.getByRole("button", { name: "Réserver cette place" }).focus();
    await offer.keyboard.press("Enter");
    await offer.waitForURL(/\/booking-details\/PW-/);
    expect(offer.url()).not.toContain(booked.booking_code);
    await offer.getByText(`Guarantee Deck ${suffix}`).first().waitFor();

    // The manager's list says the booking moved.
    await page.reload({ waitUntil: "networkidle" });
    await cost.getByText(`Moved · Guarantee Deck ${suffix}`).waitFor();
    expect(realProblems(office.problems)).toEqual([]);
    expect(realProblems(own.problems)).toEqual([]);
    await desk.close();
    await phone.close();
  });

  it("a manager cuts a park's spaces below its bookings on a phone in French, by the keyboard; the moved driver reads why (1366 px, English)", async () => {
    const manager = await logIn(baseURL, "manager@parkwell.test", "manage-parks-2026");
    const staff = { id: "", email: "manager@parkwell.test", token: manager.access_token };
    const suffix = Date.now() % 100000;
    const cutting = await managersPark(staff, `Cut Yard ${suffix}`, 8.9);
    const driverLogin = await logIn(baseURL, "driver@parkwell.test", "drive-safely-2026");
    const driver = { id: "", email: "driver@parkwell.test", token: driverLogin.access_token };
    await demoTopUp(baseURL, driver, 20_000);
    const day = addDays(dayOnClock(new Date(), "Africa/Lagos"), 3);
    const at = (wall: string) =>
      new Date(instantOfWallClock(Date.parse(`${day}T${wall}:00Z`), "Africa/Lagos")).toISOString();
    const booked: { booking_code: string }[] = [];
    for (const [plate, from] of [
      [`CTA${suffix}`, "09:00"],
      [`CTB${suffix}`, "10:00"],
    ] as const) {
      booked.push(
        await apiCall<{ booking_code: string }>(baseURL, driver, "/bookings", {
          method: "POST",
          body: JSON.stringify({
            park_id: cutting,
            vehicle_type_id: 1,
            plate_number: plate,
            start_time: at(from),
            end_time: at("12:00"),
          }),
        }),
      );
    }

    // The manager asks for one space: the booking made last is listed, then moved once confirmed.
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    await storeSignIn(phone, manager, "fr");
    const office = await watchedPage(phone);
    const page = office.page;
    await page.goto(`${baseURL}/admin/parks/${cutting}`, { waitUntil: "networkidle" });
    await page.getByRole("textbox", { name: "Voiture\u00a0: Places" }).fill("1");
    await page.getByRole("button", { name: "Enregistrer les tarifs et les places" }).focus();
    await page.keyboard.press("Enter");
    const listed = page.getByTestId("booking-conflicts");
    await listed.waitFor();
    expect(await listed.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await listed.locator("li").allTextContents()).toEqual([
      expect.stringContaining(`${booked[1]!.booking_code} · CTB${suffix}`),
    ]);
    expect(await listed.textContent()).toContain("Votre entreprise paie la différence");
    expect(await seriousA11yProblems(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: "Réduire les places et prévenir les conducteurs" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("status").filter({ hasText: "Enregistré" }).first().waitFor();
    expect(await page.getByRole("textbox", { name: "Voiture\u00a0: Places" }).inputValue()).toBe("1");

    // The driver of the booking moved reads why, on a desktop in English.
    const desk = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await storeSignIn(desk, driverLogin, "en");
    const own = await watchedPage(desk);
    await own.page.goto(`${baseURL}/booking-offers/${booked[1]!.booking_code}`, { waitUntil: "networkidle" });
    expect(await own.page.getByTestId("offer-intro").textContent()).toContain(
      `Cut Yard ${suffix} cut its spaces and can no longer take your booking`,
    );
    expect(realProblems(office.problems)).toEqual([]);
    expect(realProblems(own.problems)).toEqual([]);
    await phone.close();
    await desk.close();
  });
});
