import type { Booking, CheckoutResult, Receipt, ReceiptSummary } from "@parkwell/contract";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import type { StoredBreakdown } from "../../db/schema/bookings";
import type { ReceiptLineRecord, ReceiptTaxRecord } from "../../lib/receipt-records";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { numberReceipts } from "../receipts/receipts.service";
import { walletBalanceMinor } from "../wallet/ledger.service";
import {
  addChargers,
  allDayPark,
  allDayParks,
  at,
  book,
  bookingMovedTo,
  extend,
  fundedUser,
  HOUR,
  setCapacity,
  setStatus,
} from "./bookings.test-kit";
import { bookEvent } from "./event-bookings.test-kit";
import { cancelEventBookings, queueEventCancellation } from "./event-cancellation.service";

const SECRET = "booking-receipts-test-secret";
let ctx: TestContext;
let db: Db;
let dataDir: string;
/** A Nigerian park open all day (Harbourview's, so its attendant can check cars out). */
let park: number;
let parkName: string;
let attendant: TestUser;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-booking-receipts-"));
  ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview });
  await setCapacity(db, park, 1, 100);
  parkName = (await queryRows<{ name: string }>(db, sql`SELECT name FROM parks WHERE id = ${park}`))[0]!.name;
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

interface ReceiptRead {
  id: number;
  kind: string;
  ledger_key: string;
  reverses_id: number | null;
  park_id: number | null;
  time_zone: string;
  currency: string;
  lines: ReceiptLineRecord[];
  taxes: ReceiptTaxRecord[];
  total_minor: number;
}

