import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser, VIEWPORTS, watchedPage, arriveAt } from "./support/browser";
import {
  createE2eDatabase,
  createSignedInUser,
  type E2eDatabase,
  type SignedInUser,
} from "./support/database";
import { createE2eEvent } from "./support/events";
import { startServer, type RunningServer } from "./support/server";
import { apiCall, demoTopUp, ngn } from "./support/api";

// Its own server on a PostgreSQL database it can also write to (the events, a user with a wallet).
let db: E2eDatabase;
let server: RunningServer;
const browser = useBrowser();

interface ParkItem {
  id: number;
  name: string;
  lat: number;
  lng: number;
}

let parks: ParkItem[];
const DAY = 86_400_000;

beforeAll(async () => {
  db = await createE2eDatabase();
  server = await startServer({ DATABASE_URL: db.url });
  const list = (await (
    await fetch(`${server.url}/api/v1/parks/front/parks/?country=NG&search=Lagos&size=5`)
  ).json()) as {
    items: ParkItem[];
  };
  parks = list.items;
});
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

const call = <T>(user: SignedInUser, path: string, init?: RequestInit) =>
  apiCall<T>(server.url, user, path, init);

const topUp = (user: SignedInUser, amount: number) => demoTopUp(server.url, user, amount);

const balance = async (user: SignedInUser) =>
  (await call<{ data: { balance: number } }>(user, "/wallet")).data.balance;

async function axe(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** Chromium logs what fails to load: the map tiles (no outside network here) and an expected 404. */
const realProblems = (problems: string[]) => problems.filter((p) => !p.includes("Failed to load resource"));

async function signedInPage(
  user: SignedInUser,
  viewport: { width: number; height: number },
  language = "en",
) {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    ([token, lang]) => {
      window.localStorage.setItem("parkwell_user_token", token!);
      window.localStorage.setItem("language", lang!);
    },
    [user.token, language],
  );
  return { context, ...(await watchedPage(context)) };
}

