import AxeBuilder from "@axe-core/playwright";
import { wallClockMs } from "@parkwell/contract";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { startServer, type RunningServer } from "./support/server";
import { apiCall, demoTopUp, ngn, twentyFourHourPark, quarterHoursAhead } from "./support/api";

// Its own server on a PostgreSQL database it can also write to (a signed-in user with a wallet).
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

const call = <T>(user: SignedInUser, path: string, init?: RequestInit) =>
  apiCall<T>(server.url, user, path, init);

const topUp = (user: SignedInUser, amount: number) => demoTopUp(server.url, user, amount);

const openPark = () => twentyFourHourPark(server.url);

async function signedIn(
  user: SignedInUser,
  viewport: { width: number; height: number },
  timezoneId?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, ...(timezoneId ? { timezoneId } : {}) });
  await context.addInitScript((t) => window.localStorage.setItem("parkwell_user_token", t), user.token);
  return context;
}

const balance = async (user: SignedInUser) =>
  (await call<{ data: { balance: number } }>(user, "/wallet")).data.balance;

describe("booking from checkout to cancellation", () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`books, shows the QR code, extends, cancels with a refund, renews (${name})`, async () => {
      const user = await createSignedInUser(db, { countryId: 1 });
      await topUp(user, 200_000);
      const park = await openPark();
      const context = await signedIn(user, viewport);
      const { page, problems } = await watchedPage(context);

      // Three hours ahead, so cancelling later refunds the whole parking amount.
      const start = quarterHoursAhead(3);
      const end = new Date(start.getTime() + 2 * 3_600_000);
      const query = new URLSearchParams({
        vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
        start_time: start.toISOString(),
        end_time: end.toISOString(),
      });
      await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, {
        waitUntil: "networkidle",
      });
      await expect.poll(() => page.getByRole("heading", { name: park.name }).count()).toBe(1);
      await expect.poll(() => page.getByTestId("spaces-left").textContent()).toMatch(/spaces? left/);
      await expect
        .poll(() => page.getByTestId("checkout-balance").textContent())
        .toBe(`Wallet balance: ${ngn(200_000)}`);
      expect(await page.getByText("Service and booking fees are not refunded.").count()).toBe(1);
      // Pay without a plate: the field says so, takes the focus, and nothing reaches the server.
      await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
      const plate = page.getByLabel("Plate number");
      await expect.poll(() => plate.getAttribute("aria-invalid")).toBe("true");
      await expect.poll(() => plate.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByText("This field is required!").count()).toBe(1);
      expect((await db.query("SELECT 1 FROM bookings WHERE user_id = $1", [user.id])).length).toBe(0);
      await plate.fill("abc-123");
      expect(await page.getByText("This field is required!").count()).toBe(0);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();

      await arriveAt(page, /\/booking-success\?code=PW-/);
      const code = new URL(page.url()).searchParams.get("code")!;
      await expect.poll(() => page.getByRole("heading", { name: "Booking confirmed" }).count()).toBe(1);
      // The bookingCreated flag: its message shows once and its reset is the dismiss button.
      const created = page.getByText("Your booking is confirmed and paid from your wallet.");
      await expect.poll(() => created.count()).toBe(1);
      await page.getByRole("button", { name: "Dismiss" }).click();
      await expect.poll(() => created.count()).toBe(0);
      const qr = page.getByRole("img", { name: `QR code for booking ${code}` });
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await page.getByTestId("booking-summary").textContent()).toContain("ABC123");
      const [row] = await db.query<{ total: string }>(
        "SELECT total_minor::text AS total FROM bookings WHERE booking_code = $1 AND user_id = $2",
        [code, user.id],
      );
      const total = Number(row!.total) / 100;
      expect(await balance(user)).toBe(200_000 - total);

      await page.getByRole("link", { name: "My Bookings" }).first().click();
      await page.waitForURL(/\/bookings$/);
      await page.getByRole("button", { name: "Upcoming" }).click();
      await expect.poll(() => page.getByRole("link", { name: new RegExp(code) }).count()).toBe(1);
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      await page.getByRole("link", { name: new RegExp(code) }).click();
      await page.waitForURL(new RegExp(`/booking-details/${code}$`));
      await expect.poll(() => page.getByRole("img", { name: `QR code for booking ${code}` }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Directions" }).getAttribute("href")).toContain(
        "openstreetmap.org/directions?to=",
      );

      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
      // Another car before the start: a typed plate, checked first; no money moves.
      const beforeChange = await balance(user);
      await page.getByRole("button", { name: "Change vehicle" }).click();
      const form = page.getByRole("form", { name: "Change vehicle" });
      await form.getByLabel("Plate number").fill("!");
      await form.getByRole("button", { name: "Save vehicle" }).click();
      expect(await form.getByText("Please enter a valid plate number").count()).toBe(1);
      await form.getByLabel("Plate number").fill("xyz-789");
      await form.getByRole("button", { name: "Save vehicle" }).click();
      await expect.poll(() => page.getByText("Vehicle changed to XYZ789.").count()).toBe(1);
      await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain("XYZ789");
      expect(await balance(user)).toBe(beforeChange);
      // Extend by an hour: the quoted extra charge is what the wallet pays.
      await expect.poll(() => page.getByTestId("extend-extra").textContent()).toMatch(/^Extra charge: ₦/);
      const extra = await page.getByTestId("extend-extra").textContent();
      // One tap only asks: nothing is charged until the amount is confirmed.
      await page.getByRole("button", { name: "Extend booking" }).click();
      const amount = extra!.replace("Extra charge: ", "");
      await expect
        .poll(() => page.getByRole("group", { name: "Confirm the extension" }).textContent())
        .toContain(`${amount} will be taken from your wallet.`);
      expect(await balance(user)).toBe(200_000 - total);
      await page.getByRole("button", { name: `Yes, pay ${amount}` }).click();
      await expect.poll(() => page.getByText("Your booking has been updated.").count()).toBe(1);
      const afterExtend = await balance(user);
      expect(`Extra charge: ${ngn(200_000 - total - afterExtend)}`).toBe(extra);
      // The form starts over from the new end (an hour after it, on the park's clock) with its own
      // quote: no "after the current one" complaint about the choice just paid for.
      const extended = await call<{ end_time: string; park: { time_zone: string } }>(
        user,
        `/bookings/${code}`,
      );
      const nextChoice = new Date(
        wallClockMs(Date.parse(extended.end_time) + 3_600_000, extended.park.time_zone),
      )
        .toISOString()
        .slice(0, 16);
      await expect.poll(() => page.getByLabel("New departure time").inputValue()).toBe(nextChoice);
      await expect.poll(() => page.getByTestId("extend-extra").textContent()).toMatch(/^Extra charge: ₦/);
      expect(await page.getByText("Choose a departure after the current one.").count()).toBe(0);
      expect(await page.getByText("Your booking has been updated.").count()).toBe(1);

      // Cancel: 100% of the parking amount back, after a confirmation.
      await expect
        .poll(() => page.getByTestId("refund-preview").first().textContent())
        .toMatch(/gives back 100% of the parking amount/);
      // Line by line, before: the parking comes back, the fees and the tax are kept.
      const before = await call<{
        breakdown: { parking: number; service_fee: number; booking_fee: number; tax: number };
        paid: number;
      }>(user, `/bookings/${code}`);
      const back = await page.getByTestId("refund-preview-back").textContent();
      expect(back).toBe(
        `Parking${ngn(before.breakdown.parking)}Back to your wallet${ngn(before.breakdown.parking)}`,
      );
      const kept = await page.getByTestId("refund-preview-kept").textContent();
      expect(kept).toContain(`Service fee${ngn(before.breakdown.service_fee)}`);
      expect(kept).toContain(`Booking fee${ngn(before.breakdown.booking_fee)}`);
      expect(kept).toContain(`VAT on service fees${ngn(before.breakdown.tax)}`);
      expect(kept).toContain(`Kept${ngn(Math.round((before.paid - before.breakdown.parking) * 100) / 100)}`);
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await page.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain("Cancelled");
      const afterCancel = await balance(user);
      // The whole parking amount of the extended window comes back; the fees are kept.
      const detail = await call<{ breakdown: { parking: number }; refunds: unknown[] }>(
        user,
        `/bookings/${code}`,
      );
      expect(detail.refunds).toHaveLength(1);
      expect(afterCancel).toBeCloseTo(afterExtend + detail.breakdown.parking, 2);
      // Said at the top where a phone shows it; a cancelled booking has no code to show at the gate.
      await expect
        .poll(() => page.getByTestId("cancelled-flash").textContent())
        .toBe(`Booking cancelled — ${ngn(detail.breakdown.parking)} refunded to your wallet.`);
      // After: the same lines; what is kept is what the wallet paid, net of the refund.
      expect(await page.getByTestId("cancelled-flash-back").textContent()).toBe(back);
      expect(await page.getByTestId("cancelled-flash-kept").textContent()).toBe(kept);
      expect(await page.getByRole("img", { name: `QR code for booking ${code}` }).count()).toBe(0);
      expect(await page.getByText("Show this code at the entrance.").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Directions" }).count()).toBe(0);
      // Renew (the start is still ahead): it charges back what the cancellation refunded.
      await page.getByRole("button", { name: /^Renew booking/ }).click();
      await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain("Upcoming");
      expect(await balance(user)).toBeCloseTo(afterExtend, 2);
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await page.getByRole("button", { name: "Yes, cancel it" }).click();
      await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain("Cancelled");
      expect(await balance(user)).toBeCloseTo(afterCancel, 2);

      await page.goto(`${server.url}/wallet`, { waitUntil: "networkidle" });
      await expect.poll(() => page.getByTestId("wallet-balance").textContent()).toBe(ngn(afterCancel));
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("shows the server's 402 with the missing amount, tops up and comes back to the same checkout", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    const park = await openPark();
    const context = await signedIn(user, VIEWPORTS.phone);
    await context.addInitScript(() => window.localStorage.setItem("language", "fr"));
    const { page, problems } = await watchedPage(context);
    const start = quarterHoursAhead(1);
    const query = new URLSearchParams({
      vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 3_600_000).toISOString(),
      plate_number: "LAG123",
    });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: /^Payer .* avec le portefeuille$/ }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/^Il manque .* dans votre portefeuille/);
    const href = await page.getByRole("link", { name: "Recharger le portefeuille" }).getAttribute("href");
    const back = new URL(href!, server.url).searchParams.get("return_to");
    expect(back).toBe(`/checkout/${park.slug}?${query.toString()}`);
    expect((await db.query("SELECT 1 FROM bookings WHERE user_id = $1", [user.id])).length).toBe(0);

    // The link opens the add-funds dialog with the missing amount; after paying, back to checkout.
    await page.getByRole("link", { name: "Recharger le portefeuille" }).click();
    await page.waitForURL(/\/wallet\?amount=/);
    const amount = page.getByRole("dialog").getByRole("textbox");
    await expect.poll(() => amount.inputValue()).not.toBe("");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/wallet\/callback\?provider=demo&reference=PW-/, { timeout: 15_000 });
    await page.getByRole("link", { name: "Retour au paiement" }).click();
    await page.waitForURL((u) => `${u.pathname}${u.search}` === back);
    await page.getByRole("button", { name: /^Payer .* avec le portefeuille$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    await expect.poll(() => page.getByRole("heading", { name: "Réservation confirmée" }).count()).toBe(1);
    // The browser logs the expected 402 response itself; nothing else may go wrong.
    expect(problems.filter((p) => !p.includes("status of 402"))).toEqual([]);
    await context.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`books with an empty wallet through "Pay … and book": the demo provider takes the difference and the booking's page opens (${name})`, async () => {
      const user = await createSignedInUser(db, { countryId: 1 });
      const park = await openPark();
      const context = await signedIn(user, viewport);
      const { page, problems } = await watchedPage(context);
      const start = quarterHoursAhead(name === "phone" ? 5 : 7);
      const query = new URLSearchParams({
        vehicle_type_id: String(park.rates[0]!.vehicle_type_id),
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        plate_number: name === "phone" ? "LAG777" : "LAG778",
      });
      await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, {
        waitUntil: "networkidle",
      });
      await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
      await expect
        .poll(() => page.getByRole("alert").first().textContent())
        .toMatch(/^Your wallet is .* short/);
      const pay = page.getByRole("button", { name: /^Pay .* and book$/ });
      // The amount on the button is the difference, or the country's minimum top-up, which is then said.
      const label = (await pay.textContent())!;
      const wallet = (await call<{ data: { min_topup: number } }>(user, "/wallet")).data;
      const missing = (await page.getByRole("alert").first().textContent())!.match(/is (.*) short/)![1]!;
      if (label.includes(missing)) expect(await page.getByTestId("pay-difference-minimum").count()).toBe(0);
      else {
        expect(label).toBe(`Pay ${ngn(wallet.min_topup)} and book`);
        expect(await page.getByTestId("pay-difference-minimum").textContent()).toContain(missing);
      }
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      await pay.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(/\/payment\?reference=PW-.*&provider=demo/);
      await arriveAt(page, /\/booking-success\?code=PW-/, { timeout: 15_000 });
      await expect.poll(() => page.getByRole("heading", { name: "Booking confirmed" }).count()).toBe(1);
      const code = new URL(page.url()).searchParams.get("code");
      const rows = await db.query<{ booking_code: string; status: string }>(
        "SELECT booking_code, status FROM bookings WHERE user_id = $1",
        [user.id],
      );
      expect(rows).toEqual([{ booking_code: code, status: "active" }]);
      const paid = (await call<{ amount: number }>(user, `/bookings/${code}`)).amount;
      const topUpAmount = Math.max(paid, wallet.min_topup);
      expect(await balance(user)).toBeCloseTo(topUpAmount - paid, 6);
      expect(problems.filter((p) => !p.includes("status of 402"))).toEqual([]);
      await context.close();
    });
  }
});