/** A booking's receipts and credit notes, in order of issue. */
async function receiptsOf(reference: string): Promise<ReceiptRead[]> {
  const rows = await queryRows<ReceiptRead>(
    db,
    sql`SELECT id, kind, ledger_key, reverses_id, park_id, time_zone, currency, lines, taxes, total_minor
        FROM receipts WHERE reference = ${reference} ORDER BY id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    reverses_id: r.reverses_id === null ? null : Number(r.reverses_id),
    total_minor: Number(r.total_minor),
  }));
}

async function breakdownOf(id: string): Promise<StoredBreakdown> {
  return (
    await queryRows<{ breakdown: StoredBreakdown }>(db, sql`SELECT breakdown FROM bookings WHERE id = ${id}`)
  )[0]!.breakdown;
}

const balance = (user: TestUser) => walletBalanceMinor(db, user.id, "NGN");

async function newBooking(user: TestUser, start: Date, end: Date, plate = "LAG 123 AB") {
  const res = await book(ctx.app, user, { park_id: park, start, end, plate_number: plate });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** A PDF's text, one string per line as drawn (items on the same baseline, left to right), no-break spaces plain. */
async function pdfLines(bytes: Buffer): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of (await (await pdf.getPage(p)).getTextContent()).items) {
      if (!("str" in item) || item.str === "") continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    for (const y of [...rows.keys()].sort((a, b) => b - a)) {
      const row = rows.get(y)!.sort((a, b) => a.x - b.x);
      lines.push(
        row
          .map((i) => i.s)
          .join(" ")
          .replace(/[\u00a0\u202f]/g, " "),
      );
    }
  }
  await pdf.destroy();
  return lines;
}

/** The parking line a receipt gives a car's window at the park. */
const parkingLine = (amountMinor: number, from: Date, to: Date, plate: string) => ({
  kind: "parking",
  amountMinor,
  subject: parkName,
  from: from.toISOString(),
  to: to.toISOString(),
  detail: `${plate} · Car`,
});

describe("a booking's receipts", () => {
  it("receipts a Nigerian booking: parking, service fee, booking fee and 7.5% VAT on the fees, the ledger charge in total", async () => {
    const user = await fundedUser(db);
    const before = await balance(user);
    const start = at(2 * HOUR);
    const end = at(5 * HOUR);
    const b = await newBooking(user, start, end);
    const charged = before - (await balance(user));
    const price = await breakdownOf(b.id);
    const [receipt, ...more] = await receiptsOf(b.booking_code);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      kind: "booking",
      ledger_key: `booking:${b.id}:1`,
      park_id: park,
      time_zone: "Africa/Lagos",
      currency: "NGN",
      total_minor: charged,
    });
    expect(receipt!.lines).toEqual([
      parkingLine(price.parkingMinor, start, end, "LAG123AB"),
      { kind: "service_fee", amountMinor: price.serviceFeeMinor },
      { kind: "booking_fee", amountMinor: price.bookingFeeMinor },
    ]);
    const fees = price.serviceFeeMinor + price.bookingFeeMinor;
    expect(receipt!.taxes).toEqual([
      { name: "VAT", rateBps: 750, baseMinor: fees, amountMinor: Math.round((fees * 750) / 10_000) },
    ]);
    expect(price.taxMinor).toBe(receipt!.taxes[0]!.amountMinor);
    expect(price.serviceFeeMinor).toBeGreaterThan(0);
  });

  it("leaves no receipt for a booking refused after its receipt was written: the park full, the wallet short", async () => {
    // The receipt is written before book_space takes the capacity lock: each refusal rolls it back.
    const other = (await allDayParks(db, 2)).find((id) => id !== park)!;
    await setCapacity(db, other, 1, 1);
    const start = at(30 * HOUR);
    const end = at(32 * HOUR);
    const first = await fundedUser(db);
    expect((await book(ctx.app, first, { park_id: other, start, end })).statusCode).toBe(201);
    const late = await fundedUser(db);
    const full = await book(ctx.app, late, { park_id: other, start, end });
    expect(full.statusCode, full.body).toBe(409);
    const poor = await fundedUser(db, 1);
    const short = await book(ctx.app, poor, { park_id: park, start, end });
    expect(short.statusCode, short.body).toBe(402);
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM receipts
          WHERE user_id IN (${late.id}::uuid, ${poor.id}::uuid) AND kind <> 'topup'`,
    );
    expect(left[0]!.n).toBe(0);
    const purchases = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM purchases WHERE user_id IN (${late.id}::uuid, ${poor.id}::uuid)`,
    );
    expect(purchases[0]!.n).toBe(0);
  });

  it("receipts an extension with the difference of the prices, summing to what it charged", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(4 * HOUR), "LAG 200 XY");
    const old = await breakdownOf(b.id);
    const before = await balance(user);
    const newEnd = at(7 * HOUR);
    const res = await extend(ctx.app, user, b, newEnd);
    expect(res.statusCode, res.body).toBe(200);
    const charged = before - (await balance(user));
    const now = await breakdownOf(b.id);
    const receipts = await receiptsOf(b.booking_code);
    expect(receipts.map((r) => r.kind)).toEqual(["booking", "extension"]);
    const ext = receipts[1]!;
    expect(ext.ledger_key).toBe(`booking:${b.id}:2`);
    expect(ext.total_minor).toBe(charged);
    expect(charged).toBe(now.totalMinor - old.totalMinor);
    expect(ext.lines[0]).toEqual(
      parkingLine(now.parkingMinor - old.parkingMinor, new Date(b.end_time), newEnd, "LAG200XY"),
    );
    const lineSum = ext.lines.reduce((s, l) => s + l.amountMinor, 0);
    const taxSum = ext.taxes.reduce((s, t) => s + t.amountMinor, 0);
    expect(taxSum).toBe(now.taxMinor - old.taxMinor);
    expect(lineSum + taxSum).toBe(charged);
  });

  it("receipts what an extension charged when an earlier one cost nothing, the park's price having come down", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(2 * HOUR), at(6 * HOUR), "LAG 400 PD");
    const rate = sql`park_id = ${park} AND vehicle_type_id = 1 AND kind = 'standard'`;
    const [was] = await queryRows<{ hourly: string; daily: string }>(
      db,
      sql`SELECT hourly_minor::text AS hourly, daily_max_minor::text AS daily FROM park_rates WHERE ${rate}`,
    );
    try {
      // At a third of the rate, five hours cost less than the four paid: the extension is free.
      await db.execute(
        sql`UPDATE park_rates SET hourly_minor = hourly_minor / 3, daily_max_minor = daily_max_minor / 3 WHERE ${rate}`,
      );
      const free = await extend(ctx.app, user, b, at(7 * HOUR));
      expect(free.statusCode, free.body).toBe(200);
      expect((await receiptsOf(b.booking_code)).map((r) => r.kind)).toEqual(["booking"]);
      await db.execute(
        sql`UPDATE park_rates SET hourly_minor = ${Number(was!.hourly)}, daily_max_minor = ${Number(was!.daily)} WHERE ${rate}`,
      );
      const before = await balance(user);
      const paid = await extend(ctx.app, user, free.json<Booking>(), at(9 * HOUR));
      expect(paid.statusCode, paid.body).toBe(200);
      const charged = before - (await balance(user));
      const [first, ext] = await receiptsOf(b.booking_code);
      expect(ext).toMatchObject({ kind: "extension", ledger_key: `booking:${b.id}:3`, total_minor: charged });
      // Line by line, the two receipts add up to the price of the whole window now.
      const now = await breakdownOf(b.id);
      const sumOf = (kind: string) =>
        [first!, ext!].flatMap((r) => r.lines).reduce((s, l) => s + (l.kind === kind ? l.amountMinor : 0), 0);
      expect(sumOf("parking")).toBe(now.parkingMinor);
      expect(sumOf("booking_fee")).toBe(now.bookingFeeMinor);
      expect(first!.taxes[0]!.amountMinor + ext!.taxes[0]!.amountMinor).toBe(now.taxMinor);
    } finally {
      await db.execute(
        sql`UPDATE park_rates SET hourly_minor = ${Number(was!.hourly)}, daily_max_minor = ${Number(was!.daily)} WHERE ${rate}`,
      );
    }
  });

  it("gives a cancellation a credit note of minus the refund against the booking's receipt, and receipts the renewal", async () => {
    const user = await fundedUser(db);
    const b = await newBooking(user, at(3 * HOUR), at(5 * HOUR), "LAG 300 CN");
    const paid = await balance(user);
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    const refund = (await balance(user)) - paid;
    expect(refund).toBe((await breakdownOf(b.id)).parkingMinor);
    const [receipt, note] = await receiptsOf(b.booking_code);
    expect(note).toMatchObject({
      kind: "credit_note",
      ledger_key: `booking:${b.id}:2`,
      reverses_id: receipt!.id,
      total_minor: -refund,
      taxes: [],
    });
    expect(note!.lines).toEqual([expect.objectContaining({ kind: "parking", amountMinor: -refund })]);

    expect((await setStatus(ctx.app, user, b.id, "active")).statusCode).toBe(200);
    const renewal = (await receiptsOf(b.booking_code))[2]!;
    expect(renewal).toMatchObject({ kind: "renewal", ledger_key: `booking:${b.id}:3`, total_minor: refund });
    expect(renewal.lines).toEqual([expect.objectContaining({ kind: "parking", amountMinor: refund })]);
    expect(renewal.taxes).toEqual([]);
  });

  it("names the EV charger held as a line without an amount (booking, extension, renewal; not a credit note), in English and French", async () => {
    const charger = await addChargers(db, park, { count: 2, connector: "type2", powerKw: 7.4 });
    const user = await fundedUser(db);
    const before = await balance(user);
    const res = await book(ctx.app, user, {
      park_id: park,
      start: at(3 * HOUR),
      end: at(5 * HOUR),
      plate_number: "LAG 400 EV",
      charger_id: charger,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const held = { kind: "charger", amountMinor: 0, charger: { connector: "type2", powerKw: 7.4 } };
    const [receipt] = await receiptsOf(b.booking_code);
    expect(receipt!.lines.map((l) => l.kind)).toEqual(["parking", "service_fee", "booking_fee", "charger"]);
    expect(receipt!.lines.at(-1)).toEqual(held);
    // The charging is not sold: the receipt's total is what the wallet paid, the window's price.
    expect(receipt!.total_minor).toBe(before - (await balance(user)));

    const get = (url: string, lang: string) =>
      ctx.app.inject({ url: `/api/v1${url}`, headers: { ...bearer(user), "accept-language": lang } });
    const [summary] = (await get(`/receipts?reference=${b.booking_code}`, "en")).json<{
      items: ReceiptSummary[];
    }>().items;
    const lineOf = async (lang: string) =>
      (await get(`/receipts/${summary!.number}`, lang))
        .json<Receipt>()
        .lines.find((l) => l.kind === "charger");
    expect(await lineOf("en")).toEqual({
      kind: "charger",
      label: "EV charger",
      subject: "Type 2 · 7.4 kW",
      from: null,
      to: null,
      quantity: null,
      detail: "Charging is paid at the charger",
      amount: null,
    });
    expect(await lineOf("fr")).toMatchObject({
      label: "Borne de recharge",
      subject: "Type 2 · 7,4\u00a0kW",
      detail: "La recharge se paie à la borne",
      amount: null,
    });
    for (const [lang, title, detail] of [
      ["en", "EV charger: Type 2 · 7.4 kW", "Charging is paid at the charger"],
      ["fr", "Borne de recharge : Type 2 · 7,4 kW", "La recharge se paie à la borne"],
    ] as const) {
      const pdf = await get(`/receipts/${summary!.number}.pdf`, lang);
      expect(pdf.statusCode).toBe(200);
      const lines = await pdfLines(pdf.rawPayload);
      // The line alone on its baseline: no amount beside it, unlike the parking line.
      expect(lines).toContain(title);
      expect(lines).toContain(detail);
      expect(lines.find((l) => l.startsWith(lang === "en" ? "Parking: " : "Stationnement : "))).toMatch(/₦/);
    }

    // An extension's receipt names it too; a cancellation's credit note does not; the renewal's does.
    expect((await extend(ctx.app, user, b, at(6 * HOUR))).statusCode).toBe(200);
    expect((await receiptsOf(b.booking_code))[1]!.lines.at(-1)).toEqual(held);
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    const note = (await receiptsOf(b.booking_code))[2]!;
    expect(note.kind).toBe("credit_note");
    expect(note.lines.map((l) => l.kind)).toEqual(["parking"]);
    expect((await setStatus(ctx.app, user, b.id, "active")).statusCode).toBe(200);
    const renewal = (await receiptsOf(b.booking_code))[3]!;
    expect(renewal.kind).toBe("renewal");
    expect(renewal.lines).toEqual([expect.objectContaining({ kind: "parking" }), held]);

    // A booking without a charger has no such line.
    const plain = await newBooking(user, at(8 * HOUR), at(9 * HOUR), "LAG 401 EV");
    expect((await receiptsOf(plain.booking_code))[0]!.lines.map((l) => l.kind)).not.toContain("charger");
  });

  it("prints the charging of a charger priced per hour on its line, with its amount, on the page and the PDF (EN, FR)", async () => {
    const charger = await addChargers(db, park, {
      count: 2,
      connector: "j1772",
      powerKw: 7.2,
      priceUnit: "hour",
      priceMinor: 400_00,
    });
    const user = await fundedUser(db);
    const before = await balance(user);
    const res = await book(ctx.app, user, {
      park_id: park,
      start: at(30 * HOUR),
      end: at(31.5 * HOUR),
      plate_number: "LAG 402 EV",
      charger_id: charger,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const [receipt] = await receiptsOf(b.booking_code);
    // Two started hours at ₦400, the receipt's last line; its total is what the wallet paid.
    expect(receipt!.lines.at(-1)).toEqual({
      kind: "charger",
      amountMinor: 800_00,
      charger: { connector: "j1772", powerKw: 7.2, sold: true },
    });
    expect(receipt!.total_minor).toBe(before - (await balance(user)));
    const get = (url: string, lang: string) =>
      ctx.app.inject({ url: `/api/v1${url}`, headers: { ...bearer(user), "accept-language": lang } });
    const [summary] = (await get(`/receipts?reference=${b.booking_code}`, "en")).json<{
      items: ReceiptSummary[];
    }>().items;
    for (const [lang, title, detail] of [
      ["en", "EV charger: J1772 · 7.2 kW ₦800", "Charging by the hour, paid with the booking"],
      ["fr", "Borne de recharge : J1772 · 7,2 kW 800 ₦", "Recharge à l'heure, payée avec la réservation"],
    ] as const) {
      const line = (await get(`/receipts/${summary!.number}`, lang))
        .json<Receipt>()
        .lines.find((l) => l.kind === "charger");
      expect(line).toMatchObject({ detail, amount: 800 });
      const pdf = await get(`/receipts/${summary!.number}.pdf`, lang);
      expect(pdf.statusCode).toBe(200);
      const lines = (await pdfLines(pdf.rawPayload)).map((l) => l.replace(/\u00a0|\u202f/g, " "));
      expect(lines).toContain(title);
      expect(lines).toContain(detail);
    }
  });

  it("reverses everything of an event booking, fees and VAT included, when the organiser cancels", async () => {
    const ev = await createEvent(db, {
      start: at(50 * HOUR),
      end: at(53 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 5 }] }],
    });
    const user = await fundedUser(db);
    const before = await balance(user);
    const res = await bookEvent(ctx.app, user, { event_code: ev.code, park_id: park, plate_number: "EVT 1" });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const paid = before - (await balance(user));
    await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE events SET status = 'cancelled', cancelled_at = now() WHERE id = ${ev.id}`);
      await queueEventCancellation(ctx.app.jobs, tx, ev.id);
    });
    await cancelEventBookings({ db, clock: () => new Date(), jobs: ctx.app.jobs }, ev.id);
    expect(await balance(user)).toBe(before);
    const [receipt, note] = await receiptsOf(b.booking_code);
    expect(receipt).toMatchObject({ kind: "event_booking", total_minor: paid });
    expect(receipt!.taxes).toHaveLength(1);
    expect(note).toMatchObject({ kind: "credit_note", reverses_id: receipt!.id, total_minor: -paid });
    expect(note!.lines).toEqual(receipt!.lines.map((l) => ({ ...l, amountMinor: -l.amountMinor })));
    expect(note!.taxes).toEqual(
      receipt!.taxes.map((t) => ({ ...t, baseMinor: -t.baseMinor, amountMinor: -t.amountMinor })),
    );
  });

  it("receipts an overstay charged at the gate: the park's rate for the time past the end, no fees", async () => {
    const { driver, b } = await bookingMovedTo(ctx.app, db, park, -180, -100);
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${b.id}`,
    );
    const before = await balance(driver);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkouts",
      headers: bearer(attendant),
      payload: { code: b.booking_code, park_id: park },
    });
    expect(res.statusCode, res.body).toBe(200);
    const out = res.json<CheckoutResult>();
    const charged = before - (await balance(driver));
    expect(charged).toBeGreaterThan(0);
    const overstay = (await receiptsOf(b.booking_code)).find((r) => r.kind === "overstay")!;
    const [{ plate } = { plate: null }] = await queryRows<{ plate: string | null }>(
      db,
      sql`SELECT plate_number AS plate FROM bookings WHERE id = ${b.id}`,
    );
    expect(overstay.total_minor).toBe(charged);
    expect(overstay.taxes).toEqual([]);
    expect(overstay.lines).toEqual([
      {
        kind: "overstay",
        amountMinor: charged,
        subject: parkName,
        from: b.end_time,
        to: out.exit_time,
        detail: [plate, "Car"].filter(Boolean).join(" · "),
      },
    ]);
  });

  it("numbers the receipts gap-free per country and year once numbered", async () => {
    await numberReceipts(db);
    const rows = await queryRows<{ year: number; sequence: number; number: string }>(
      db,
      sql`SELECT year, sequence, number FROM receipts WHERE country_id = 1 ORDER BY year, sequence`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const year of new Set(rows.map((r) => r.year))) {
      const seqs = rows.filter((r) => r.year === year).map((r) => Number(r.sequence));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    }
    expect(rows.every((r) => /^NG-\d{4}-\d{6}$/.test(r.number))).toBe(true);
  });
});
