import {
  addDays,
  dayOnClock,
  EVENT_NOT_FOUND_MESSAGE,
  instantOfWallClock,
  type EventDetail,
  type EventPage,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createEvent } from "../../test/events";
import { haversineKm } from "../../test/geo";
import { createTestContext, type TestContext } from "../../test/harness";
import { at, fundedUser, HOUR, setCapacity } from "../bookings/bookings.test-kit";
import { bookEvent } from "../bookings/event-bookings.test-kit";

const SECRET = "events-api-test-secret";
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext({ QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
});

/** Now rounded up to the minute, plus an offset. */
const DAY = 24 * HOUR;

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1${url}`, headers });
const page = async (query: string) => {
  const res = await get(`/events?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventPage>();
};

async function parkFacts(id: number) {
  const [row] = await queryRows<{ lat: number; lng: number }>(
    db,
    sql`SELECT lat, lng FROM parks WHERE id = ${id}`,
  );
  return { lat: Number(row!.lat), lng: Number(row!.lng) };
}

/**
 * Events of their own for the list, all named "Quokka" (no seeded event is): in Lagos, Abuja and
 * Toronto, with a draft, a private, an ended and a cancelled one that must never be listed.
 */
const list = {} as Record<"lagos" | "abuja" | "toronto" | "noOffers", { id: number; code: string }>;
let torontoDay: string;
beforeAll(async () => {
  list.lagos = await createEvent(db, {
    name: "Quokka Cup Final",
    venueName: "Harbour Dome",
    start: at(2 * DAY),
    end: at(2 * DAY + 3 * HOUR),
    lat: 6.5,
    lng: 3.36,
    parks: [
      { parkId: 1, offers: [{ priceMinor: 500_000, allocation: 5 }] },
      { parkId: 2, offers: [{ priceMinor: 350_000, allocation: 5 }] },
    ],
  });
  list.abuja = await createEvent(db, {
    name: "Quokka Live in Concert",
    category: "concert",
    city: "Abuja",
    venueName: "Eagle Square",
    start: at(6 * DAY),
    end: at(6 * DAY + 4 * HOUR),
    lat: 9.05,
    lng: 7.49,
    parks: [{ parkId: 3, offers: [{ priceMinor: 250_000, allocation: 2 }] }],
  });
  // 21:00 to 23:30 on the venue's clock, three days on: already the next day in UTC.
  torontoDay = addDays(dayOnClock(new Date(), "America/Toronto"), 3);
  const wall = Date.parse(`${torontoDay}T21:00:00Z`);
  const start = new Date(instantOfWallClock(wall, "America/Toronto"));
  list.toronto = await createEvent(db, {
    name: "Quokka Summit",
    category: "conference",
    countryId: 2,
    city: "Toronto",
    venueName: "Lakeshore Hall",
    timeZone: "America/Toronto",
    start,
    end: new Date(start.getTime() + 2.5 * HOUR),
    lat: 43.6435,
    lng: -79.3791,
    parks: [{ parkId: 92, offers: [{ priceMinor: 2_500, allocation: 10 }] }],
  });
  list.noOffers = await createEvent(db, {
    name: "Quokka Festival",
    category: "festival",
    start: at(8 * DAY),
    end: at(8 * DAY + 5 * HOUR),
  });
  const hidden = { name: "Quokka Hidden", parks: [{ parkId: 4, offers: [{ allocation: 1 }] }] };
  await createEvent(db, { ...hidden, status: "draft", start: at(3 * DAY), end: at(3 * DAY + HOUR) });
  await createEvent(db, {
    ...hidden,
    accessCode: "QUOKKA-LIST",
    start: at(3 * DAY),
    end: at(3 * DAY + HOUR),
  });
  await createEvent(db, { ...hidden, start: at(-5 * HOUR), end: at(-HOUR) });
  await createEvent(db, { ...hidden, status: "cancelled", start: at(3 * DAY), end: at(3 * DAY + HOUR) });
});

const codes = (p: EventPage) => p.items.map((e) => e.event_code);

