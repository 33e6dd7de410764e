import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Booking, BookingPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff } from "../../test/factories";
import { createTestContext, TEST_ENGINE, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { MAIL_WAIT, readMailbox } from "../../test/mailbox";
import { signEventAccess } from "../events/event-access";
import { cancelEventBookings, queueEventCancellation } from "./event-cancellation.service";
import { walletBalanceMinor } from "../wallet/ledger.service";
import {
  allDayParks,
  at,
  book,
  extend,
  fundedUser,
  HOUR,
  overbooked,
  setCapacity,
  setStatus,
} from "./bookings.test-kit";
import { createEvent } from "../../test/events";
import { createCompany, setLimits } from "../companies/companies.test-kit";
import { bookEvent, overAllocated } from "./event-bookings.test-kit";

const SECRET = "event-bookings-test-secret";
let ctx: TestContext;
let db: Db;
let dataDir: string;
let parks: number[];
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-event-bookings-"));
  ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
  parks = await allDayParks(db, 12);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbooked(db)).toEqual([]);
  expect(await overAllocated(db)).toEqual([]);
});

/** An event from `fromHour` hours on, for two hours, with one Car space at `park` (10 Car spaces). */
async function oneSpaceEvent(park: number, fromHour: number) {
  await setCapacity(db, park, 1, 10);
  return createEvent(db, {
    start: at(fromHour * HOUR),
    end: at((fromHour + 2) * HOUR),
    parks: [{ parkId: park, offers: [{ allocation: 1 }] }],
  });
}

/**
 * PostgreSQL: another session holding `park`'s Car capacity row FOR UPDATE, as a booking in flight
 * does, until `release`; `end` closes it (after release, or to give it up).
 */
async function holdCapacityLock(park: number) {
  const holder = new pg.Client({ connectionString: ctx.url });
  await holder.connect();
  await holder.query("BEGIN");
  await holder.query("SELECT 1 FROM park_capacities WHERE park_id = $1 AND vehicle_type_id = 1 FOR UPDATE", [
    park,
  ]);
  return { release: () => holder.query("ROLLBACK"), end: () => holder.end() };
}

const eventName = async (id: number) =>
  (await queryRows<{ name: string }>(db, sql`SELECT name FROM events WHERE id = ${id}`))[0]!.name;
const subjects = async (email: string) =>
  (await readMailbox(ctx)).filter((m) => m.to.includes(email)).map((m) => m.subject);
const fees = async () =>
  (
    await queryRows<{ service_fee_minor: number; booking_fee_bps: number; tax_bps: number }>(
      db,
      sql`SELECT service_fee_minor, booking_fee_bps, tax_bps FROM fees WHERE country_id = 1`,
    )
  )[0]!;

