/**
 * Moving a booking's window (decision 063): PUT /bookings/{id}/window and its quote. The new window
 * is priced as a new booking of it now; more is charged to the booking's payer, less given back by
 * the cancellation policy, each with its receipt or credit note and the operator's share; the
 * window is checked as a new booking's, under the capacity lock, the booking's own window aside.
 */
import {
  windowRefusalText,
  type Booking,
  type BookingDetail,
  type BookingQuote,
  type WindowChangeQuote,
} from "@parkwell/contract";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows, type Db } from "../../db/client";
import type { ReceiptLineRecord } from "../../lib/receipt-records";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { MAIL_WAIT, readMailbox } from "../../test/mailbox";
import { chargeWallet, walletBalanceMinor } from "../wallet/ledger.service";
import {
  allDayParks,
  at,
  book,
  bookingMovedTo,
  changeWindow,
  fundedUser,
  HOUR,
  overbooked,
  quoteWindow,
  setCapacity,
  setStatus,
} from "./bookings.test-kit";
import { bookEvent } from "./event-bookings.test-kit";
import { addMember, companyBalance, createCompany, setPolicy } from "../companies/companies.test-kit";
import { fundCompany } from "../companies/company-money.test-kit";
import { verifyQr } from "./qr";

const SECRET = "booking-window-test-secret";
const MINUTE = 60_000;
let ctx: TestContext;
let db: Db;
let dataDir: string;
/** Harbourview's parks open all day (its attendant checks cars in at the first). */
let parks: number[];
let park: number;
let attendant: TestUser;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-booking-window-"));
  ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  parks = await allDayParks(db, 5, { operatorId: harbourview });
  park = parks[0]!;
  for (const id of parks) await setCapacity(db, id, 1, 100);
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
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

const minor = (major: number) => Math.round(major * 100);
const balance = (user: TestUser) => walletBalanceMinor(db, user.id, "NGN");

async function newBooking(user: TestUser, start: Date, end: Date, parkId = park): Promise<Booking> {
  const res = await book(ctx.app, user, { park_id: parkId, start, end });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const detail = async (user: TestUser, b: Booking) =>
  (
    await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) })
  ).json<BookingDetail>();

async function quoted(user: TestUser, b: Booking, start: Date, end: Date): Promise<WindowChangeQuote> {
  const res = await quoteWindow(ctx.app, user, b, start, end);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WindowChangeQuote>();
}

