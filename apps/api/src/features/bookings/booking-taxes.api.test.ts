import type { Availability, Booking, EventDetail, EventPage, Receipt } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { createEvent } from "../../test/events";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { numberReceipts } from "../receipts/receipts.service";
import { servedCountries } from "../reference/served-countries";
import { addChargers, allDayParks, at, book, fundedUser, HOUR } from "./bookings.test-kit";

/**
 * Taxes by place (decision 047): a Canadian park is taxed by its province's rows (Québec: GST and
 * QST; Ontario: HST), a park with no state by the country's (GST), each named on the quote, the
 * booking and its receipt, in English and French.
 */
let ctx: TestContext;
let db: Db;
let quebec: number;
let ontario: number;
let noState: number;
let illinois: number;

const stateId = async (code: string, countryId = 2) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM states WHERE country_id = ${countryId} AND code = ${code}`,
    )
  )[0]!.id;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const ids = await allDayParks(db, 3, { countryId: 2 });
  [quebec, ontario, noState] = [ids[0]!, ids[1]!, ids[2]!];
  await db.execute(sql`UPDATE parks SET state_id = ${await stateId("QC")} WHERE id = ${quebec!}`);
  await db.execute(sql`UPDATE parks SET state_id = ${await stateId("ON")} WHERE id = ${ontario!}`);
  await db.execute(sql`UPDATE parks SET state_id = NULL WHERE id = ${noState!}`);
  illinois = await allDayParks(db, 1, { countryId: 4 }).then(([id]) => id!);
  await db.execute(
    sql`UPDATE parks SET state_id = ${await stateId("IL", 4)}, tax_district_id = NULL WHERE id = ${illinois}`,
  );
  servedCountries(db).invalidate();
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const get = (path: string, user?: TestUser, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/v1${path}`,
    headers: { ...(user ? bearer(user) : {}), ...headers },
  });

