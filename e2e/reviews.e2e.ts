import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, demoTopUp, twentyFourHourPark, quarterHoursAhead } from "./support/api";
import { useBrowser, VIEWPORTS, watchedPage } from "./support/browser";
import { createE2eDatabase, createSignedInUser, type E2eDatabase } from "./support/database";
import { startServer, type RunningServer } from "./support/server";

// Its own server on a PostgreSQL database, where the test moves a booked window into the past.
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

const openPark = () => twentyFourHourPark(server.url);

describe("reviews", () => {
  it("a driver reviews a stay that ended from the booking's page, then sees it on the park's page (phone)", async () => {
    // A booking made through the API, then its window moved to yesterday (the stay is over).
    const driver = await createSignedInUser(db, { firstName: "Kemi" });
    await demoTopUp(server.url, driver, 200_000);
    const park = await openPark();
    const start = quarterHoursAhead(3);
    const booked = await apiCall<{ booking_code: string }>(server.url, driver, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        park_id: park.id,
        vehicle_type_id: park.rates[0]!.vehicle_type_id,
        plate_number: "LAG123RV",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      }),
    });
    const code = booked.booking_code;
    expect(code).toBeTruthy();
    await db.query(
      `UPDATE bookings SET start_time = $2::timestamptz, end_time = $3::timestamptz WHERE booking_code = $1`,
      [
        code,
        new Date(Date.now() - 26 * 3_600_000).toISOString(),
        new Date(Date.now() - 24 * 3_600_000).toISOString(),
      ],
    );

    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript((t) => window.localStorage.setItem("parkwell_user_token", t), driver.token);
    const { page, problems } = await watchedPage(context);
    // The request e-mail's link: the form is brought into view and focused.
    await page.goto(`${server.url}/booking-details/${code}?review=1`, { waitUntil: "networkidle" });
    const heading = page.getByRole("heading", { name: "Review your stay" });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    // No review yet is an answer (null), not a 404: the booking's page logs no error.
    expect(problems).toEqual([]);

    // The stars with the keyboard: Tab into the group, arrows to 4.
    await page.getByRole("radio", { name: "1 star", exact: true }).first().focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.getByLabel(/Your review/).fill("Easy to find.\nSee https://example.com <b>ok</b>");
    await page.getByRole("button", { name: "Post review" }).click();
    await page.getByText("Thank you: your review is on the car park's page.").waitFor();
    await page.getByRole("button", { name: "Edit" }).waitFor();

    await page.getByRole("link", { name: "See it on the car park's page" }).click();
    const item = page.locator(".review", { hasText: "Kemi" });
    await item.waitFor();
    expect(await item.textContent()).toContain("Verified stay");
    const text = item.locator(".review__text");
    expect(await text.innerText()).toBe("Easy to find.\nSee https://example.com <b>ok</b>");
    // Nothing inside the text is an element: the link and the tag are text.
    expect(await text.locator("*").count()).toBe(0);
    expect(await page.getByTestId("rating-summary").textContent()).toContain("4.0");
    // Expected: the park page's map tiles, out of reach of this closed network. Nothing else may fail.
    const expected = ["net::ERR_NAME_NOT_RESOLVED"];
    expect(problems.filter((p) => !expected.some((e) => p.includes(e)))).toEqual([]);
    await context.close();
  });
});
