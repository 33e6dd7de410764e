// EV charging sold per hour (decision 048, "Charging sold per hour"): a window booked with a charger
// group priced per hour pays its charging with the booking, as a `charging` line of the price: the
// started hours of the window at the group's price, outside the fees and the taxes, given back by
// a cancellation as the parking is, on the receipts and credit notes with its amount.
import type { Availability, Booking, BookingQuote, Receipt, ReceiptSummary } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedChargers, receiptViolations } from "../../test/ledger-invariants";
import { numberReceipts } from "../receipts/receipts.service";
import { walletBalanceMinor } from "../wallet/ledger.service";
import {
  addChargers,
  allDayParks,
  at,
  book,
  extend,
  fundedUser,
  holdWindow,
  HOUR,
  quoteExtension,
  setStatus,
} from "./bookings.test-kit";

const MINUTE = 60_000;
/** ₦500.00 an hour. */
const PER_HOUR = 500_00;

let ctx: TestContext;
let db: Db;
let parks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  parks = await allDayParks(db, 6);
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedChargers(db)).toEqual([]);
});

const minor = (major: number) => Math.round(major * 100);
const window = (start: Date, end: Date) =>
  `start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`;

const availability = (park: number, start: Date, end: Date, chargerId?: number) =>
  ctx.app.inject({
    url: `/api/v1/front/parks/${park}/availability?vehicle_type_id=1&${window(start, end)}${
      chargerId ? `&charger_id=${chargerId}` : ""
    }`,
  });

const quote = (u: TestUser, park: number, start: Date, end: Date, chargerId?: number) =>
  ctx.app.inject({
    url: `/api/v1/bookings/quote?park_id=${park}&vehicle_type_id=1&${window(start, end)}${
      chargerId ? `&charger_id=${chargerId}` : ""
    }`,
    headers: bearer(u),
  });

const view = async (u: TestUser, code: string) =>
  (await ctx.app.inject({ url: `/api/v1/bookings/${code}`, headers: bearer(u) })).json<Booking>();

/** A booking's receipts and credit notes, oldest first, in `language`. */
async function receiptsOf(u: TestUser, code: string, language = "en"): Promise<Receipt[]> {
  await numberReceipts(db);
  const list = await ctx.app.inject({ url: `/api/v1/receipts?reference=${code}`, headers: bearer(u) });
  const items = list.json<{ items: ReceiptSummary[] }>().items.slice().reverse();
  return Promise.all(
    items.map(async (r) =>
      (
        await ctx.app.inject({
          url: `/api/v1/receipts/${r.number}`,
          headers: { ...bearer(u), "accept-language": language },
        })
      ).json<Receipt>(),
    ),
  );
}

const chargerLine = (r: Receipt) => r.lines.find((l) => l.kind === "charger");