/** A two-hour booking at `parkId` by a driver with Canadian dollars, and its receipt once numbered. */
async function bookAt(parkId: number, currency = "CAD") {
  const driver = await fundedUser(db, 500_00, currency);
  const start = at(2 * HOUR);
  const end = at(4 * HOUR);
  const quote = await get(
    `/front/parks/${parkId}/availability?vehicle_type_id=1&start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
  );
  expect(quote.statusCode, quote.body).toBe(200);
  const res = await book(ctx.app, driver, { park_id: parkId, start, end });
  expect(res.statusCode, res.body).toBe(201);
  const b = res.json<Booking>();
  await numberReceipts(db);
  const [row] = await queryRows<{ number: string }>(
    db,
    sql`SELECT number FROM receipts WHERE reference = ${b.booking_code}`,
  );
  return { driver, quote: quote.json<Availability>(), b, number: row!.number };
}

const sum = (xs: { amount: number }[]) => Math.round(xs.reduce((s, x) => s + x.amount * 100, 0)) / 100;

describe("taxes by province", () => {
  it("charges a Québec park's fees GST and QST, each named on the quote, the booking and the receipt", async () => {
    const { driver, quote, b, number } = await bookAt(quebec);
    const fee = b.breakdown.service_fee + b.breakdown.booking_fee;
    expect(fee).toBeGreaterThan(0);
    const expected = [
      { name: "GST", rate_percent: 5, amount: Math.round(fee * 5) / 100 },
      { name: "QST", rate_percent: 9.975, amount: Math.round(fee * 9.975) / 100 },
    ];
    expect(quote.price.breakdown.taxes).toEqual(expected);
    expect(b.breakdown.taxes).toEqual(expected);
    expect(b.breakdown.tax).toBe(sum(expected));
    expect(quote.price.breakdown.tax).toBe(sum(expected));
    const en = (await get(`/receipts/${number}`, driver)).json<Receipt>();
    expect(en.taxes).toEqual([
      { name: "GST", rate: 5, base: fee, amount: expected[0]!.amount },
      { name: "QST", rate: 9.975, base: fee, amount: expected[1]!.amount },
    ]);
    expect(en.tax_total).toBe(sum(expected));
    expect(en.total).toBe(b.amount);
    // A tax invoice for Québec names the seller's GST/HST and QST registrations, in French too.
    expect(en.seller.tax_id).toBe("GST/HST 812345678 RT0001 · QST 1234567890 TQ0001");
    const fr = (await get(`/receipts/${number}`, driver, { "accept-language": "fr-CA" })).json<Receipt>();
    expect(fr.taxes.map((t) => t.name)).toEqual(["TPS", "TVQ"]);
    expect(fr.seller.tax_id).toBe("TPS/TVH 812345678 RT0001 · TVQ 1234567890 TQ0001");
  });

  it("charges an Ontario park's fees HST 13%, in one line (TVH in French)", async () => {
    const { driver, b, number } = await bookAt(ontario);
    const fee = b.breakdown.service_fee + b.breakdown.booking_fee;
    expect(b.breakdown.taxes).toEqual([
      { name: "HST", rate_percent: 13, amount: Math.round(fee * 13) / 100 },
    ]);
    const fr = (await get(`/receipts/${number}`, driver, { "accept-language": "fr" })).json<Receipt>();
    expect(fr.taxes).toMatchObject([{ name: "TVH", rate: 13, base: fee }]);
  });

  it("charges a park with no province the country's GST", async () => {
    const { b } = await bookAt(noState);
    const fee = b.breakdown.service_fee + b.breakdown.booking_fee;
    expect(b.breakdown.taxes).toEqual([{ name: "GST", rate_percent: 5, amount: Math.round(fee * 5) / 100 }]);
    expect(b.breakdown.tax_name).toBe("GST");
  });

  it("charges an Illinois park's parking its parking excise tax (6%), not Parkwell's fees", async () => {
    const { driver, b, number } = await bookAt(illinois, "USD");
    const tax = Math.round(b.breakdown.parking * 6) / 100;
    expect(b.breakdown.taxes).toEqual([{ name: "Parking excise tax", rate_percent: 6, amount: tax }]);
    expect(b.breakdown.tax).toBe(tax);
    const fr = (await get(`/receipts/${number}`, driver, { "accept-language": "fr" })).json<Receipt>();
    expect(fr.taxes).toEqual([
      { name: "Taxe d'accise sur le stationnement", rate: 6, base: b.breakdown.parking, amount: tax },
    ]);
  });

  it("taxes no EV charging sold with a booking: neither the parking's excise tax nor the fees' (decision 048)", async () => {
    // Illinois taxes the parking (6%); Québec's GST and QST are Parkwell's fees'. Charging is neither.
    for (const [park, currency] of [
      [illinois, "USD"],
      [quebec, "CAD"],
    ] as const) {
      const charger = await addChargers(db, park, { priceUnit: "hour", priceMinor: 4_00 });
      const driver = await fundedUser(db, 500_00, currency);
      const start = at(2 * HOUR);
      const end = at(4 * HOUR);
      const plain = await book(ctx.app, driver, { park_id: park, start, end });
      const res = await book(ctx.app, driver, {
        park_id: park,
        start: at(6 * HOUR),
        end: at(8 * HOUR),
        charger_id: charger,
      });
      expect(res.statusCode, res.body).toBe(201);
      const b = res.json<Booking>();
      const p = plain.json<Booking>();
      expect(b.breakdown.charging).toBe(8);
      expect(b.breakdown.taxes).toEqual(p.breakdown.taxes);
      expect(Math.round(b.amount * 100)).toBe(Math.round(p.amount * 100) + 8_00);
      await numberReceipts(db);
      const [row] = await queryRows<{ number: string }>(
        db,
        sql`SELECT number FROM receipts WHERE reference = ${b.booking_code}`,
      );
      const receipt = (await get(`/receipts/${row!.number}`, driver)).json<Receipt>();
      const bases = receipt.taxes.map((t) => t.base);
      expect(bases).not.toContain(b.breakdown.parking + 8);
      expect(receipt.lines.find((l) => l.kind === "charger")?.amount).toBe(8);
    }
  });

  it("prices an event at a Québec park with GST and QST, on its page and as the list's from price", async () => {
    const ev = await createEvent(db, {
      name: "Numbat Québec Derby",
      countryId: 2,
      city: "Montréal",
      timeZone: "America/Toronto",
      start: at(10 * 24 * HOUR),
      end: at(10 * 24 * HOUR + 3 * HOUR),
      parks: [{ parkId: quebec, offers: [{ priceMinor: 2_000, allocation: 3 }] }],
    });
    const detail = (await get(`/events/${ev.code}`)).json<EventDetail>();
    const { price } = detail.parks[0]!.prices[0]!;
    const fee = price.breakdown.service_fee + price.breakdown.booking_fee;
    expect(price.breakdown.taxes).toEqual([
      { name: "GST", rate_percent: 5, amount: Math.round(fee * 5) / 100 },
      { name: "QST", rate_percent: 9.975, amount: Math.round(fee * 9.975) / 100 },
    ]);
    const list = (await get("/events?search=numbat")).json<EventPage>();
    // The list prices each offer with its park's state too (events.repo's offers_left).
    expect(list.items.map((e) => e.price_from)).toEqual([{ amount: price.amount, currency: "CAD" }]);
  });
});