describe("GET /events", () => {
  it("lists the published public events not yet ended, soonest first, never a draft, private, ended or cancelled one", async () => {
    const p = await page("search=quokka");
    expect(codes(p)).toEqual([list.lagos.code, list.toronto.code, list.abuja.code, list.noOffers.code]);
    expect(p).toMatchObject({ total: 4, page: 1, size: 10, pages: 1 });
    const lagos = p.items[0]!;
    const lagosEvent = (await get(`/events/${list.lagos.code}`)).json<EventDetail>();
    expect(lagosEvent.parks[1]!.prices[0]!.flat_price.amount).toBe(3500);
    expect(lagos).toMatchObject({
      name: "Quokka Cup Final",
      category: "sport",
      status: "published",
      visibility: "public",
      venue: { name: "Harbour Dome", city: "Lagos", country_code: "NG", lat: 6.5, lng: 3.36 },
      time_zone: "Africa/Lagos",
      image_url: null,
      // What a driver pays for its cheapest offer (3,500 flat), fees included, in major units.
      price_from: { amount: lagosEvent.parks[1]!.prices[0]!.price.amount, currency: "NGN" },
    });
    expect(lagos.distance_km).toBeUndefined();
    const toronto = (await get(`/events/${list.toronto.code}`)).json<EventDetail>();
    expect(p.items[1]!.price_from).toEqual({
      amount: toronto.parks[0]!.prices[0]!.price.amount,
      currency: "CAD",
    });
    expect(p.items[1]!.price_from!.amount).toBeGreaterThan(25);
    expect(p.items[3]!.price_from).toBeNull();
    const all = await page("size=100");
    expect(all.items.every((e) => e.status === "published" && e.visibility === "public")).toBe(true);
    expect(all.items.some((e) => e.name === "Quokka Hidden")).toBe(false);
    expect(all.items.every((e) => Date.parse(e.end_time) > Date.now())).toBe(true);
  });

  it("filters by served country (code or name), category and text in the name, venue or city", async () => {
    expect(codes(await page("search=quokka&country=NG"))).toEqual([
      list.lagos.code,
      list.abuja.code,
      list.noOffers.code,
    ]);
    expect(codes(await page("search=quokka&country=canada"))).toEqual([list.toronto.code]);
    expect(codes(await page("search=quokka&country=SN"))).toEqual([]);
    const unknown = await get("/events?country=Narnia");
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe("country must be a country name or code Parkwell serves");

    expect(codes(await page("search=quokka&category=concert"))).toEqual([list.abuja.code]);
    expect(codes(await page("search=HARBOUR%20dome"))).toEqual([list.lagos.code]);
    expect(codes(await page("search=quokka%20abuja"))).toEqual([list.abuja.code]);
    expect(codes(await page("search=Quokka%20Summit%20Toronto"))).toEqual([list.toronto.code]);
    // Text, not a pattern: LIKE's wildcards are punctuation, matching nothing by themselves.
    expect(codes(await page("search=quokka%20_%25"))).toHaveLength(4);
    expect((await page("search=%25quokka%25%25")).total).toBe(4);
    expect((await page("search=quokka%20x_z")).total).toBe(0);
  });

  it("takes from and to as days on the venue's calendar", async () => {
    const lagosDay = dayOnClock(new Date(Date.now() + 2 * DAY + 60_000), "Africa/Lagos");
    expect(codes(await page(`search=quokka&from=${lagosDay}&to=${lagosDay}`))).toContain(list.lagos.code);
    expect(codes(await page(`search=quokka&to=${addDays(lagosDay, -1)}`))).toEqual([]);
    // 21:00 in Toronto is the next day in UTC: the event is on its own day, not on UTC's.
    const toronto = await page(`search=quokka&from=${torontoDay}&to=${torontoDay}`);
    expect(codes(toronto)).toContain(list.toronto.code);
    const utcNext = await page(`search=quokka&from=${addDays(torontoDay, 1)}&to=${addDays(torontoDay, 1)}`);
    expect(codes(utcNext)).not.toContain(list.toronto.code);
    // The last event ends 8 days and 5 hours from now: on the Lagos calendar that can be the day
    // after `lagosDay + 6`, but never `lagosDay + 8`, whatever the hour the test runs at.
    expect(codes(await page(`search=quokka&from=${addDays(lagosDay, 8)}`))).toEqual([]);
  });

  it("puts the nearest first with lat and lng, with its distance", async () => {
    const p = await page("search=quokka&lat=43.65&lng=-79.38");
    expect(codes(p)[0]).toBe(list.toronto.code);
    const km = p.items.map((e) => e.distance_km!);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(km[0]).toBeCloseTo(haversineKm(43.65, -79.38, 43.6435, -79.3791), 2);
    // From Abuja, the Abuja concert is nearer than the Lagos events.
    expect(codes(await page("search=quokka&lat=9.05&lng=7.5"))[0]).toBe(list.abuja.code);
  });

  it("pages through the matches", async () => {
    const first = await page("search=quokka&size=3");
    expect(first).toMatchObject({ total: 4, page: 1, size: 3, pages: 2 });
    expect(first.items).toHaveLength(3);
    const second = await page("search=quokka&size=3&page=2");
    expect(codes(second)).toEqual([list.noOffers.code]);
    const beyond = await page("search=quokka&size=3&page=9");
    expect(beyond).toMatchObject({ items: [], total: 4, pages: 2 });
  });

  it.each([
    ["lat=abc&lng=3"],
    ["lat=6.5"],
    ["lat=91&lng=3"],
    ["from=2026-13-01"],
    ["from=2026-05-02&to=2026-05-01"],
    ["page=0"],
    ["size=100000"],
    ["category=opera"],
    ["country=NG&country=CA"],
    ["search=a&search=b"],
  ])("answers %s with a 422, never a 500", async (query) => {
    const res = await get(`/events?${query}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe("validation_error");
  });
});

describe("GET /events/{eventCode}", () => {
  it("shows the event's parks in order, with flat prices, windows, buffers, distance and walking time", async () => {
    const start = at(10 * DAY);
    const end = at(10 * DAY + 3 * HOUR);
    const ev = await createEvent(db, {
      name: "Detail Derby",
      description: { en: "A derby under the lights.", fr: "Un derby en nocturne." },
      start,
      end,
      lat: 6.58,
      lng: 3.33,
      parks: [
        {
          parkId: 5,
          before: 90,
          after: 30,
          offers: [
            { vehicleTypeId: 2, priceMinor: 800_000, allocation: 2 },
            { vehicleTypeId: 1, priceMinor: 600_050, allocation: 4 },
          ],
        },
        { parkId: 4, offers: [{ priceMinor: 450_000, allocation: 3 }] },
      ],
    });
    const res = await get(`/events/${ev.code.toLowerCase().replace("-", " ")}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const d = res.json<EventDetail>();
    expect(d).toMatchObject({
      event_code: ev.code,
      name: "Detail Derby",
      description: "A derby under the lights.",
      text_language: "en",
      start_time: start.toISOString(),
      end_time: end.toISOString(),
    });
    expect(d.parks.map((p) => p.park.id)).toEqual([5, 4]);
    const [first, second] = d.parks as [EventDetail["parks"][0], EventDetail["parks"][0]];
    expect(first.prices).toEqual([
      {
        vehicle_type_id: 1,
        vehicle_type: "Car",
        flat_price: { amount: 6000.5, currency: "NGN" },
        price: expect.objectContaining({
          currency: "NGN",
          breakdown: expect.objectContaining({ parking: 6000.5 }),
        }),
        available: 4,
      },
      {
        vehicle_type_id: 2,
        vehicle_type: "SUV",
        flat_price: { amount: 8000, currency: "NGN" },
        price: expect.objectContaining({
          currency: "NGN",
          breakdown: expect.objectContaining({ parking: 8000 }),
        }),
        available: 2,
      },
    ]);
    // The fees come on top of the flat price, as for any parking.
    expect(first.prices[0]!.price.amount).toBeGreaterThan(6000.5);
    expect(first.prices[0]!.price.amount).toBe(first.prices[0]!.price.breakdown.total);
    expect(first).toMatchObject({
      window: {
        start_time: new Date(start.getTime() - 90 * 60_000).toISOString(),
        end_time: new Date(end.getTime() + 30 * 60_000).toISOString(),
      },
      arrive_before_minutes: 90,
      depart_after_minutes: 30,
      available: 6,
    });
    expect(second).toMatchObject({ arrive_before_minutes: 120, depart_after_minutes: 60, available: 3 });
    for (const p of d.parks) {
      const facts = await parkFacts(p.park.id);
      expect(p.park).toMatchObject(facts);
      const km = haversineKm(6.58, 3.33, facts.lat, facts.lng);
      expect(p.distance_km).toBe(Math.round(km * 10) / 10);
      expect(p.walking_minutes).toBe(Math.ceil((km / 4.8) * 60));
    }
  });

  it("gives the description in the request's language, else in the other one, and says which", async () => {
    const both = await createEvent(db, {
      description: { en: "In English.", fr: "En français." },
      start: at(11 * DAY),
      end: at(11 * DAY + HOUR),
    });
    const fr = await get(`/events/${both.code}`, { "accept-language": "fr-CA,fr;q=0.9" });
    expect(fr.json()).toMatchObject({ description: "En français.", text_language: "fr" });
    expect(fr.headers.vary).toContain("accept-language");
    const englishOnly = await createEvent(db, {
      description: { en: "Only in English.", fr: "" },
      start: at(11 * DAY),
      end: at(11 * DAY + HOUR),
    });
    const fallback = await get(`/events/${englishOnly.code}`, { "accept-language": "fr" });
    expect(fallback.json()).toMatchObject({ description: "Only in English.", text_language: "en" });
  });

  it("gives the list's from price as a driver pays it: the event page's and the checkout's, fees included", async () => {
    const ev = await createEvent(db, {
      name: "Wombat Gala Night",
      start: at(14 * DAY),
      end: at(14 * DAY + 3 * HOUR),
      parks: [
        { parkId: 7, offers: [{ priceMinor: 500_000, allocation: 2 }] },
        { parkId: 8, offers: [{ priceMinor: 350_000, allocation: 1 }] },
      ],
    });
    const fromPrice = async () => (await page("search=wombat")).items[0]!.price_from;
    const cheapestOnPage = async () => {
      const d = (await get(`/events/${ev.code}`)).json<EventDetail>();
      const prices = d.parks.flatMap((p) =>
        p.prices.filter((o) => o.available > 0).map((o) => o.price.amount),
      );
      return Math.min(...prices);
    };
    const listed = await fromPrice();
    // More than the flat 3,500: the service fee, the booking fee and their tax come on top.
    expect(listed!.amount).toBeGreaterThan(3500);
    expect(listed).toEqual({ amount: await cheapestOnPage(), currency: "NGN" });
    const driver = await fundedUser(db);
    const booked = await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: 8 });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().amount).toBe(listed!.amount);
    // The cheapest offer sold out: the list's from price is the next one's, fees included.
    const next = await fromPrice();
    expect(next!.amount).toBeGreaterThan(5000);
    expect(next).toEqual({ amount: await cheapestOnPage(), currency: "NGN" });
  });

  it("counts the spaces left down as the event is booked, never above what the park has free", async () => {
    const park = 6;
    const ev = await createEvent(db, {
      start: at(12 * DAY),
      end: at(12 * DAY + 3 * HOUR),
      parks: [
        {
          parkId: park,
          offers: [
            { vehicleTypeId: 1, priceMinor: 500_000, allocation: 3 },
            { vehicleTypeId: 2, priceMinor: 700_000, allocation: 2 },
          ],
        },
      ],
    });
    const available = async () => {
      const d = (await get(`/events/${ev.code}`)).json<EventDetail>();
      return Object.fromEntries(d.parks[0]!.prices.map((p) => [p.vehicle_type, p.available]));
    };
    expect(await available()).toEqual({ Car: 3, SUV: 2 });
    const driver = await fundedUser(db);
    const booked = await bookEvent(ctx.app, driver, {
      event_code: ev.code,
      park_id: park,
      vehicle_type_id: 1,
      plate_number: "EVL 001 AA",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await available()).toEqual({ Car: 2, SUV: 2 });
    // The park cut to 2 Car spaces: one is the booking's, one is left, whatever the allocation says.
    await setCapacity(db, park, 1, 2);
    expect(await available()).toEqual({ Car: 1, SUV: 2 });
    // And the list's lowest price skips an offer with nothing left.
    const driver2 = await fundedUser(db);
    await bookEvent(ctx.app, driver2, { event_code: ev.code, park_id: park, plate_number: "EVL 002 AA" });
    expect(await available()).toEqual({ Car: 0, SUV: 2 });
  });

  it("shows a cancelled or ended event with nothing to book, and hides a draft or unknown one", async () => {
    const parks = [{ parkId: 4, offers: [{ allocation: 3 }] }];
    const cancelled = await createEvent(db, {
      status: "cancelled",
      start: at(13 * DAY),
      end: at(13 * DAY + HOUR),
      parks,
    });
    const c = await get(`/events/${cancelled.code}`);
    expect(c.statusCode).toBe(200);
    expect(c.json()).toMatchObject({
      status: "cancelled",
      parks: [{ available: 0, prices: [{ available: 0 }] }],
    });
    const ended = await createEvent(db, { start: at(-4 * HOUR), end: at(-HOUR), parks });
    expect((await get(`/events/${ended.code}`)).json()).toMatchObject({
      status: "published",
      parks: [{ available: 0 }],
    });

    const draft = await createEvent(db, {
      status: "draft",
      start: at(13 * DAY),
      end: at(13 * DAY + HOUR),
      parks,
    });
    for (const code of [draft.code, "EV-ZZZZZ", "hello"]) {
      const res = await get(`/events/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toMatchObject({ code: "event_not_found", message: EVENT_NOT_FOUND_MESSAGE });
    }
    const fr = await get("/events/EV-ZZZZZ", { "accept-language": "fr" });
    expect(fr.json().message).toBe("Événement introuvable");
    expect((await get(`/events/${"X".repeat(30)}`)).statusCode).toBe(422);
  });
});