describe("booking an event's parking", () => {
  it("books the event window at the park for the flat price plus the country's fees, and shows the event", async () => {
    const park = parks[0]!;
    const start = at(30 * HOUR);
    const end = at(33 * HOUR);
    const ev = await createEvent(db, {
      start,
      end,
      parks: [{ parkId: park, before: 90, after: 45, offers: [{ priceMinor: 700_000, allocation: 4 }] }],
    });
    const user = await fundedUser(db);
    const before = await walletBalanceMinor(db, user.id, "NGN");
    const res = await bookEvent(ctx.app, user, {
      event_code: ev.code.toLowerCase(),
      park_id: park,
      plate_number: "EVT 101 AA",
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    expect(b.start_time).toBe(new Date(start.getTime() - 90 * 60_000).toISOString());
    expect(b.end_time).toBe(new Date(end.getTime() + 45 * 60_000).toISOString());
    expect(b.event).toMatchObject({ event_code: ev.code, venue_name: "Test Stadium", status: "published" });
    const f = await fees();
    const bookingFee = Math.round((700_000 * Number(f.booking_fee_bps)) / 10_000);
    const service = Number(f.service_fee_minor);
    const tax = Math.round(((service + bookingFee) * Number(f.tax_bps)) / 10_000);
    expect(b.breakdown.parking).toBe(7000);
    expect(Math.round(b.amount * 100)).toBe(700_000 + service + bookingFee + tax);
    expect(before - (await walletBalanceMinor(db, user.id, "NGN"))).toBe(Math.round(b.amount * 100));

    // The event's page priced it exactly as it was charged.
    const page = await ctx.app.inject({ url: `/api/v1/events/${ev.code}` });
    expect(page.json().parks[0].prices[0].price).toEqual({
      amount: b.amount,
      currency: "NGN",
      breakdown: b.breakdown,
    });
    const list = await ctx.app.inject({ url: "/api/v1/bookings/list", headers: bearer(user) });
    expect(list.json<BookingPage>().items[0]!.event?.event_code).toBe(ev.code);
    await vi.waitFor(async () => {
      const mail = (await readMailbox(ctx)).find((m) => m.to.includes(user.email));
      expect(mail?.subject).toBe(`Your Parkwell booking ${b.booking_code} is confirmed`);
      expect(mail?.body).toContain("Test event");
    }, MAIL_WAIT);
  });

  it("sells the allocation out (409) while the park still sells its other spaces, and holds the allocation from them", async () => {
    const park = parks[1]!;
    await setCapacity(db, park, 1, 5);
    const start = at(50 * HOUR);
    const ev = await createEvent(db, {
      start,
      end: at(52 * HOUR),
      parks: [{ parkId: park, before: 60, after: 60, offers: [{ allocation: 2 }] }],
    });
    const driver = await fundedUser(db);
    for (const plate of ["ALLOC 1", "ALLOC 2"]) {
      expect(
        (await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: park, plate_number: plate }))
          .statusCode,
      ).toBe(201);
    }
    const soldOut = await bookEvent(ctx.app, driver, {
      event_code: ev.code,
      park_id: park,
      plate_number: "ALLOC 3",
    });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({
      code: "event_sold_out",
      message: "The spaces set aside for this event at this park are sold out",
    });
    // Ordinary bookings over the window see 5 - 2 held = 3 spaces, not more.
    const window = { park_id: park, start: at(49 * HOUR), end: at(53 * HOUR) };
    const ordinary = [];
    for (let i = 0; i < 4; i += 1) ordinary.push((await book(ctx.app, driver, window)).statusCode);
    expect(ordinary).toEqual([201, 201, 201, 409]);
    const availability = await ctx.app.inject({
      url: `/api/v1/parks/${park}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(window.start.toISOString())}&end_time=${encodeURIComponent(window.end.toISOString())}`,
    });
    if (availability.statusCode === 200) expect(availability.json()).toMatchObject({ available: 0 });
    // Outside the event window the park is free again.
    expect(
      (await book(ctx.app, driver, { park_id: park, start: at(54 * HOUR), end: at(55 * HOUR) })).statusCode,
    ).toBe(201);
  });

  it("a draft event holds nothing and cannot be booked; a published one answers French errors in French", async () => {
    const park = parks[2]!;
    await setCapacity(db, park, 1, 2);
    const draft = await createEvent(db, {
      start: at(60 * HOUR),
      end: at(61 * HOUR),
      status: "draft",
      parks: [{ parkId: park, offers: [{ allocation: 2 }] }],
    });
    const driver = await fundedUser(db);
    const refused = await bookEvent(
      ctx.app,
      driver,
      { event_code: draft.code, park_id: park },
      { "accept-language": "fr" },
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe("event_not_found");
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await book(ctx.app, driver, { park_id: park, start: at(60 * HOUR), end: at(61 * HOUR) })).statusCode,
      ).toBe(201);
    }
  });

  it("refuses bad event bookings with a clear error and changes nothing", async () => {
    const park = parks[3]!;
    const ev = await createEvent(db, { start: at(70 * HOUR), end: at(72 * HOUR), parks: [{ parkId: park }] });
    const ended = await createEvent(db, {
      start: at(-5 * HOUR),
      end: at(-1 * HOUR),
      parks: [{ parkId: park, after: 120 }],
    });
    const driver = await fundedUser(db);
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    const cases: [object, number, string | RegExp][] = [
      [{ event_code: "EV-ZZZZZ", park_id: park }, 404, "Event not found"],
      [{ event_code: ended.code, park_id: park }, 422, "This event has ended"],
      [{ event_code: ev.code, park_id: parks[4]! }, 422, "This park does not serve this event"],
      [{ event_code: ev.code, park_id: park, vehicle_type_id: 2 }, 422, /takes no vehicles of this type/],
      [
        { event_code: ev.code, park_id: park, start_time: at(70 * HOUR).toISOString() },
        422,
        "An event booking keeps the event's times",
      ],
      [{ event_code: 42, park_id: park }, 422, "event_code must be text"],
      [{ event_code: "", park_id: park }, 422, "event_code is required"],
    ];
    for (const [payload, status, text] of cases) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/v1/bookings",
        headers: bearer(driver),
        payload: { vehicle_type_id: 1, ...payload },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(JSON.stringify(res.json()), JSON.stringify(payload)).toMatch(text);
    }
    // Without times and without an event, the times are asked for.
    const noTimes = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(driver),
      payload: { park_id: park, vehicle_type_id: 1 },
    });
    expect(noTimes.statusCode).toBe(422);
    expect(noTimes.json().fields).toMatchObject({ start_time: "start_time is required" });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id}`,
    );
    expect(Number(row!.n)).toBe(0);
  });

  it("a private event needs its access grant: 404 without, with a forged one or another event's", async () => {
    const park = parks[5]!;
    const ev = await createEvent(db, {
      start: at(80 * HOUR),
      end: at(82 * HOUR),
      accessCode: "club-gala-77",
      parks: [{ parkId: park }],
    });
    const other = await createEvent(db, {
      start: at(80 * HOUR),
      end: at(82 * HOUR),
      accessCode: "other-gala-1",
      parks: [{ parkId: park }],
    });
    const driver = await fundedUser(db);
    const args = { event_code: ev.code, park_id: park, plate_number: "PRIV 1" };
    const grant = signEventAccess(ev.code, SECRET, new Date());
    for (const header of [
      undefined,
      signEventAccess(other.code, SECRET, new Date()),
      signEventAccess(ev.code, "another-secret-xyz", new Date()),
      `${grant}x`,
    ]) {
      const res = await bookEvent(ctx.app, driver, args, header ? { "x-event-access": header } : {});
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Event not found");
    }
    const expired = signEventAccess(ev.code, SECRET, new Date(Date.now() - 25 * HOUR));
    expect((await bookEvent(ctx.app, driver, args, { "x-event-access": expired })).statusCode).toBe(404);
    expect((await bookEvent(ctx.app, driver, args, { "x-event-access": grant })).statusCode).toBe(201);
  });

  it("keeps the event's times: no extension, no renewal; the driver's cancellation follows the policy", async () => {
    const park = parks[6]!;
    const ev = await createEvent(db, { start: at(90 * HOUR), end: at(92 * HOUR), parks: [{ parkId: park }] });
    const driver = await fundedUser(db);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const b = (await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: park })).json<Booking>();
    const ext = await extend(ctx.app, driver, b, new Date(Date.parse(b.end_time) + HOUR));
    expect(ext.statusCode).toBe(422);
    expect(ext.json().fields).toMatchObject({ new_end_time: "An event booking keeps the event's times" });
    expect(b.cancellation).toMatchObject({ allowed: true, refund_percent: 100 });
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(200);
    // Fees are not refunded on the driver's own cancellation.
    const fees = Math.round((b.amount - b.breakdown.parking) * 100);
    expect(before - (await walletBalanceMinor(db, driver.id, "NGN"))).toBe(fees);
    const renew = await setStatus(ctx.app, driver, b.id, "active");
    expect(renew.statusCode).toBe(422);
    expect(renew.json().fields.status).toMatch(/book the event again/);
  });

  it("refuses a sold-out allocation without waiting for the park's capacity lock; one with room still books under it", async () => {
    const park = parks[9]!;
    const soldOutEvent = await oneSpaceEvent(park, 200);
    const openEvent = await oneSpaceEvent(park, 210);
    const winner = await fundedUser(db);
    const soldOutOffer = { event_code: soldOutEvent.code, park_id: park };
    expect((await bookEvent(ctx.app, winner, soldOutOffer)).statusCode).toBe(201);
    // A driver who could not pay is told it is sold out, as before (the allocation is checked before the wallet).
    const broke = await fundedUser(db, 0);
    const driver = await fundedUser(db);
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    // Paid by a company, its policy still answers first, as it did under the lock.
    const company = await createCompany(db);
    await setLimits(db, company.id, "NGN", { perBookingMinor: 100 });
    const byCompany = { ...soldOutOffer, company_id: company.id };
    const overLimit = await bookEvent(ctx.app, company.owner, byCompany);
    expect(overLimit.statusCode).toBe(403);
    expect(overLimit.json().message).toBe("Your company allows bookings up to ₦1");
    await setLimits(db, company.id, "NGN", { perBookingMinor: null });
    const soldOutAnswers = async () => {
      expect((await bookEvent(ctx.app, company.owner, byCompany)).json().code).toBe("event_sold_out");
      const en = await bookEvent(ctx.app, broke, soldOutOffer);
      const fr = await bookEvent(ctx.app, driver, soldOutOffer, { "accept-language": "fr" });
      expect([en.statusCode, fr.statusCode]).toEqual([409, 409]);
      expect(en.json()).toMatchObject({
        code: "event_sold_out",
        message: "The spaces set aside for this event at this park are sold out",
      });
      expect(fr.json()).toMatchObject({
        code: "event_sold_out",
        message: "Les places réservées à cet événement dans ce parking sont toutes vendues",
      });
    };
    if (!ctx.url) {
      // PGlite runs one statement at a time: no second session to hold the lock from.
      await soldOutAnswers();
      expect(
        (await bookEvent(ctx.app, driver, { event_code: openEvent.code, park_id: park })).statusCode,
      ).toBe(201);
    } else {
      const lock = await holdCapacityLock(park);
      try {
        // While another transaction holds the lock, the sold-out answer comes at once...
        const lockHeld = new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 5_000));
        expect(await Promise.race([soldOutAnswers().then(() => "answered" as const), lockHeld])).toBe(
          "answered",
        );
        // ...while a request that can still win waits for it, and books once it is released.
        let settled = false;
        const open = bookEvent(ctx.app, driver, { event_code: openEvent.code, park_id: park }).finally(() => {
          settled = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(settled).toBe(false);
        await lock.release();
        expect((await open).statusCode).toBe(201);
      } finally {
        await lock.end();
      }
    }
    expect(await walletBalanceMinor(db, broke.id, "NGN")).toBe(0);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id} AND event_id = ${soldOutEvent.id}`,
    );
    expect(Number(row!.n)).toBe(0);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBeLessThan(balance);
  });
});

