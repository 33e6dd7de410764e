import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  formatZonedDateTime,
  type Availability,
  type Booking,
  type BookingDetail,
  type BookingPage,
  type ParkDetail,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../app";
import { queryRows, type Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import type { MailMessage } from "../../lib/mailer";
import { bearer, createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { MAIL_WAIT, readMailbox } from "../../test/mailbox";
import { priceWindow } from "../parks/pricing.domain";
import { servedCountries } from "../reference/served-countries";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { verifyQr } from "./qr";
import {
  at,
  book,
  extend,
  fundedUser,
  HOUR,
  overbooked,
  quoteExtension,
  setCapacity,
} from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let dataDir: string;
let park: ParkDetail;
const SECRET = "test-qr-secret-0123456789";
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-bookings-"));
  ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
  park = (await ctx.app.inject({ url: "/api/v1/front/parks/1" })).json<ParkDetail>();
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbooked(db)).toEqual([]);
});

/** Mail jobs ever queued in this database. */
const mailJobs = async () =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail'`))[0]!
    .n;

const get = (url: string, user: { token: string }) =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });

describe("POST /bookings", () => {
  it("books, prices on the server, debits the wallet once, signs a QR and mails a confirmation", async () => {
    const user = await fundedUser(db);
    const start = at(2 * HOUR);
    const end = at(5 * HOUR + 30 * 60_000);
    const res = await book(ctx.app, user, { start, end, plate_number: "ab-123 cd" });
    expect(res.statusCode).toBe(201);
    const b = res.json<Booking>();
    const rate = park.rates.find((r) => r.vehicle_type_id === 1)!;
    const expected = priceWindow(
      { hourlyMinor: Math.round(rate.hourly * 100), dailyMaxMinor: Math.round(rate.daily_max * 100) },
      {
        ...(await servedCountries(db).withFees()).find((c) => c.code === "NG")!,
        taxes: [{ name: "VAT", rateBps: 750 }],
      },
      start,
      end,
    );
    expect(b).toMatchObject({
      status: "active",
      currency: "NGN",
      amount: expected.totalMinor / 100,
      paid: expected.totalMinor / 100,
      park: { id: 1, slug: park.slug },
      vehicle: { id: null, plate_number: "AB123CD", vehicle_type_id: 1, vehicle_type: "Car" },
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      cancellation: { allowed: true, refund_percent: 100, refund_amount: expected.parkingMinor / 100 },
    });
    expect(b.breakdown).toMatchObject({ hours: 4, parking: expected.parkingMinor / 100 });
    expect(b.booking_code).toMatch(/^PW-[2-9A-HJKMNP-Z]{8}$/);
    expect(verifyQr(b.qr!, SECRET)).toEqual({
      v: 1,
      code: b.booking_code,
      park: 1,
      start: start.toISOString(),
      end: end.toISOString(),
    });
    expect(Buffer.from(b.qr!.split(".")[0]!, "base64url").toString()).not.toContain(user.email);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(10_000_000 - expected.totalMinor);
    const mail = (await readMailbox(ctx)).find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe(`Your Parkwell booking ${b.booking_code} is confirmed`);
  });

  it("writes in the language the driver switched their account to (PATCH /users/profile)", async () => {
    const user = await fundedUser(db);
    const patched = await ctx.app.inject({
      method: "PATCH",
      url: "/api/v1/users/profile",
      headers: bearer(user),
      payload: { language: "fr" },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ language: "fr" });
    expect((await get("/users/profile", user)).json()).toMatchObject({ language: "fr" });
    const res = await book(ctx.app, user, { start: at(2 * HOUR), end: at(4 * HOUR) });
    expect(res.statusCode).toBe(201);
    const code = res.json<Booking>().booking_code;
    const mail = (await readMailbox(ctx)).find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe(`Votre réservation Parkwell ${code} est confirmée`);
  });

  it("answers before the confirmation mail goes out: a job sends it, once, even when run twice", async () => {
    const sent: string[] = [];
    const mailer = { send: async (m: MailMessage) => void sent.push(m.subject), close: () => {} };
    const app = await buildApp({ database: ctx.database, config: ctx.config, logger: false, mailer });
    try {
      await app.jobs.runDue(["mail"]); // what earlier tests left
      sent.length = 0;
      const res = await book(app, await fundedUser(db), { start: at(2 * HOUR), end: at(3 * HOUR) });
      expect(res.statusCode).toBe(201);
      expect(sent).toEqual([]);
      const [job] = await app.jobs.boss.fetch<MailJob>("mail", { includeMetadata: true });
      expect(job?.data).toMatchObject({ type: "booking", template: "booked" });
      // The job runs, and its acknowledgement is lost: it runs again (a retry, another process).
      await app.jobs.boss.fail("mail", job!.id);
      await app.jobs.boss.send("mail", job!.data);
      await app.jobs.boss.send("mail", job!.data);
      await db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail'`);
      expect(await app.jobs.runDue(["mail"])).toBe(3);
      expect(sent).toEqual([`Your Parkwell booking ${res.json<Booking>().booking_code} is confirmed`]);
    } finally {
      await app.close();
    }
  });

  it("queues no mail for a booking that is refused and rolled back", async () => {
    const jobsBefore = await mailJobs();
    const user = await fundedUser(db, 1_000);
    expect((await book(ctx.app, user, { start: at(HOUR), end: at(3 * HOUR) })).statusCode).toBe(402);
    expect(await mailJobs()).toBe(jobsBefore);
  });

  it("refuses a short wallet with 402 and the amount missing, creating nothing", async () => {
    const user = await fundedUser(db, 1_000);
    const res = await book(ctx.app, user, { start: at(HOUR), end: at(3 * HOUR) });
    expect(res.statusCode).toBe(402);
    const body = res.json<{ message: string; code: string; fields: Record<string, string> }>();
    expect(body.code).toBe("insufficient_funds");
    expect(Number(body.fields.amount_missing)).toBeGreaterThan(0);
    expect(body.message).toContain(body.fields.amount_missing);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(1_000);
    expect((await get("/bookings/list", user)).json<BookingPage>().total).toBe(0);
  });

  it("refuses a coupon code that does not apply with the reason, never booking at full price unasked", async () => {
    const user = await fundedUser(db);
    const window = { start: at(HOUR), end: at(3 * HOUR) };
    const refusal = async (code: string, language = "en") => {
      const res = await book(
        ctx.app,
        user,
        { ...window, coupon_code: code },
        { "accept-language": language },
      );
      expect(res.statusCode).toBe(422);
      const body = res.json<{ code: string; fields: Record<string, string> }>();
      expect(body.code).toBe("coupon_refused");
      return body.fields.coupon_code;
    };
    // A live coupon of Nigeria's for marketplace orders only; one of another country; none at all.
    expect(await refusal(" parkwell10 ")).toBe("This coupon does not apply to parking bookings");
    expect(await refusal("PARKWELL10", "fr")).toBe(
      "Ce code promo ne s'applique pas aux réservations de stationnement",
    );
    expect(await refusal("WELCOME5")).toBe("This coupon is for another country, not this one");
    expect(await refusal("NOPE-123")).toBe("This coupon code does not exist");
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(10_000_000);
    expect((await get("/bookings/list", user)).json<BookingPage>().total).toBe(0);
    // An empty code is no code: the booking is made.
    expect((await book(ctx.app, user, { ...window, coupon_code: "  " })).statusCode).toBe(201);
  });

  it("refuses bad windows with 422 naming the field", async () => {
    const user = await fundedUser(db);
    const cases: [Date, Date, string][] = [
      [at(-HOUR), at(HOUR), "start_time"],
      [at(2 * HOUR), at(HOUR), "end_time"],
      [at(HOUR), at(HOUR + 31 * 24 * HOUR), "end_time"],
    ];
    for (const [start, end, field] of cases) {
      const res = await book(ctx.app, user, { start, end });
      expect(res.statusCode).toBe(422);
      expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
    }
    const junk = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(user),
      payload: { park_id: "x", start_time: "tomorrow" },
    });
    expect(junk.statusCode).toBe(422);
    const unknownPark = await book(ctx.app, user, { park_id: 999_999, start: at(HOUR), end: at(2 * HOUR) });
    expect(unknownPark.statusCode).toBe(422);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(10_000_000);
  });

  it("answers 409 when the park is full for the window, counting peak occupancy not overlaps", async () => {
    await setCapacity(db, 2, 1, 2);
    const user = await fundedUser(db);
    // [1h,3h) and [4h,6h) never overlap each other: a [2h,5h) window peaks at 2 of 2.
    expect((await book(ctx.app, user, { park_id: 2, start: at(HOUR), end: at(3 * HOUR) })).statusCode).toBe(
      201,
    );
    expect(
      (await book(ctx.app, user, { park_id: 2, start: at(4 * HOUR), end: at(6 * HOUR) })).statusCode,
    ).toBe(201);
    expect(
      (await book(ctx.app, user, { park_id: 2, start: at(2 * HOUR), end: at(5 * HOUR) })).statusCode,
    ).toBe(201);
    const full = await book(ctx.app, user, { park_id: 2, start: at(2 * HOUR), end: at(3 * HOUR) });
    expect(full.statusCode).toBe(409);
    expect(full.json<{ message: string }>().message).toBe(
      "No space is left for this vehicle type in this window",
    );
    // Back to back is fine: [3h,4h) only meets one booking.
    expect(
      (await book(ctx.app, user, { park_id: 2, start: at(3 * HOUR), end: at(4 * HOUR) })).statusCode,
    ).toBe(201);
    const avail = await ctx.app.inject({
      url: `/api/v1/front/parks/2/availability?start_time=${at(2 * HOUR).toISOString()}&end_time=${at(3 * HOUR).toISOString()}`,
    });
    expect(avail.json<Availability>()).toMatchObject({ capacity: 2, available: 0 });
    const later = await ctx.app.inject({
      url: `/api/v1/front/parks/2/availability?start_time=${at(7 * HOUR).toISOString()}&end_time=${at(8 * HOUR).toISOString()}`,
    });
    expect(later.json<Availability>()).toMatchObject({ capacity: 2, available: 2 });
    // The search list with a window says the same as the availability route.
    const park = (await ctx.app.inject({ url: "/api/v1/front/parks/2" })).json<{
      lat: number;
      lng: number;
    }>();
    const window = `start_time=${at(2 * HOUR).toISOString()}&end_time=${at(3 * HOUR).toISOString()}`;
    const list = await ctx.app.inject({
      url: `/api/v1/parks/front/parks/?lat=${park.lat}&lng=${park.lng}&vehicle_type_id=1&${window}&size=5`,
    });
    expect(list.statusCode).toBe(200);
    const item = list
      .json<{ items: { id: number; availability?: { capacity: number; available: number } }[] }>()
      .items.find((i) => i.id === 2);
    expect(item?.availability).toMatchObject({ capacity: 2, available: 0 });
    // Every item of the page (read together in one statement) says what its own route says.
    const items = list.json<{ items: { id: number; availability?: Availability }[] }>().items;
    expect(items.length).toBeGreaterThan(1);
    for (const i of items) {
      const own = await ctx.app.inject({
        url: `/api/v1/front/parks/${i.id}/availability?vehicle_type_id=1&${window}`,
      });
      expect(i.availability, `park ${i.id}`).toMatchObject({
        capacity: own.json<Availability>().capacity,
        available: own.json<Availability>().available,
      });
    }
  });

  it("lets a user book several spaces for one window, but one vehicle holds one booking at a time", async () => {
    const user = await fundedUser(db);
    const w = { start: at(10 * HOUR), end: at(12 * HOUR) };
    expect((await book(ctx.app, user, w)).statusCode).toBe(201);
    expect((await book(ctx.app, user, w)).statusCode).toBe(201);
    expect((await book(ctx.app, user, { ...w, plate_number: "LAG123" })).statusCode).toBe(201);
    const twice = await book(ctx.app, user, {
      start: at(11 * HOUR),
      end: at(13 * HOUR),
      plate_number: "lag-123",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ code: string }>().code).toBe("vehicle_busy");
    const vehicle = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/user/vehicles/",
      headers: bearer(user),
      payload: { plate_number: "LAG123", vehicle_type_id: 1 },
    });
    const vehicleId = vehicle.json<{ id: number }>().id;
    expect((await book(ctx.app, user, { ...w, vehicle_id: vehicleId })).statusCode).toBe(409);
    const saved = await book(ctx.app, user, {
      start: at(12 * HOUR),
      end: at(13 * HOUR),
      vehicle_id: vehicleId,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<Booking>().vehicle).toMatchObject({ id: vehicleId, plate_number: "LAG123" });
    const other = await createUser(db);
    expect((await book(ctx.app, user, { ...w, vehicle_id: 999_999 })).statusCode).toBe(422);
    expect((await book(ctx.app, other, { ...w, plate_number: "LAG123" })).statusCode).toBe(402);
  });

  it("replays an Idempotency-Key: one booking and one charge; another body with it is a 422", async () => {
    const user = await fundedUser(db);
    const w = { start: at(20 * HOUR), end: at(21 * HOUR) };
    const headers = { "idempotency-key": "book-once-1" };
    const [a, b] = await Promise.all([book(ctx.app, user, w, headers), book(ctx.app, user, w, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<Booking>().id).toBe(b.json<Booking>().id);
    const again = await book(ctx.app, user, w, headers);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await get("/bookings/list", user)).json<BookingPage>().total).toBe(1);
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(10_000_000 - a.json<Booking>().amount * 100);
    const misuse = await book(ctx.app, user, { ...w, end: at(22 * HOUR) }, headers);
    expect(misuse.statusCode).toBe(422);
  });

  it("needs a token", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/bookings", payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe("GET /bookings/list and /bookings/{code}", () => {
  it("pages and filters a user's bookings and hides everyone else's (404 on every route)", async () => {
    const user = await fundedUser(db);
    const created: Booking[] = [];
    for (let i = 0; i < 12; i += 1) {
      created.push(
        (await book(ctx.app, user, { start: at((30 + i) * HOUR), end: at((31 + i) * HOUR) })).json<Booking>(),
      );
    }
    const first = (await get("/bookings/list", user)).json<BookingPage>();
    expect(first).toMatchObject({ total: 12, page: 1, size: 10, pages: 2 });
    expect(first.items).toHaveLength(10);
    expect((await get("/bookings/list?page=2", user)).json<BookingPage>().items).toHaveLength(2);
    expect((await get("/bookings/list?status_filter=upcoming&size=50", user)).json<BookingPage>().total).toBe(
      12,
    );
    // Active is in progress now: none yet, then the one that has started, and only it.
    expect((await get("/bookings/list?status_filter=active", user)).json<BookingPage>().total).toBe(0);
    const now = await book(ctx.app, user, { start: at(-2 * 60_000), end: at(HOUR) });
    expect(now.statusCode, now.body).toBe(201);
    const active = (await get("/bookings/list?status_filter=active", user)).json<BookingPage>();
    expect(active.items.map((b) => b.id)).toEqual([now.json<Booking>().id]);
    expect((await get("/bookings/list?status_filter=upcoming&size=50", user)).json<BookingPage>().total).toBe(
      12,
    );
    expect((await get("/bookings/list?status_filter=cancelled", user)).json<BookingPage>().total).toBe(0);
    expect((await get("/bookings/list?status_filter=nope", user)).statusCode).toBe(422);

    const detail = await get(`/bookings/${created[0]!.booking_code}`, user);
    expect(detail.statusCode).toBe(200);
    const d = detail.json<BookingDetail>();
    expect(d.payments).toEqual([
      expect.objectContaining({ kind: "booking_charge", amount: created[0]!.amount, currency: "NGN" }),
    ]);
    expect(d.refunds).toEqual([]);

    const stranger = await fundedUser(db);
    const b = created[0]!;
    expect((await get(`/bookings/${b.booking_code}`, stranger)).statusCode).toBe(404);
    const ext = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings/extend",
      headers: bearer(stranger),
      payload: { booking_id: b.id, new_end_time: at(60 * HOUR).toISOString() },
    });
    expect(ext.statusCode).toBe(404);
    // The extension's quote: another driver's booking is not found; bad input is a 422 at its field.
    expect((await quoteExtension(ctx.app, stranger, b, at(60 * HOUR))).statusCode).toBe(404);
    expect((await quoteExtension(ctx.app, stranger, { id: "not-a-booking" }, at(60 * HOUR))).statusCode).toBe(
      404,
    );
    const garbled = await quoteExtension(ctx.app, user, b, "tomorrow");
    expect(garbled.statusCode).toBe(422);
    expect(Object.keys(garbled.json().fields)).toEqual(["new_end_time"]);
    const earlier = await quoteExtension(ctx.app, user, b, new Date(b.end_time));
    expect(earlier.statusCode).toBe(422);
    expect(Object.keys(earlier.json().fields)).toEqual(["new_end_time"]);
    const cancel = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/bookings/${b.id}/status?status=cancelled`,
      headers: bearer(stranger),
    });
    expect(cancel.statusCode).toBe(404);
    expect((await get("/bookings/list", stranger)).json<BookingPage>().total).toBe(0);
    expect((await get("/bookings/PW-NOPE", user)).statusCode).toBe(404);
  });
});

describe("opening hours on the park's own clock", () => {
  const ZONE = "America/Vancouver";
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  /** hh:mm in Vancouver on the UTC date `days` from today (07:00 there is 14:00Z or 15:00Z). */
  const vancouver = (days: number, hour: number, minute = 0): Date => {
    const day = new Date();
    day.setUTCHours(0, 0, 0, 0);
    for (const offset of [7, 8]) {
      const t = new Date(day.getTime() + days * 24 * HOUR + (hour + offset) * HOUR + minute * 60_000);
      if (clock.format(t) === `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`) return t;
    }
    throw new Error(`no ${hour}:${minute} in ${ZONE}`);
  };

  it("checks a Vancouver park's 08:00-18:00 in Vancouver time, not Toronto's", async () => {
    const [row] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`SELECT p.id, p.slug FROM parks p JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1
          WHERE p.city = 'Vancouver' AND p.status = 'active' ORDER BY p.id LIMIT 1`,
    );
    const parkId = row!.id;
    await db.execute(sql`UPDATE parks SET open_24h = false,
      opening_hours = ${JSON.stringify(Array(7).fill({ open: "08:00", close: "18:00" }))}::jsonb WHERE id = ${parkId}`);
    const detail = (await ctx.app.inject({ url: `/api/v1/front/parks/${row!.slug}` })).json<ParkDetail>();
    expect(detail).toMatchObject({ time_zone: ZONE, country: { code: "CA" } });
    const user = await fundedUser(db, 300_000, "CAD");

    // 07:00 in Vancouver is 10:00 in Toronto: inside the hours read on the country's clock, but closed here.
    const early = await book(ctx.app, user, {
      park_id: parkId,
      start: vancouver(2, 7),
      end: vancouver(2, 9),
    });
    expect(early.statusCode, early.body).toBe(422);
    expect(early.json<{ fields: Record<string, string> }>().fields).toEqual({
      start_time: "This car park is not open yet: it opens at 08:00.",
    });
    const morning = await book(ctx.app, user, {
      park_id: parkId,
      start: vancouver(2, 9),
      end: vancouver(2, 11),
    });
    expect(morning.statusCode, morning.body).toBe(201);
    expect(morning.json<Booking>().park).toMatchObject({ id: parkId, time_zone: ZONE });
    // 16:00-17:30 in Vancouver is 19:00-20:30 in Toronto: closed on the country's clock, open here.
    const late = await book(ctx.app, user, {
      park_id: parkId,
      start: vancouver(2, 16),
      end: vancouver(2, 17, 30),
    });
    expect(late.statusCode, late.body).toBe(201);

    // Extending follows the same clock: 18:30 there is past closing, 18:00 is the closing minute.
    const b = late.json<Booking>();
    const past = await extend(ctx.app, user, b, vancouver(2, 18, 30));
    expect(past.statusCode, past.body).toBe(422);
    expect(past.json<{ fields: Record<string, string> }>().fields).toHaveProperty("new_end_time");
    const closing = await extend(ctx.app, user, b, vancouver(2, 18));
    expect(closing.statusCode, closing.body).toBe(200);

    // The confirmation mail states the window on the park's clock, its zone named.
    await vi.waitFor(async () => {
      const mail = (await readMailbox(ctx)).find(
        (m) => m.to.includes(user.email) && m.body.includes(morning.json<Booking>().booking_code),
      );
      const from = vancouver(2, 9).toISOString();
      expect(mail?.body).toContain(`From: ${formatZonedDateTime(from, "en", ZONE)}`);
      expect(mail?.body).toMatch(/From: .* 9:00\sAM /);
      expect(mail?.body).not.toContain(formatZonedDateTime(from, "en", "America/Toronto"));
    }, MAIL_WAIT);
  });
});

describe("a booking's park texts", () => {
  it("gives the entry instructions in the request's language, and names it", async () => {
    const user = await fundedUser(db);
    const b = (await book(ctx.app, user, { start: at(2 * HOUR), end: at(3 * HOUR) })).json<Booking>();
    expect(b.park).toMatchObject({ text_language: "en" });
    expect(b.park.entry_instructions).toMatch(/^Enter from /);
    const fr = await ctx.app.inject({
      url: `/api/v1/bookings/${b.booking_code}`,
      headers: { ...bearer(user), "accept-language": "fr" },
    });
    expect(fr.json<Booking>().park).toMatchObject({ text_language: "fr" });
    expect(fr.json<Booking>().park.entry_instructions).toMatch(/^Entrée par /);
  });
});
