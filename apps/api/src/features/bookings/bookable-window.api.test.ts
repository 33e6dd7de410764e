// The window rule (contract opening-hours.ts) through the API: availability, search, booking and
// extend all say the same thing, in the request's language, and a refused window moves no money.
import type { Availability, Booking, ParkPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { book, extend, fundedUser, HOUR } from "./bookings.test-kit";
import { isoDate, nextSpringForward } from "../../test/dates";

let ctx: TestContext;
let db: Db;
/** A Lagos park given office hours: weekdays 06:00-22:00, Saturday 08:00-22:00, closed on Sunday. */
let lagos: { id: number; slug: string; name: string };
/** A Toronto park open 06:00-22:00 every day. */
let toronto: { id: number; slug: string };

const day = (open: string, close: string) => ({ open, close });
const OFFICE = [...Array(5).fill(day("06:00", "22:00")), day("08:00", "22:00"), null];

async function parkIn(city: string) {
  const [row] = await queryRows<{ id: number; slug: string; name: string }>(
    db,
    sql`SELECT p.id, p.slug, p.name FROM parks p
        JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1
        JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity > 0
        WHERE p.city = ${city} AND p.status = 'active' ORDER BY p.id LIMIT 1`,
  );
  return row!;
}

async function setHours(parkId: number, hours: unknown, overnight = false) {
  await db.execute(sql`UPDATE parks SET open_24h = false, overnight_stays = ${overnight},
    opening_hours = ${JSON.stringify(hours)}::jsonb WHERE id = ${parkId}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  lagos = await parkIn("Lagos");
  toronto = await parkIn("Toronto");
  await setHours(lagos.id, OFFICE);
  await setHours(toronto.id, Array(7).fill(day("06:00", "22:00")));
});
afterAll(async () => {
  await ctx?.close();
});

// The Monday after the next spring-forward in Toronto (Lagos is UTC+1 all year), the Tuesday after
// it and the Sunday after that: days ahead of now whatever the date the suite runs on.
const SPRING = nextSpringForward(new Date());
const MONDAY = isoDate(SPRING.year, 3, SPRING.day + 1);
const TUESDAY = isoDate(SPRING.year, 3, SPRING.day + 2);
const SUNDAY = isoDate(SPRING.year, 3, SPRING.day + 7);
const lagosAt = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00+01:00`);

const availability = (park: string | number, start: Date, end: Date, language?: string) =>
  ctx.app.inject({
    url: `/api/v1/front/parks/${park}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
    headers: language ? { "accept-language": language } : {},
  });

describe("GET /front/parks/{park}/availability", () => {
  it("answers 200 for any well-formed window, with bookable, the reason and no spaces when closed", async () => {
    const open = await availability(lagos.slug, lagosAt(MONDAY, "09:00"), lagosAt(MONDAY, "11:00"));
    expect(open.statusCode).toBe(200);
    expect(open.json<Availability>()).toMatchObject({ bookable: true });
    expect(open.json<Availability>().available).toBeGreaterThan(0);
    expect(open.json()).not.toHaveProperty("reason");

    const cases: [Date, Date, string][] = [
      [
        lagosAt(MONDAY, "22:00"),
        lagosAt(TUESDAY, "00:00"),
        "This car park is closed at that time: it closes at 22:00.",
      ],
      [
        lagosAt(MONDAY, "05:00"),
        lagosAt(MONDAY, "07:00"),
        "This car park is not open yet: it opens at 06:00.",
      ],
      [lagosAt(SUNDAY, "10:00"), lagosAt(SUNDAY, "12:00"), "This car park is closed on Sundays."],
      [
        lagosAt(MONDAY, "20:00"),
        lagosAt(TUESDAY, "08:00"),
        "This car park closes at 22:00: choose an end time by then.",
      ],
      [
        new Date(Date.now() - 2 * HOUR),
        new Date(Date.now() + HOUR),
        "The start time has already passed: choose a time ahead.",
      ],
    ];
    for (const [start, end, reason] of cases) {
      const res = await availability(lagos.id, start, end);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Availability>()).toMatchObject({ bookable: false, reason, available: 0 });
    }
  });

  it("writes the reason in the language of Accept-Language", async () => {
    const sunday = await availability(
      lagos.slug,
      lagosAt(SUNDAY, "10:00"),
      lagosAt(SUNDAY, "12:00"),
      "fr-SN,fr;q=0.9,en;q=0.5",
    );
    expect(sunday.json<Availability>().reason).toBe("Ce parking est fermé le dimanche.");
  });
});

describe("search with a window", () => {
  it("carries bookable and the reason on every item, and no spaces where the window is refused", async () => {
    const query = (start: Date, end: Date) =>
      ctx.app.inject({
        url: `/api/v1/parks/front/parks?search=${encodeURIComponent(lagos.name)}&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
        headers: { "accept-language": "fr" },
      });
    const closed = await query(lagosAt(SUNDAY, "10:00"), lagosAt(SUNDAY, "12:00"));
    expect(closed.statusCode).toBe(200);
    expect(closed.headers.vary).toContain("accept-language");
    const item = closed.json<ParkPage>().items.find((p) => p.id === lagos.id)!;
    expect(item.availability).toMatchObject({
      bookable: false,
      available: 0,
      reason: "Ce parking est fermé le dimanche.",
    });
    const open = await query(lagosAt(MONDAY, "09:00"), lagosAt(MONDAY, "11:00"));
    const same = open.json<ParkPage>().items.find((p) => p.id === lagos.id)!;
    expect(same.availability).toMatchObject({ bookable: true });
    expect(same.availability!.available).toBeGreaterThan(0);
  });
});