describe("a charger priced per hour, its charging sold with the booking", () => {
  it("prices the window's started hours at the group's price: availability, quote, booking, wallet and receipt", async () => {
    const park = parks[0]!;
    const charger = await addChargers(db, park, {
      priceUnit: "hour",
      priceMinor: PER_HOUR,
      connector: "type2",
      powerKw: 7.4,
    });
    const kwh = await addChargers(db, park, { priceUnit: "kwh" });
    const u = await fundedUser(db);
    // Two and a half hours: three started hours of charging, as the park bills its parking.
    const start = at(3 * HOUR);
    const end = at(5.5 * HOUR);

    const plain = (await availability(park, start, end)).json<Availability>();
    expect(plain.price.breakdown.charging).toBeUndefined();
    const withKwh = (await availability(park, start, end, kwh)).json<Availability>();
    expect(withKwh.price).toEqual(plain.price);
    const res = await availability(park, start, end, charger);
    expect(res.statusCode, res.body).toBe(200);
    const priced = res.json<Availability>().price;
    expect(priced.breakdown.charging).toBe(1500);
    expect(priced.breakdown.charging_hours).toBe(3);
    // Outside the fees and the tax: they are the window's without a charger.
    expect(priced.breakdown).toMatchObject({
      parking: plain.price.breakdown.parking,
      service_fee: plain.price.breakdown.service_fee,
      booking_fee: plain.price.breakdown.booking_fee,
      tax: plain.price.breakdown.tax,
    });
    expect(minor(priced.amount)).toBe(minor(plain.price.amount) + 3 * PER_HOUR);

    const q = await quote(u, park, start, end, charger);
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json<BookingQuote>().price).toEqual(priced);

    const before = await walletBalanceMinor(db, u.id, "NGN");
    const made = await book(ctx.app, u, { park_id: park, start, end, charger_id: charger });
    expect(made.statusCode, made.body).toBe(201);
    const b = made.json<Booking>();
    expect(b.amount).toBe(priced.amount);
    expect(b.breakdown.charging).toBe(1500);
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(before - minor(priced.amount));

    const [receipt] = await receiptsOf(u, b.booking_code);
    expect(chargerLine(receipt!)).toMatchObject({
      label: "EV charger",
      subject: "Type 2 · 7.4 kW",
      detail: "Charging by the hour, paid with the booking",
      amount: 1500,
    });
    expect(receipt!.total).toBe(b.amount);
    const [fr] = await receiptsOf(u, b.booking_code, "fr");
    expect(chargerLine(fr!)).toMatchObject({
      detail: "Recharge à l'heure, payée avec la réservation",
      amount: 1500,
    });
  });

  it("leaves a charger priced per kWh paid at the charger: no charging line, a receipt line without an amount", async () => {
    const park = parks[1]!;
    const kwh = await addChargers(db, park, { priceUnit: "kwh" });
    const u = await fundedUser(db);
    const b = (
      await book(ctx.app, u, { park_id: park, start: at(3 * HOUR), end: at(5 * HOUR), charger_id: kwh })
    ).json<Booking>();
    expect(b.breakdown.charging).toBeUndefined();
    const [receipt] = await receiptsOf(u, b.booking_code);
    expect(chargerLine(receipt!)).toMatchObject({ detail: "Charging is paid at the charger", amount: null });
  });

  it("refuses a charger the park does not offer on the availability, at charger_id", async () => {
    const park = parks[1]!;
    const other = await addChargers(db, parks[2]!, { priceUnit: "hour", priceMinor: PER_HOUR });
    const res = await availability(park, at(3 * HOUR), at(5 * HOUR), other);
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ charger_id: "This charger is not offered at this park" });
  });

  it("an extension charges the added hours' charging at the price booked; the receipt's charger line has it", async () => {
    const park = parks[2]!;
    const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: PER_HOUR });
    const u = await fundedUser(db);
    const start = at(3 * HOUR);
    const b = (
      await book(ctx.app, u, { park_id: park, start, end: at(5 * HOUR), charger_id: charger })
    ).json<Booking>();
    expect(b.breakdown.charging).toBe(1000);
    // The operator's later price is not the booking's: it keeps the price per hour it was sold at.
    await db.execute(sql`UPDATE park_chargers SET price_minor = ${PER_HOUR * 3} WHERE id = ${charger}`);
    const plainLonger = (await availability(park, start, at(6.5 * HOUR))).json<Availability>();
    // The page's quote of the extension is what it charges, at the price booked, not the new one.
    const quoted = await quoteExtension(ctx.app, u, b, at(6.5 * HOUR));
    expect(quoted.statusCode, quoted.body).toBe(200);
    const before = await walletBalanceMinor(db, u.id, "NGN");
    const res = await extend(ctx.app, u, b, at(6.5 * HOUR));
    expect(res.statusCode, res.body).toBe(200);
    const longer = res.json<Booking>();
    expect(longer.breakdown).toMatchObject({ charging: 2000, charging_hours: 4 });
    expect(minor(longer.amount)).toBe(minor(plainLonger.price.amount) + 4 * PER_HOUR);
    const due = minor(longer.amount) - minor(b.amount);
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(before - due);
    const [, extension] = await receiptsOf(u, b.booking_code);
    expect(extension!.kind).toBe("extension");
    expect(chargerLine(extension!)).toMatchObject({ amount: 1000 });
    expect(minor(extension!.total)).toBe(due);
    expect(quoted.json()).toMatchObject({
      amount_due: due / 100,
      price: { amount: longer.amount, breakdown: { charging: 2000, charging_hours: 4 } },
    });
  });

  it("a cancellation gives back the policy's share of the charging with the parking, keeps the fees; a renewal charges it again", async () => {
    const park = parks[3]!;
    const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: PER_HOUR });
    const u = await fundedUser(db);
    // Within the hour before the start: the policy gives back 50% of the parking (and charging).
    const start = at(40 * MINUTE);
    const b = (
      await book(ctx.app, u, { park_id: park, start, end: at(40 * MINUTE + 2 * HOUR), charger_id: charger })
    ).json<Booking>();
    expect(b.breakdown.charging).toBe(1000);
    const shown = await view(u, b.booking_code);
    expect(shown.cancellation.refund_percent).toBe(50);
    expect(shown.cancellation.refund.charging).toBe(500);
    expect(shown.cancellation.kept.charging).toBe(500);
    const before = await walletBalanceMinor(db, u.id, "NGN");
    const cancelled = await setStatus(ctx.app, u, b.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Nigeria's VAT is on the fees alone, which are kept: half of the parking and the charging.
    const refunded = Math.trunc((minor(b.breakdown.parking) + 2 * PER_HOUR) / 2);
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(before + refunded);
    const after = await view(u, b.booking_code);
    expect(after.cancellation.refund).toMatchObject({ charging: 500, service_fee: 0, booking_fee: 0 });
    const [, note] = await receiptsOf(u, b.booking_code);
    expect(note!.kind).toBe("credit_note");
    expect(chargerLine(note!)).toMatchObject({ subject: "CCS2 · 50 kW", amount: -500 });
    expect(note!.lines.map((l) => l.kind)).toEqual(["parking", "charger"]);
    const [, frNote] = await receiptsOf(u, b.booking_code, "fr");
    expect(chargerLine(frNote!)).toMatchObject({ label: "Borne de recharge", amount: -500 });

    const renewed = await setStatus(ctx.app, u, b.id, "active");
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(await walletBalanceMinor(db, u.id, "NGN")).toBe(before);
    const [, , renewal] = await receiptsOf(u, b.booking_code);
    expect(renewal!.kind).toBe("renewal");
    expect(chargerLine(renewal!)).toMatchObject({ amount: 500 });
  });

  it("a hold that pays the difference holds the price with the charging; paid, the booking has it", async () => {
    const park = parks[5]!;
    const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: PER_HOUR });
    const u = await fundedUser(db, 0);
    const start = at(3 * HOUR);
    const end = at(5 * HOUR);
    const priced = (await availability(park, start, end, charger)).json<Availability>().price;
    const held = await holdWindow(ctx.app, u, park, start, end, { charger_id: charger });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json<{ total: number }>().total).toBe(priced.amount);
    const paid = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/wallet/verify-payment",
      headers: bearer(u),
      query: { payment_reference: held.json().payment.reference, payment_provider: "demo" },
    });
    expect(paid.json().data.booking).toMatchObject({ status: "booked" });
    const b = await view(u, held.json<{ booking_code: string }>().booking_code);
    expect(b.breakdown).toMatchObject({ charging: 1000, charging_hours: 2 });
    expect(b.paid).toBe(priced.amount);
  });

  it("counts the charging in the ledger's booking charge, in one transaction with the parking", async () => {
    const park = parks[4]!;
    const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: PER_HOUR });
    const u = await fundedUser(db);
    const b = (
      await book(ctx.app, u, { park_id: park, start: at(3 * HOUR), end: at(4 * HOUR), charger_id: charger })
    ).json<Booking>();
    const rows = await queryRows<{ amount: string; n: number }>(
      db,
      sql`SELECT sum(e.amount_minor) FILTER (WHERE e.amount_minor > 0)::text AS amount, count(DISTINCT t.id)::int AS n
        FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
        WHERE t.idempotency_key = ${`booking:${b.id}:1`}`,
    );
    expect(rows[0]).toEqual({ amount: String(minor(b.amount)), n: 1 });
    expect(minor(b.amount)).toBe(
      minor(b.breakdown.parking) +
        minor(b.breakdown.service_fee) +
        minor(b.breakdown.booking_fee) +
        minor(b.breakdown.tax) +
        PER_HOUR,
    );
  });
});