describe("the booking's vehicle fields (#42)", () => {
  /** A window of an hour starting `hours` from the next quarter hour. */
  const window = (hours: number) => {
    const start = quarterHoursAhead(hours);
    return { start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString() };
  };
  const saveVehicle = (user: SignedInUser, plate: string, typeId: number) =>
    call<{ id: number }>(user, "/user/vehicles/", {
      method: "POST",
      body: JSON.stringify({ plate_number: plate, vehicle_type_id: typeId }),
    });
  const book = (user: SignedInUser, body: Record<string, unknown>) =>
    call<{ booking_code: string }>(user, "/bookings", { method: "POST", body: JSON.stringify(body) });

  it("starts on the saved vehicle of the booked type: the default, else the only one (checkout and change vehicle)", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    const park = await openPark();
    const carType = park.rates[0]!.vehicle_type_id;
    const otherType = carType === 2 ? 1 : 2;
    // The first saved vehicle is the default: an SUV (another type); the Car is the only one of its type.
    await saveVehicle(user, "SUV100", otherType);
    const car = await saveVehicle(user, "CAR200", carType);
    const context = await signedIn(user, VIEWPORTS.phone);
    const { page, problems } = await watchedPage(context);
    const query = new URLSearchParams({ vehicle_type_id: String(carType), ...window(7) });
    await page.goto(`${server.url}/checkout/${park.slug}?${query.toString()}`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByLabel("Vehicle", { exact: true }).inputValue()).toBe(String(car.id));
    expect(await page.getByLabel("Plate number").count()).toBe(0);
    // The driver may still choose to type a plate: the choice stays.
    await page
      .getByLabel("Vehicle", { exact: true })
      .selectOption({ label: "Another vehicle (enter the plate)" });
    await expect.poll(() => page.getByLabel("Plate number").count()).toBe(1);
    expect(await page.getByLabel("Vehicle", { exact: true }).inputValue()).toBe("");

    // Change vehicle on a booking made with a typed plate starts on the Car too.
    await topUp(user, 100_000);
    const booking = await book(user, {
      park_id: park.id,
      vehicle_type_id: carType,
      plate_number: "TYPED300",
      ...window(9),
    });
    await page.goto(`${server.url}/booking-details/${booking.booking_code}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Change vehicle" }).click();
    const form = page.getByRole("form", { name: "Change vehicle" });
    await expect.poll(() => form.getByLabel("Vehicle", { exact: true }).inputValue()).toBe(String(car.id));
    await form.getByRole("button", { name: "Save vehicle" }).click();
    await expect.poll(() => page.getByText("Vehicle changed to CAR200.").count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("says the server's 409 when the vehicle is already booked in the window (change vehicle)", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    const park = await openPark();
    const carType = park.rates[0]!.vehicle_type_id;
    await topUp(user, 100_000);
    const slot = { park_id: park.id, vehicle_type_id: carType, ...window(11) };
    await book(user, { ...slot, plate_number: "BUSY400" });
    const other = await book(user, { ...slot, plate_number: "FREE500" });
    const context = await signedIn(user, VIEWPORTS.desktop);
    const { page, problems } = await watchedPage(context);
    await page.goto(`${server.url}/booking-details/${other.booking_code}`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Change vehicle" }).click();
    const form = page.getByRole("form", { name: "Change vehicle" });
    await form.getByLabel("Plate number").fill("BUSY400");
    await form.getByRole("button", { name: "Save vehicle" }).click();
    await expect
      .poll(() => form.getByText("This vehicle already has a booking in this window").count())
      .toBe(1);
    // A saved vehicle that is busy says so too.
    await saveVehicle(user, "BUSY400", carType);
    await page.reload({ waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Change vehicle" }).click();
    await expect.poll(() => form.getByLabel("Vehicle", { exact: true }).count()).toBe(1);
    await form.getByLabel("Vehicle", { exact: true }).selectOption({ label: "BUSY400" });
    await form.getByRole("button", { name: "Save vehicle" }).click();
    await expect
      .poll(() => form.getByText("This vehicle already has a booking in this window").count())
      .toBe(1);
    expect(problems.filter((p) => !p.includes("status of 409"))).toEqual([]);
    await context.close();
  });
});