describe("event parking", () => {
  it("lists an event, shows its parks, books one from the wallet, and the booking names the event", async () => {
    // 14:00 in Lagos three days ahead: the parking window (12:00 to 19:00) stays within one day,
    // whatever the time the test runs at.
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 3, 13));
    const name = `Afrobeats Night ${Date.now()}`;
    const code = await createE2eEvent(db, {
      name,
      category: "concert",
      // A venue a few hundred metres from the first park.
      lat: parks[0]!.lat + 0.003,
      lng: parks[0]!.lng,
      start,
      end: new Date(start.getTime() + 4 * 3_600_000),
      parks: [
        { parkId: parks[0]!.id, offers: [{ vehicleTypeId: 1, priceMinor: 300_000, allocation: 10 }] },
        { parkId: parks[1]!.id, offers: [{ vehicleTypeId: 1, priceMinor: 250_000, allocation: 4 }] },
      ],
    });
    const user = await createSignedInUser(db, { countryId: 1 });
    await topUp(user, 100_000);
    const { context, page, problems } = await signedInPage(user, VIEWPORTS.desktop);

    await page.goto(`${server.url}/events`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Events in Nigeria");
    // The demo events are listed too: the search finds this one.
    await page.getByLabel("Search events").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    await arriveAt(page, /search=Afrobeats/);
    const card = page.locator(`[data-event-code="${code}"]`);
    // The card's "from" price is what a driver pays for the cheapest offer (₦2,500 flat), fees
    // included: the event page's price for it, the one the checkout charges.
    const detail = (await (await fetch(`${server.url}/api/v1/events/${code}`)).json()) as {
      parks: { prices: { flat_price: { amount: number }; price: { amount: number } }[] }[];
    };
    const cheapest = detail.parks.flatMap((p) => p.prices).find((o) => o.flat_price.amount === 2500)!;
    expect(cheapest.price.amount).toBeGreaterThan(2500);
    await expect.poll(() => card.textContent()).toContain(`Parking from ${ngn(cheapest.price.amount)}`);
    expect(await card.textContent()).toContain("Eko Convention Centre · Lagos");
    expect(await card.textContent()).toMatch(/WAT|GMT\+1/);
    expect(await page.getByRole("region", { name: "Map of the event venues" }).count()).toBe(1);
    expect(await axe(page)).toEqual([]);
    // The filters live in the URL: a search for nothing says so and offers to clear it.
    await page.getByLabel("Search events").fill("no such event anywhere");
    await page.getByRole("button", { name: "Search" }).click();
    await arriveAt(page, /search=no\+such/);
    await expect
      .poll(() => page.getByTestId("events-empty").textContent())
      .toContain("No upcoming event matches");
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await arriveAt(page, /\/events$/);
    await page.goBack();
    await page.goBack();
    await arriveAt(page, /search=Afrobeats/);
    await card.getByRole("link", { name }).click();

    await arriveAt(page, new RegExp(`/event/${code}$`));
    await expect.poll(() => page.locator("main h1").textContent()).toBe(name);
    const park = page.locator(`[data-park-id="${parks[0]!.id}"]`).filter({ hasText: parks[0]!.name });
    await expect.poll(() => park.textContent()).toContain("10 spaces left");
    // The window: two hours before the start to an hour after the end, on the venue's clock.
    const from = new Intl.DateTimeFormat("en", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: "Africa/Lagos",
    });
    const window = `Park from ${from.format(new Date(start.getTime() - 2 * 3_600_000))} to ${from.format(new Date(start.getTime() + 5 * 3_600_000))}`;
    // The zone as the browser names Lagos's: "WAT" or "GMT+1".
    expect(await park.getByTestId("event-park-window").textContent()).toMatch(
      new RegExp(`^${window} \\((WAT|GMT\\+1)\\)$`),
    );
    expect(await park.textContent()).toMatch(/from the venue · [\d,]+\smin walk/);
    expect(await axe(page)).toEqual([]);
    await park.getByRole("link", { name: `Book Car parking at ${parks[0]!.name}` }).click();

    await arriveAt(page, new RegExp(`/booking/event/${code}\\?park=${parks[0]!.id}&vehicle_type_id=1`));
    await expect.poll(() => page.getByRole("heading", { name: parks[0]!.name }).count()).toBe(1);
    // The price is the flat price plus the country's fees, as the server charges it.
    await expect.poll(() => page.getByTestId("booking-total").count()).toBe(1);
    const shownTotal = await page.getByTestId("booking-total").textContent();
    await page.getByLabel("Plate number").fill("lag-123-ev");
    expect(await axe(page)).toEqual([]);
    await page.getByRole("button", { name: `Pay ${shownTotal} from wallet` }).click();

    await arriveAt(page, /\/booking-success\?code=PW-/);
    const bookingCode = new URL(page.url()).searchParams.get("code")!;
    await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain(name);
    const [row] = await db.query<{ total: string }>(
      "SELECT total_minor::text AS total FROM bookings WHERE booking_code = $1",
      [bookingCode],
    );
    expect(100_000 - (await balance(user))).toBe(Number(row!.total) / 100);
    expect(ngn(Number(row!.total) / 100)).toBe(shownTotal);

    await page.goto(`${server.url}/bookings?status=upcoming`, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("booking-event").textContent()).toContain(name);
    await page.getByRole("link", { name: new RegExp(bookingCode) }).click();
    await expect
      .poll(() => page.getByTestId("booking-summary").textContent())
      .toContain("Eko Convention Centre");
    // An event booking keeps the event's times: no extension is offered.
    await expect.poll(() => page.getByRole("button", { name: "Cancel booking" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Extend booking" }).count()).toBe(0);

    // The event page counts the space taken.
    await page.goto(`${server.url}/event/${code}`, { waitUntil: "networkidle" });
    await expect.poll(() => park.textContent()).toContain("9 spaces left");
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("opens a private event with its access code, and books it", async () => {
    const start = new Date(Math.ceil((Date.now() + 5 * DAY) / 3_600_000) * 3_600_000);
    const name = `Board Retreat ${Date.now()}`;
    const code = await createE2eEvent(db, {
      name,
      category: "conference",
      accessCode: "PARKWELL-E2E",
      start,
      end: new Date(start.getTime() + 6 * 3_600_000),
      parks: [{ parkId: parks[2]!.id, offers: [{ vehicleTypeId: 1, priceMinor: 150_000, allocation: 2 }] }],
    });
    const user = await createSignedInUser(db, { countryId: 1 });
    // Less than the parking costs: the first Pay is refused with a way to top up.
    await topUp(user, 1_000);
    const { context, page, problems } = await signedInPage(user, VIEWPORTS.phone);

    // Hidden from the list, and 404 by its code until the access code is entered.
    await page.goto(`${server.url}/event/${code}`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Event not found");
    // The access page is opened for this event: its code is filled in, the driver types the access code.
    await page.getByRole("link", { name: "Enter an access code" }).click();
    await arriveAt(page, new RegExp(`/private-event-access\\?event=${code}$`));
    expect(await axe(page)).toEqual([]);
    expect(await page.getByLabel("Event code").inputValue()).toBe(code);
    const field = page.getByLabel("Access code");
    await field.fill("WRONG-CODE");
    await page.getByRole("button", { name: "Open the event" }).click();
    await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText("No event matches this access code").count()).toBe(1);
    await field.fill("parkwell e2e");
    await page.getByRole("button", { name: "Open the event" }).click();

    await arriveAt(page, new RegExp(`/event/${code}$`));
    await expect.poll(() => page.locator("main h1").textContent()).toBe(name);
    expect(await page.getByText("Private event").count()).toBe(1);
    // Loaded afresh: the server holds no grant, so its answer is a 404 that names nothing of the
    // event; the browser, which holds the grant, then shows it.
    const reloaded = await page.reload({ waitUntil: "networkidle" });
    expect(reloaded?.status()).toBe(404);
    expect(await reloaded!.text()).not.toContain(name);
    await expect.poll(() => page.locator("main h1").textContent()).toBe(name);
    await page.getByRole("link", { name: `Book Car parking at ${parks[2]!.name}` }).click();
    await arriveAt(page, /\/booking\/event\//);
    await page.getByLabel("Plate number").fill("vip-001");
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Your wallet is" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Top up wallet" }).getAttribute("href")).toContain(
      "return_to=",
    );
    await topUp(user, 50_000);
    await page.getByRole("button", { name: /^Pay .* from wallet$/ }).click();
    await arriveAt(page, /\/booking-success\?code=PW-/);
    await expect.poll(() => page.getByTestId("booking-summary").textContent()).toContain(name);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("speaks French on a phone, and an unknown code is a not-found page", async () => {
    const user = await createSignedInUser(db, { countryId: 1 });
    const { context, page, problems } = await signedInPage(user, VIEWPORTS.phone, "fr");
    await page.goto(`${server.url}/events`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Événements au Nigeria");
    await expect.poll(() => page.getByTestId("event-count").textContent()).toMatch(/événements? à venir/);
    // The demo's private event opens with the code the README gives.
    await page.goto(`${server.url}/private-event-access`, { waitUntil: "networkidle" });
    await page.getByLabel("Code de l'événement").fill("ev-vpgla");
    await page.getByLabel("Code d'accès").fill("parkwell-vip");
    await page.getByRole("button", { name: "Ouvrir l'événement" }).click();
    await arriveAt(page, /\/event\/EV-VPGLA$/);
    await expect.poll(() => page.getByText("Événement privé").count()).toBe(1);
    await page.goto(`${server.url}/event/EV-ZZZZZ`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("main h1").textContent()).toBe("Événement introuvable");
    expect(await page.getByRole("link", { name: "Saisir un code d'accès" }).count()).toBe(1);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });

  it("shows a sold-out allocation with nothing to book, and a cancelled event with nothing at all", async () => {
    const start = new Date(Math.ceil((Date.now() + 4 * DAY) / 3_600_000) * 3_600_000);
    const name = `Derby Day ${Date.now()}`;
    const code = await createE2eEvent(db, {
      name,
      category: "sport",
      start,
      end: new Date(start.getTime() + 2 * 3_600_000),
      parks: [{ parkId: parks[3]!.id, offers: [{ vehicleTypeId: 1, priceMinor: 100_000, allocation: 1 }] }],
    });
    const first = await createSignedInUser(db, { countryId: 1 });
    await topUp(first, 10_000);
    await call(first, "/bookings", {
      method: "POST",
      body: JSON.stringify({
        event_code: code,
        park_id: parks[3]!.id,
        vehicle_type_id: 1,
        plate_number: "FIRST1",
      }),
    });
    const user = await createSignedInUser(db, { countryId: 1 });
    const { context, page, problems } = await signedInPage(user, VIEWPORTS.desktop);
    await page.goto(`${server.url}/event/${code}`, { waitUntil: "networkidle" });
    const park = page.locator(`[data-park-id="${parks[3]!.id}"]`).filter({ hasText: parks[3]!.name });
    await expect.poll(() => park.textContent()).toContain("Sold out");
    expect(await park.getByRole("link", { name: /^Book .* parking at / }).count()).toBe(0);

    await db.query(
      "UPDATE events SET status = 'cancelled', cancelled_at = $2::timestamptz WHERE event_code = $1",
      [code, new Date().toISOString()],
    );
    await page.reload({ waitUntil: "networkidle" });
    await expect
      .poll(() => page.getByTestId("event-cancelled").textContent())
      .toContain("This event has been cancelled.");
    expect(await page.getByRole("link", { name: /^Book .* parking at / }).count()).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await context.close();
  });
});

/**
 * For each map pin (the marker's element, which takes clicks and focus): its title, whether it has
 * an accessible name, whether its target is at least 24 × 24 px and covers no other pin's, whether
 * a click at its label's centre lands on it (nothing covers it) and whether it takes the keyboard's
 * focus.
 */
async function reachablePins(page: Page) {
  return page.locator(".leaflet-marker-icon").evaluateAll((markers) => {
    // All measured at one scroll position, to compare them.
    const rects = markers.map((m) => m.getBoundingClientRect());
    return markers.map((m, i) => {
      const r = rects[i]!;
      const apart = rects.every(
        (o, j) => j === i || o.right <= r.left || r.right <= o.left || o.bottom <= r.top || r.bottom <= o.top,
      );
      // Measured in view: a point outside the viewport hits nothing.
      m.scrollIntoView({ block: "center" });
      const l = m.querySelector(".park-pin")!.getBoundingClientRect();
      const hit = document.elementFromPoint(l.left + l.width / 2, l.top + l.height / 2);
      (m as HTMLElement).focus();
      return {
        title: m.getAttribute("title"),
        named: m.getAttribute("role") === "button" && (m.textContent ?? "").trim() !== "",
        target: r.width >= 24 && r.height >= 24 && apart,
        clickable: hit !== null && m.contains(hit),
        focusable: document.activeElement === m,
      };
    });
  });
}

const reachable = (p: Awaited<ReturnType<typeof reachablePins>>[number]) => ({
  ...p,
  named: true,
  target: true,
  clickable: true,
  focusable: true,
});

/** What axe's `target-size` rule (WCAG 2.5.8) finds on the page: it is what failed on stacked pins. */
async function smallTargets(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(["target-size"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")));
}

describe("map pins at one spot", () => {
  for (const [width, viewport] of Object.entries(VIEWPORTS)) {
    it(`draws the venue, the car park under it and two events at one venue apart, each reachable, at every zoom (${width})`, async () => {
      const start = new Date(Math.ceil((Date.now() + 5 * DAY) / 3_600_000) * 3_600_000);
      const stamp = `${Date.now()}${width}`;
      const spot = { lat: parks[2]!.lat, lng: parks[2]!.lng, venueName: "Shared Grounds" };
      const parkOffer = (parkId: number) => ({
        parkId,
        offers: [{ vehicleTypeId: 1, priceMinor: 150_000, allocation: 5 }],
      });
      // The venue stands exactly where a car park is, another car park is elsewhere in Lagos;
      // a second event shares the venue.
      const code = await createE2eEvent(db, {
        name: `Twin Stage A ${stamp}`,
        ...spot,
        start,
        end: new Date(start.getTime() + 3 * 3_600_000),
        parks: [parkOffer(parks[2]!.id), parkOffer(parks[3]!.id)],
      });
      await createE2eEvent(db, {
        name: `Twin Stage B ${stamp}`,
        ...spot,
        start,
        end: new Date(start.getTime() + 3 * 3_600_000),
        parks: [parkOffer(parks[2]!.id)],
      });
      const context = await browser.newContext({ viewport });
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      const { page, problems } = await watchedPage(context);

      await page.goto(`${server.url}/event/${code}`, { waitUntil: "networkidle" });
      await expect.poll(() => page.locator(".park-pin").count(), { timeout: 15_000 }).toBe(3);
      const onEvent = await reachablePins(page);
      expect(onEvent.map((p) => p.title).sort()).toEqual(
        ["Shared Grounds", parks[2]!.name, parks[3]!.name].sort(),
      );
      expect(onEvent).toEqual(onEvent.map(reachable));
      expect(await smallTargets(page)).toEqual([]);
      // Zoomed out until the other car park's pin meets the venue's too: the pins are spread
      // again for the new zoom, and still each reachable.
      const pinPlaces = () =>
        page
          .locator(".leaflet-marker-icon")
          .evaluateAll((markers) =>
            markers.map((m) => `${(m as HTMLElement).style.transform} ${(m as HTMLElement).style.translate}`),
          );
      for (let i = 0; i < 6; i++) {
        const before = await pinPlaces();
        await page.locator(".leaflet-control-zoom-out").click();
        // One zoom at a time: Leaflet drops a zoom asked for while it animates one.
        await expect
          .poll(async () => ((await page.locator(".leaflet-zoom-anim").count()) > 0 ? before : pinPlaces()))
          .not.toEqual(before);
      }
      // All three are now drawn away from their points (spread), and each still reachable.
      expect((await pinPlaces()).filter((p) => p.includes("calc"))).toHaveLength(3);
      await expect.poll(() => reachablePins(page)).toEqual(onEvent.map(reachable));
      expect(await smallTargets(page)).toEqual([]);

      await page.goto(`${server.url}/events?search=${encodeURIComponent(`Twin Stage`)}`, {
        waitUntil: "networkidle",
      });
      await expect
        .poll(() => page.locator(".park-pin").count(), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(2);
      const onList = (await reachablePins(page)).filter((p) => p.title?.endsWith(stamp));
      expect(onList.map((p) => p.title).sort()).toEqual([`Twin Stage A ${stamp}`, `Twin Stage B ${stamp}`]);
      expect(onList).toEqual(onList.map(reachable));
      expect(await smallTargets(page)).toEqual([]);
      expect(realProblems(problems)).toEqual([]);
      await context.close();
    });
  }
});