/** What a new booking of [start, end) at `parkId` costs now (GET /bookings/quote). */
async function newBookingPrice(user: TestUser, start: Date, end: Date, parkId = park) {
  const res = await ctx.app.inject({
    url: `/api/v1/bookings/quote?park_id=${parkId}&vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
    headers: bearer(user),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BookingQuote>();
}

/** A booking's receipts and credit notes, in order of issue. */
const receiptsOf = (code: string) =>
  queryRows<{ kind: string; ledger_key: string; lines: ReceiptLineRecord[]; total_minor: number }>(
    db,
    sql`SELECT kind, ledger_key, lines, total_minor::int AS total_minor FROM receipts WHERE reference = ${code} ORDER BY id`,
  );

/** The operator's share a move posted (decision 056): its line's kind and gross. */
const operatorLinesOf = (ledgerKey: string) =>
  queryRows<{ kind: string; gross_minor: number }>(
    db,
    sql`SELECT kind, gross_minor::int AS gross_minor FROM operator_lines WHERE ledger_key = ${`share:${ledgerKey}`}`,
  );

const subjects = async (email: string) =>
  (await readMailbox(ctx)).filter((m) => m.to.includes(email)).map((m) => m.subject);

const refusal = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  ...(res.json() as { code: string; message: string }),
});

describe("PUT /bookings/{id}/window: money", () => {
  it("moved later and longer: charges a new booking's price of the new window now less what was paid, with its receipt, share, QR and mail", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(4 * HOUR));
    const [start, end] = [at(6 * HOUR), at(9 * HOUR)];
    const asNew = (await newBookingPrice(user, start, end)).price;
    const quote = await quoted(user, b, start, end);
    expect(quote.price.amount).toBe(asNew.amount);
    expect(minor(quote.amount_due)).toBe(minor(asNew.amount) - minor(b.paid));
    expect(quote.refund_amount).toBe(0);

    const before = await balance(user);
    const res = await changeWindow(ctx.app, user, b, start, end);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Booking>();
    expect(moved).toMatchObject({
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      amount: asNew.amount,
      paid: asNew.amount,
    });
    expect(before - (await balance(user))).toBe(minor(quote.amount_due));
    expect(verifyQr(moved.qr!, SECRET)).toMatchObject({
      code: b.booking_code,
      start: start.toISOString(),
      end: end.toISOString(),
    });

    const receipts = await receiptsOf(b.booking_code);
    expect(receipts.map((r) => [r.kind, r.ledger_key])).toEqual([
      ["booking", `booking:${b.id}:1`],
      ["window_change", `booking:${b.id}:2`],
    ]);
    expect(receipts[1]!.total_minor).toBe(minor(quote.amount_due));
    const parkingAdded = minor(asNew.breakdown.parking) - minor(b.breakdown.parking);
    expect(receipts[1]!.lines[0]).toMatchObject({
      kind: "parking",
      from: start.toISOString(),
      to: end.toISOString(),
      amountMinor: parkingAdded,
    });
    expect(await operatorLinesOf(`booking:${b.id}:2`)).toEqual([{ kind: "sale", gross_minor: parkingAdded }]);
    expect((await detail(user, b)).payments.map((p) => p.kind)).toEqual([
      "booking_charge",
      "booking_window_change",
    ]);
    await vi.waitFor(
      async () =>
        expect(await subjects(user.email)).toContain(
          `Your Parkwell booking ${b.booking_code} has a new time`,
        ),
      MAIL_WAIT,
    );
  });

  it("moved shorter an hour or more ahead: the parking no longer used comes back (fees kept), with a credit note and the share taken back", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(3 * HOUR), at(7 * HOUR));
    const [start, end] = [at(4 * HOUR), at(6 * HOUR)];
    const quote = await quoted(user, b, start, end);
    const back = minor(b.breakdown.parking) - minor(quote.price.breakdown.parking);
    expect(back).toBeGreaterThan(0);
    expect(quote).toMatchObject({ amount_due: 0, refund_amount: back / 100, refund_percent: 100 });

    const before = await balance(user);
    const res = await changeWindow(ctx.app, user, b, start, end);
    expect(res.statusCode, res.body).toBe(200);
    expect((await balance(user)) - before).toBe(back);
    const moved = res.json<Booking>();
    expect(moved.amount).toBe(quote.price.amount);
    // The fees of the hours given up stay paid, as a cancellation keeps its fees.
    expect(minor(moved.paid)).toBe(minor(b.paid) - back);
    expect(minor(moved.paid)).toBeGreaterThan(minor(moved.amount));

    const [, note] = await receiptsOf(b.booking_code);
    expect(note).toMatchObject({ kind: "credit_note", ledger_key: `booking:${b.id}:2`, total_minor: -back });
    expect(note!.lines).toEqual([
      expect.objectContaining({
        kind: "parking",
        from: start.toISOString(),
        to: end.toISOString(),
        amountMinor: -back,
      }),
    ]);
    expect(await operatorLinesOf(`booking:${b.id}:2`)).toEqual([{ kind: "refund", gross_minor: -back }]);
    expect((await detail(user, b)).refunds).toEqual([
      expect.objectContaining({ kind: "refund", amount: back / 100 }),
    ]);
  });

  it("less than an hour ahead gives back half, as a cancellation would; no later start than the hour", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 30, 150);
    const start = new Date(b.start_time);
    const quote = await quoted(driver, b, start, new Date(start.getTime() + HOUR));
    const taken = minor(b.breakdown.parking) - minor(quote.price.breakdown.parking);
    expect(taken).toBeGreaterThan(0);
    expect(quote).toMatchObject({ refund_percent: 50, refund_amount: Math.trunc(taken / 2) / 100 });
    const before = await balance(driver);
    const res = await changeWindow(ctx.app, driver, b, start, new Date(start.getTime() + HOUR));
    expect(res.statusCode, res.body).toBe(200);
    expect((await balance(driver)) - before).toBe(Math.trunc(taken / 2));

    // Three hours ahead, a cancellation would give back all of it: moving there is refused.
    const later = await changeWindow(ctx.app, driver, b, at(3 * HOUR), at(4 * HOUR));
    expect(refusal(later)).toMatchObject({
      status: 422,
      message:
        "This booking starts within 60 minutes, so its new start must too: a later one would let a cancellation give back more",
    });
  });

  it("once started (the car not in) gives nothing back for a shorter window, and never moves it later", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, -30, 90);
    const later = await changeWindow(
      ctx.app,
      driver,
      b,
      new Date(Date.now() + 10 * MINUTE),
      new Date(Date.now() + 90 * MINUTE),
    );
    expect(refusal(later)).toMatchObject({
      status: 422,
      message: "A booking that has started cannot be moved to a later start",
    });
    const [start, end] = [new Date(Date.now() - MINUTE), new Date(Date.now() + 30 * MINUTE)];
    const quote = await quoted(driver, b, start, end);
    expect(quote).toMatchObject({ amount_due: 0, refund_amount: 0, refund_percent: null });
    expect(minor(quote.price.amount)).toBeLessThan(minor(b.amount));
    const before = await balance(driver);
    const res = await changeWindow(ctx.app, driver, b, start, end);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ end_time: end.toISOString(), paid: b.paid });
    expect(await balance(driver)).toBe(before);
    expect((await receiptsOf(b.booking_code)).map((r) => r.kind)).toEqual(["booking"]);
  });

  it("at the same price moves no money; the window, its QR and its start reminder move", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(4 * HOUR));
    await db.execute(sql`UPDATE bookings SET start_reminded_at = now() WHERE id = ${b.id}`);
    const [start, end] = [at(5 * HOUR), at(7 * HOUR)];
    expect(await quoted(user, b, start, end)).toMatchObject({ amount_due: 0, refund_amount: 0 });
    const before = await balance(user);
    const res = await changeWindow(ctx.app, user, b, start, end);
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Booking>();
    expect(moved).toMatchObject({ start_time: start.toISOString(), amount: b.amount, paid: b.paid });
    expect(verifyQr(moved.qr!, SECRET)).toMatchObject({ start: start.toISOString(), end: end.toISOString() });
    expect(await balance(user)).toBe(before);
    expect((await receiptsOf(b.booking_code)).map((r) => r.kind)).toEqual(["booking"]);
    const [row] = await queryRows<{ reminded: string | null }>(
      db,
      sql`SELECT start_reminded_at AS reminded FROM bookings WHERE id = ${b.id}`,
    );
    expect(row!.reminded).toBeNull();
  });

  it("sent again, the same change is the booking as it is: moved, charged and mailed once, whatever the rates since", async () => {
    const other = parks[3]!;
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(3 * HOUR), other);
    const [start, end] = [at(4 * HOUR), at(7 * HOUR)];
    const before = await balance(user);
    const first = await changeWindow(ctx.app, user, b, start, end);
    expect(first.statusCode, first.body).toBe(200);
    const rate = sql`park_id = ${other} AND vehicle_type_id = 1 AND kind = 'standard'`;
    // The answer was lost and the park's rates doubled before the driver's app sent it again.
    await db.execute(
      sql`UPDATE park_rates SET hourly_minor = hourly_minor * 2, daily_max_minor = daily_max_minor * 2 WHERE ${rate}`,
    );
    try {
      const again = await changeWindow(ctx.app, user, b, start, end);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<Booking>()).toEqual(first.json<Booking>());
    } finally {
      await db.execute(
        sql`UPDATE park_rates SET hourly_minor = hourly_minor / 2, daily_max_minor = daily_max_minor / 2 WHERE ${rate}`,
      );
    }
    expect(before - (await balance(user))).toBe(minor(first.json<Booking>().paid) - minor(b.paid));
    expect((await receiptsOf(b.booking_code)).map((r) => r.kind)).toEqual(["booking", "window_change"]);
    const [row] = await queryRows<{ moves: number }>(db, sql`SELECT moves FROM bookings WHERE id = ${b.id}`);
    expect(row!.moves).toBe(2);
  });

  it("a company's booking: the company pays the difference within its policy and gets the refund", async () => {
    const company = await createCompany(db);
    const member = await fundedUser(db);
    await addMember(db, company.id, member);
    await fundCompany(db, company.id, company.owner.id, 100_000_000, at(0));
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/bookings",
      headers: bearer(member),
      payload: {
        park_id: park,
        vehicle_type_id: 1,
        start_time: at(2 * HOUR).toISOString(),
        end_time: at(4 * HOUR).toISOString(),
        company_id: company.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const [wallet, account] = [await balance(member), await companyBalance(db, company.id, "NGN")];
    const longer = await changeWindow(ctx.app, member, b, at(3 * HOUR), at(7 * HOUR));
    expect(longer.statusCode, longer.body).toBe(200);
    const charged = minor(longer.json<Booking>().paid) - minor(b.paid);
    expect(account - (await companyBalance(db, company.id, "NGN"))).toBe(charged);
    const shorter = await changeWindow(ctx.app, member, b, at(3 * HOUR), at(5 * HOUR));
    expect(shorter.statusCode, shorter.body).toBe(200);
    const back = minor(longer.json<Booking>().paid) - minor(shorter.json<Booking>().paid);
    expect(back).toBeGreaterThan(0);
    expect(account - (await companyBalance(db, company.id, "NGN"))).toBe(charged - back);
    expect(await balance(member)).toBe(wallet);
    const charges = await queryRows<{ kind: string; amount_minor: number }>(
      db,
      sql`SELECT kind, amount_minor::int AS amount_minor FROM company_charges
          WHERE company_id = ${company.id} AND kind <> 'topup' ORDER BY id`,
    );
    expect(charges).toEqual([
      { kind: "booking", amount_minor: minor(b.amount) },
      { kind: "window_change", amount_minor: charged },
      { kind: "refund", amount_minor: -back },
    ]);
    // A company that no longer pays for changes refuses the charge: 403, nothing moved.
    await setPolicy(db, company.id, { switches: { extensions: false } });
    const refused = await changeWindow(ctx.app, member, b, at(3 * HOUR), at(8 * HOUR));
    expect(refusal(refused)).toMatchObject({
      status: 403,
      message: "Your company does not pay for extensions",
    });
    expect(await detail(member, b)).toMatchObject({ end_time: at(5 * HOUR).toISOString() });
  });

  it("a wallet short of the difference: 402, and nothing changes", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(3 * HOUR));
    const drain = await balance(user);
    await db.transaction((tx) =>
      chargeWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: drain,
        idempotencyKey: `drain:${user.id}`,
        // A test's own move, not a purchase: no receipt documents it.
        kind: "adjustment",
      }),
    );
    const res = await changeWindow(ctx.app, user, b, at(5 * HOUR), at(9 * HOUR));
    expect(res.statusCode, res.body).toBe(402);
    const after = await detail(user, b);
    expect(after).toMatchObject({ start_time: b.start_time, end_time: b.end_time, paid: b.paid });
    expect(await balance(user)).toBe(0);
    expect((await receiptsOf(b.booking_code)).map((r) => r.kind)).toEqual(["booking"]);
  });
});

describe("PUT /bookings/{id}/window: what it refuses", () => {
  it("a full park: 409 with the full park's sentence and nothing changed; its own window does not count against it", async () => {
    const small = parks[1]!;
    await setCapacity(db, small, 1, 1);
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(4 * HOUR), small);
    await newBooking(await fundedUser(db), at(6 * HOUR), at(8 * HOUR), small);
    const before = await balance(user);
    const full = await changeWindow(ctx.app, user, b, at(5 * HOUR), at(7 * HOUR));
    expect(refusal(full)).toMatchObject({
      status: 409,
      code: "no_capacity",
      message: "No space is left for this vehicle type in this window",
    });
    expect(refusal(await quoteWindow(ctx.app, user, b, at(5 * HOUR), at(7 * HOUR)))).toMatchObject({
      status: 409,
      code: "no_capacity",
    });
    expect(await detail(user, b)).toMatchObject({ start_time: b.start_time, end_time: b.end_time });
    expect(await balance(user)).toBe(before);
    // Over its own window, the park's one space is its own.
    const overlapping = await changeWindow(ctx.app, user, b, at(3 * HOUR), at(5 * HOUR));
    expect(overlapping.statusCode, overlapping.body).toBe(200);
  });

  it("a window a new booking could not have: closed hours, the past, with the window's own sentence", async () => {
    const office = parks[2]!;
    const open = { open: "06:00", close: "22:00" };
    await db.execute(sql`UPDATE parks SET open_24h = false,
      opening_hours = ${JSON.stringify(Array(7).fill(open))}::jsonb WHERE id = ${office}`);
    // Two days ahead, on Lagos's clock (UTC+1 all year).
    const day = new Date(Date.now() + 48 * HOUR + HOUR).toISOString().slice(0, 10);
    const lagos = (hhmm: string) => new Date(`${day}T${hhmm}:00+01:00`);
    const user = await fundedUser(db);
    const b = await newBooking(user, lagos("10:00"), lagos("12:00"), office);
    const late = await changeWindow(ctx.app, user, b, lagos("21:00"), lagos("23:00"));
    expect(refusal(late)).toMatchObject({
      status: 422,
      code: "window_not_bookable",
      message: windowRefusalText({ code: "closes_before_end", time: "22:00" }),
    });
    const past = await changeWindow(ctx.app, user, b, at(-HOUR), at(HOUR));
    expect(refusal(past)).toMatchObject({ status: 422, message: windowRefusalText({ code: "past" }) });
    expect(await detail(user, b)).toMatchObject({ start_time: b.start_time, end_time: b.end_time });
  });

  it("a car already in, a cancelled booking, an ended one: 422, each saying why", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, 10, 70);
    const checkin = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkins",
      headers: bearer(attendant),
      payload: { code: b.booking_code, park_id: park },
    });
    expect(checkin.statusCode, checkin.body).toBe(200);
    expect(refusal(await changeWindow(ctx.app, driver, b, at(2 * HOUR), at(3 * HOUR)))).toMatchObject({
      status: 422,
      message: "This car is in the car park: a booking's time cannot be changed once it has checked in",
    });

    const user = await fundedUser(db);
    const cancelled = await newBooking(user, at(5 * HOUR), at(6 * HOUR));
    expect((await setStatus(ctx.app, user, cancelled.id, "cancelled")).statusCode).toBe(200);
    expect(refusal(await changeWindow(ctx.app, user, cancelled, at(7 * HOUR), at(8 * HOUR)))).toMatchObject({
      status: 422,
      message: "Only an active booking can have its time changed",
    });

    const ended = await bookingMovedTo(ctx.app, db, park, -120, -60);
    expect(
      refusal(await quoteWindow(ctx.app, ended.driver, ended.b, at(2 * HOUR), at(3 * HOUR))),
    ).toMatchObject({ status: 422, message: "This booking has already ended" });
  });

  it("an event's booking keeps the event's times", async () => {
    const ev = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      parks: [{ parkId: parks[3]! }],
    });
    const driver = await fundedUser(db);
    const res = await bookEvent(ctx.app, driver, { event_code: ev.code, park_id: parks[3]! });
    expect(res.statusCode, res.body).toBe(201);
    const moved = await changeWindow(ctx.app, driver, res.json<Booking>(), at(31 * HOUR), at(34 * HOUR));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields).toEqual({ start_time: "An event booking keeps the event's times" });
  });

  it("another driver's booking, or a malformed id, is not found on either route", async () => {
    const owner = await fundedUser(db);
    const b = await newBooking(owner, at(2 * HOUR), at(3 * HOUR));
    const other = await fundedUser(db);
    for (const target of [b, { id: "not-a-booking" }]) {
      expect((await changeWindow(ctx.app, other, target, at(4 * HOUR), at(5 * HOUR))).statusCode).toBe(404);
      expect((await quoteWindow(ctx.app, other, target, at(4 * HOUR), at(5 * HOUR))).statusCode).toBe(404);
    }
    expect(await detail(owner, b)).toMatchObject({ start_time: b.start_time });
  });
});

describe("PUT /bookings/{id}/window at a park whose prices follow demand", () => {
  it("needs the window's quote, and charges its price", async () => {
    const busy = parks[4]!;
    await db.execute(sql`INSERT INTO park_rate_rules (park_id, name, adjustment_bps)
      VALUES (${busy}, 'Always busy', 5000)`);
    const user = await fundedUser(db);
    const [start, end] = [at(50 * HOUR), at(52 * HOUR)];
    const first = await newBookingPrice(user, start, end, busy);
    const res = await book(ctx.app, user, { park_id: busy, start, end, quote_token: first.quote_token });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();

    const [newStart, newEnd] = [at(53 * HOUR), at(56 * HOUR)];
    const bare = await changeWindow(ctx.app, user, b, newStart, newEnd);
    expect(refusal(bare)).toMatchObject({ status: 409, code: "quote_required" });
    const quote = await quoted(user, b, newStart, newEnd);
    expect(quote.price.breakdown.busy_time).toBeDefined();
    expect(quote.price.amount).toBe((await newBookingPrice(user, newStart, newEnd, busy)).price.amount);
    const elsewhere = await changeWindow(ctx.app, user, b, newStart, at(57 * HOUR), quote.quote_token);
    expect(refusal(elsewhere)).toMatchObject({ status: 422, code: "quote_invalid" });
    const before = await balance(user);
    const moved = await changeWindow(ctx.app, user, b, newStart, newEnd, quote.quote_token);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Booking>().amount).toBe(quote.price.amount);
    expect(before - (await balance(user))).toBe(minor(quote.amount_due));
  });
});