describe.skipIf(TEST_ENGINE !== "postgres")("a retry racing its own first attempt for the last space", () => {
  it("answers both with the one booking, never the retry with sold out (PostgreSQL)", async () => {
    const park = parks[10]!;
    const event = await oneSpaceEvent(park, 220);
    const driver = await fundedUser(db);
    // Both attempts pass their checks (nothing booked yet) and queue on the park's capacity lock;
    // the first to get it takes the last space, and the other is refused by the locked check.
    const lock = await holdCapacityLock(park);
    try {
      const key = { "idempotency-key": `retry-${event.code}` };
      const offer = { event_code: event.code, park_id: park };
      const first = bookEvent(ctx.app, driver, offer, key);
      const retry = bookEvent(ctx.app, driver, offer, key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await lock.release();
      const answers = await Promise.all([first, retry]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(answers[0]!.json<Booking>().booking_code).toBe(answers[1]!.json<Booking>().booking_code);
    } finally {
      await lock.end();
    }
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM bookings WHERE user_id = ${driver.id} AND event_id = ${event.id}`,
    );
    expect(row!.n).toBe(1);
  });
});

describe("at the gate", () => {
  it("checks an event booking in like any booking, within its window, and names the event", async () => {
    const park = parks[8]!;
    const ev = await createEvent(db, {
      start: at(1 * HOUR),
      end: at(3 * HOUR),
      parks: [{ parkId: park, before: 120, after: 60 }],
    });
    const driver = await fundedUser(db);
    const b = (await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: park })).json<Booking>();
    const admin = await createStaff(db, "admin");
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkins",
      headers: bearer(admin),
      payload: { code: b.booking_code, park_id: park },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().booking).toMatchObject({
      booking_code: b.booking_code,
      event_name: await eventName(ev.id),
    });
  });
});

describe("an organiser's cancellation", () => {
  it("cancels and refunds every booking in full, fees included, once, with an e-mail naming the event", async () => {
    const park = parks[7]!;
    const ev = await createEvent(db, {
      start: at(100 * HOUR),
      end: at(103 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 10 }] }],
    });
    const drivers = [await fundedUser(db), await fundedUser(db), await fundedUser(db)];
    const balances = await Promise.all(drivers.map((d) => walletBalanceMinor(db, d.id, "NGN")));
    const booked: Booking[] = [];
    for (const [i, d] of drivers.entries()) {
      const res = await bookEvent(ctx.app, d, {
        event_code: ev.code,
        park_id: park,
        plate_number: `ORG ${i}`,
      });
      expect(res.statusCode).toBe(201);
      booked.push(res.json<Booking>());
    }
    // The third driver had cancelled already (fees kept by the policy): not refunded again.
    expect((await setStatus(ctx.app, drivers[2]!, booked[2]!.id, "cancelled")).statusCode).toBe(200);
    const afterOwnCancel = await walletBalanceMinor(db, drivers[2]!.id, "NGN");

    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE events SET status = 'cancelled', cancelled_at = now() WHERE id = ${ev.id}`);
      await queueEventCancellation(ctx.app.jobs, tx, ev.id);
    });
    // Until the refunds have run, the cancelled event holds nothing but its bookings still count:
    // with capacity for exactly them, an ordinary booking over the window is full.
    await setCapacity(db, park, 1, 2);
    const squeezed = await book(ctx.app, await fundedUser(db), {
      park_id: park,
      start: at(100 * HOUR),
      end: at(101 * HOUR),
    });
    expect(squeezed.statusCode, squeezed.body).toBe(409);
    await setCapacity(db, park, 1, 1000);
    await ctx.app.jobs.runDue(["events-cancel", "mail"]);
    // A second run (a retried job, another process) finds nothing left to refund.
    expect(await cancelEventBookings({ db, clock: () => new Date(), jobs: ctx.app.jobs }, ev.id)).toBe(0);
    for (const i of [0, 1]) {
      expect(await walletBalanceMinor(db, drivers[i]!.id, "NGN")).toBe(balances[i]);
    }
    expect(await walletBalanceMinor(db, drivers[2]!.id, "NGN")).toBe(afterOwnCancel);
    const shown = await ctx.app.inject({
      url: `/api/v1/bookings/${booked[0]!.booking_code}`,
      headers: bearer(drivers[0]!),
    });
    expect(shown.json()).toMatchObject({ status: "cancelled", paid: 0, event: { status: "cancelled" } });
    expect(shown.json().refunds).toHaveLength(1);
    const subject = `${await eventName(ev.id)} is cancelled: your Parkwell booking ${booked[0]!.booking_code} is refunded`;
    await vi.waitFor(async () => expect(await subjects(drivers[0]!.email)).toContain(subject), MAIL_WAIT);
    // The event cancelled, its hold is gone and nobody can book it.
    const late = await bookEvent(ctx.app, drivers[0]!, { event_code: ev.code, park_id: park });
    expect(late.statusCode).toBe(404);
  });
});