describe("booking and extending", () => {
  it("refuses an overnight window with the sentence, moving no money; a park that allows overnight takes it", async () => {
    const user = await fundedUser(db);
    const before = await walletBalanceMinor(db, user.id, "NGN");
    const night = { park_id: lagos.id, start: lagosAt(MONDAY, "20:00"), end: lagosAt(TUESDAY, "08:00") };
    const res = await book(ctx.app, user, night);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: "window_not_bookable",
      message: "This car park closes at 22:00: choose an end time by then.",
      fields: { end_time: "This car park closes at 22:00: choose an end time by then." },
    });
    expect(res.json<{ message: string }>().message).not.toMatch(/start_time|end_time/);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(before);

    const french = await book(ctx.app, user, night, { "accept-language": "fr-FR" });
    expect(french.json<{ message: string }>().message).toBe(
      "Ce parking ferme à 22:00\u00a0: choisissez une heure de départ avant la fermeture.",
    );

    await setHours(lagos.id, OFFICE, true);
    try {
      expect((await book(ctx.app, user, night)).statusCode).toBe(201);
    } finally {
      await setHours(lagos.id, OFFICE);
    }
  });

  it("refuses a start in the past and a closed Sunday", async () => {
    const user = await fundedUser(db);
    const past = await book(ctx.app, user, {
      park_id: lagos.id,
      start: new Date(Date.now() - HOUR),
      end: new Date(Date.now() + HOUR),
    });
    expect(past.json()).toMatchObject({
      code: "window_not_bookable",
      message: "The start time has already passed: choose a time ahead.",
    });
    const sunday = await book(ctx.app, user, {
      park_id: lagos.id,
      start: lagosAt(SUNDAY, "10:00"),
      end: lagosAt(SUNDAY, "12:00"),
    });
    expect(sunday.statusCode).toBe(422);
    expect(sunday.json<{ message: string }>().message).toBe("This car park is closed on Sundays.");
  });

  it("extends up to closing time, and refuses past it with the sentence", async () => {
    const user = await fundedUser(db);
    const made = await book(ctx.app, user, {
      park_id: lagos.id,
      start: lagosAt(MONDAY, "18:00"),
      end: lagosAt(MONDAY, "20:00"),
    });
    expect(made.statusCode, made.body).toBe(201);
    const b = made.json<Booking>();
    const late = await extend(ctx.app, user, b, lagosAt(MONDAY, "23:00"));
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({
      code: "window_not_bookable",
      message: "This car park closes at 22:00: choose an end time by then.",
      fields: { new_end_time: "This car park closes at 22:00: choose an end time by then." },
    });
    const same = await extend(ctx.app, user, b, lagosAt(MONDAY, "20:00"));
    expect(same.json<{ message: string }>().message).toBe(
      "The new end time must be after the current end time",
    );
    expect((await extend(ctx.app, user, b, lagosAt(MONDAY, "22:00"))).statusCode).toBe(200);
    // Every wallet line says what it was for.
    const lines = await ctx.app.inject({
      url: "/api/v1/wallet/transactions?page=1&size=10",
      headers: bearer(user),
    });
    expect(
      lines.json<{ data: { items: { description: string }[] } }>().data.items.map((t) => t.description),
    ).toEqual(
      expect.arrayContaining([`Booking payment ${b.booking_code}`, `Booking extension ${b.booking_code}`]),
    );
  });

  it("reads a Toronto park's hours on its own clock on the first day of daylight saving time", async () => {
    const user = await fundedUser(db, 1_000_000, "CAD");
    // On the Sunday before MONDAY the clocks go forward: MONDAY 06:00-22:00 EDT is 10:00Z-02:00Z.
    const day = await book(ctx.app, user, {
      park_id: toronto.id,
      start: new Date(`${MONDAY}T10:00:00Z`),
      end: new Date(`${TUESDAY}T02:00:00Z`),
    });
    expect(day.statusCode, day.body).toBe(201);
    // 09:30Z is 05:30 EDT (it would be 04:30 on the winter clock): not open yet.
    const early = await book(ctx.app, user, {
      park_id: toronto.id,
      start: new Date(`${MONDAY}T09:30:00Z`),
      end: new Date(`${MONDAY}T11:00:00Z`),
    });
    expect(early.json()).toMatchObject({
      code: "window_not_bookable",
      message: "This car park is not open yet: it opens at 06:00.",
    });
  });
});
