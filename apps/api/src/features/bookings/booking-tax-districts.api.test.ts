import type {
  AdminPark,
  Availability,
  Booking,
  PassPurchase,
  PlanQuote,
  Receipt,
  ReceiptSummary,
  TaxDistrict,
} from "@parkwell/contract";
import { addDays, dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { numberReceipts } from "../receipts/receipts.service";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { at, book, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

/**
 * Tax districts (decision 049): a park in New York City carries the city's parking tax on the
 * parking (18.375% in Manhattan, 10.375% in the other boroughs), a Metro Vancouver park TransLink's
 * 24% beside its province's GST; a park without a district is taxed as its state. Named on the
 * quote, the booking, a pass and the receipt, in English and French; the back office sets a park's
 * district among its state's.
 */
let ctx: TestContext;
let db: Db;
let admin: TestUser;
let manhattan: number;
let borough: number;
let noDistrict: number;
let vancouver: number;

const districtId = async (code: string) =>
  (await queryRows<{ id: number }>(db, sql`SELECT id FROM tax_districts WHERE code = ${code}`))[0]!.id;
const stateId = async (countryId: number, code: string) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM states WHERE country_id = ${countryId} AND code = ${code}`,
    )
  )[0]!.id;
/** Seeded parks open all day with a car rate, in the district `code` (null: New York's without one). */
const parksIn = async (code: string) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
        JOIN tax_districts d ON d.id = p.tax_district_id
        WHERE d.code = ${code} AND p.open_24h AND p.status = 'active' ORDER BY p.id`,
    )
  ).map((r) => r.id);

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  admin = await createStaff(db, "admin");
  const inManhattan = await parksIn("US-NY-NYC-MN");
  expect(inManhattan.length).toBeGreaterThanOrEqual(3);
  [manhattan, noDistrict] = [inManhattan[0]!, inManhattan[1]!];
  // A New York park the back office has taken out of the city's district: its state's taxes only.
  await db.execute(sql`UPDATE parks SET tax_district_id = NULL WHERE id = ${noDistrict}`);
  borough = (await parksIn("US-NY-NYC"))[0]!;
  vancouver = (await parksIn("CA-BC-TRANSLINK"))[0]!;
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const call = (user: TestUser | null, method: "GET" | "POST" | "PATCH", url: string, o: object = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(user ? bearer(user) : {}), ...((o as { headers?: object }).headers ?? {}) },
    ...((o as { payload?: object }).payload ? { payload: (o as { payload: object }).payload } : {}),
  });

/** A two-hour quote and booking at `parkId` starting in `startIn`, and its receipt once numbered. */
async function bookAt(parkId: number, currency: string, startIn = 2 * HOUR) {
  const driver = await fundedUser(db, 2_000_00, currency);
  const start = at(startIn);
  const end = at(startIn + 2 * HOUR);
  const quote = await call(
    null,
    "GET",
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

/** `rate` percent of `amount` (major units, two decimals), rounded half up as the pricing core does. */
const pct = (amount: number, rate: number) => Math.round(amount * rate) / 100;

describe("taxes of a tax district", () => {
  it("charge a Manhattan park's parking New York City's parking tax, 18.375%, on the quote, the booking and the receipt", async () => {
    const { driver, quote, b, number } = await bookAt(manhattan, "USD");
    const tax = pct(b.breakdown.parking, 18.375);
    expect(tax).toBeGreaterThan(0);
    const expected = [{ name: "NYC parking tax", rate_percent: 18.375, amount: tax }];
    expect(quote.price.breakdown.taxes).toEqual(expected);
    expect(b.breakdown.taxes).toEqual(expected);
    expect(b.breakdown.tax).toBe(tax);
    expect(b.amount).toBe(
      Math.round((b.breakdown.parking + b.breakdown.service_fee + b.breakdown.booking_fee + tax) * 100) / 100,
    );
    const en = (await call(driver, "GET", `/receipts/${number}`)).json<Receipt>();
    expect(en.taxes).toEqual([
      { name: "NYC parking tax", rate: 18.375, base: b.breakdown.parking, amount: tax },
    ]);
    expect(en.total).toBe(b.amount);
    const fr = (
      await call(driver, "GET", `/receipts/${number}`, { headers: { "accept-language": "fr" } })
    ).json<Receipt>();
    expect(fr.taxes).toEqual([
      { name: "Taxe de stationnement de New York", rate: 18.375, base: b.breakdown.parking, amount: tax },
    ]);
  });

  it("charge the other boroughs' parks 10.375%, and a New York park without a district nothing", async () => {
    const { b } = await bookAt(borough, "USD");
    expect(b.breakdown.taxes).toEqual([
      { name: "NYC parking tax", rate_percent: 10.375, amount: pct(b.breakdown.parking, 10.375) },
    ]);
    const none = await bookAt(noDistrict, "USD");
    expect(none.b.breakdown.taxes).toEqual([]);
    expect(none.b.breakdown.tax).toBe(0);
    expect(none.quote.price.breakdown.taxes).toEqual([]);
  });

  it("add TransLink's 24% on a Metro Vancouver park's parking to British Columbia's GST on the fees (TPS in French)", async () => {
    const { driver, b, number } = await bookAt(vancouver, "CAD");
    const fees = b.breakdown.service_fee + b.breakdown.booking_fee;
    expect(b.breakdown.taxes).toEqual([
      { name: "GST", rate_percent: 5, amount: pct(fees, 5) },
      { name: "TransLink parking tax", rate_percent: 24, amount: pct(b.breakdown.parking, 24) },
    ]);
    const fr = (
      await call(driver, "GET", `/receipts/${number}`, { headers: { "accept-language": "fr-CA" } })
    ).json<Receipt>();
    expect(fr.taxes.map((t) => [t.name, t.rate])).toEqual([
      ["TPS", 5],
      ["Taxe de stationnement TransLink", 24],
    ]);
  });

  it("charge a City of Los Angeles park's parking its 10% parking occupancy tax, named in French on the receipt", async () => {
    const la = (await parksIn("US-CA-LA"))[0]!;
    const { driver, quote, b, number } = await bookAt(la, "USD");
    const expected = [
      { name: "Parking occupancy tax", rate_percent: 10, amount: pct(b.breakdown.parking, 10) },
    ];
    expect(quote.price.breakdown.taxes).toEqual(expected);
    expect(b.breakdown.taxes).toEqual(expected);
    const fr = (
      await call(driver, "GET", `/receipts/${number}`, { headers: { "accept-language": "fr" } })
    ).json<Receipt>();
    expect(fr.taxes).toEqual([
      {
        name: "Taxe d'occupation de stationnement",
        rate: 10,
        base: b.breakdown.parking,
        amount: pct(b.breakdown.parking, 10),
      },
    ]);
  });

  it("charge a Manhattan park's monthly pass the parking tax, on its quote, its purchase and its receipt", async () => {
    const [plan] = await queryRows<{ id: number }>(
      db,
      sql`SELECT pl.id FROM parking_plans pl JOIN parks p ON p.id = pl.park_id
        WHERE p.tax_district_id = ${await districtId("US-NY-NYC-MN")} AND pl.status = 'on_sale'
          AND EXISTS (SELECT 1 FROM plan_prices pp WHERE pp.plan_id = pl.id AND pp.vehicle_type_id = 1)
        ORDER BY pl.id LIMIT 1`,
    );
    expect(plan).toBeDefined();
    const start = addDays(dayOnClock(new Date(), "America/New_York"), 1);
    const quote = await call(null, "GET", `/plans/${plan!.id}/quote?vehicle_type_id=1&start_date=${start}`);
    expect(quote.statusCode, quote.body).toBe(200);
    const q = quote.json<PlanQuote>();
    const tax = pct(q.breakdown.parking, 18.375);
    expect(q.breakdown.taxes).toEqual([{ name: "NYC parking tax", rate_percent: 18.375, amount: tax }]);
    const driver = await fundedUser(db, 5_000_00, "USD");
    const res = await call(driver, "POST", "/passes", {
      payload: { plan_id: plan!.id, vehicle_type_id: 1, plates: ["NYC4921"], start_date: start },
    });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<PassPurchase>();
    expect(pass.charged.breakdown.taxes).toEqual(q.breakdown.taxes);
    expect(pass.charged.amount).toBe(q.total);
    await numberReceipts(db);
    const [summary] = (await call(driver, "GET", `/receipts?reference=${pass.pass_code}`)).json<{
      items: ReceiptSummary[];
    }>().items;
    const fr = (
      await call(driver, "GET", `/receipts/${summary!.number}`, { headers: { "accept-language": "fr" } })
    ).json<Receipt>();
    expect(fr.taxes).toEqual([
      { name: "Taxe de stationnement de New York", rate: 18.375, base: q.breakdown.parking, amount: tax },
    ]);
  });
});

/** The receipts of a booking by kind, numbered, in `language`. */
async function receiptsOf(driver: TestUser, code: string, language = "en") {
  await numberReceipts(db);
  const list = (await call(driver, "GET", `/receipts?reference=${code}`)).json<{ items: ReceiptSummary[] }>();
  return Promise.all(
    list.items.map(async (r) =>
      (
        await call(driver, "GET", `/receipts/${r.number}`, { headers: { "accept-language": language } })
      ).json<Receipt>(),
    ),
  );
}
const cents = (n: number) => Math.round(n * 100);

describe("a cancellation of a booking taxed on its parking", () => {
  it("gives a Manhattan booking's NYC parking tax back with its parking, on the wallet, the booking and the credit note; a renewal charges both again", async () => {
    const { driver, b } = await bookAt(manhattan, "USD");
    const tax = b.breakdown.tax;
    expect(tax).toBe(pct(b.breakdown.parking, 18.375));
    const back = Math.round((b.breakdown.parking + tax) * 100) / 100;
    const fees = Math.round((b.breakdown.service_fee + b.breakdown.booking_fee) * 100) / 100;
    // Before: the preview says the tax comes back with the parking; the fees are kept.
    expect(b.cancellation).toMatchObject({
      refund_percent: 100,
      refund_amount: back,
      refund: { parking: b.breakdown.parking, service_fee: 0, booking_fee: 0, tax, total: back },
      kept: { parking: 0, tax: 0, total: fees },
    });
    const paidBefore = await walletBalanceMinor(db, driver.id, "USD");
    const res = await setStatus(ctx.app, driver, b.id, "cancelled");
    expect(res.statusCode, res.body).toBe(200);
    expect((await walletBalanceMinor(db, driver.id, "USD")) - paidBefore).toBe(cents(back));
    const d = (await call(driver, "GET", `/bookings/${b.booking_code}`)).json<Booking>();
    expect(d.paid).toBe(fees);
    expect(d.cancellation).toMatchObject({ refund: { tax, total: back }, kept: { tax: 0, total: fees } });
    const fr = await receiptsOf(driver, b.booking_code, "fr");
    const note = fr.find((r) => r.kind === "credit_note")!;
    expect(note.total).toBe(-back);
    expect(note.lines.map((l) => [l.kind, l.amount])).toEqual([["parking", -b.breakdown.parking]]);
    expect(note.taxes).toEqual([
      { name: "Taxe de stationnement de New York", rate: 18.375, base: -b.breakdown.parking, amount: -tax },
    ]);

    const renewed = await setStatus(ctx.app, driver, b.id, "active");
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await walletBalanceMinor(db, driver.id, "USD")) - paidBefore).toBe(0);
    const renewal = (await receiptsOf(driver, b.booking_code)).find((r) => r.kind === "renewal")!;
    expect(renewal.total).toBe(back);
    expect(renewal.taxes).toEqual([
      { name: "NYC parking tax", rate: 18.375, base: b.breakdown.parking, amount: tax },
    ]);
  });

  it("inside the last hour gives half of TransLink's tax back with half the parking, and keeps the GST on the fees", async () => {
    const { driver, b } = await bookAt(vancouver, "CAD", 30 * 60_000);
    const [gst, translink] = b.breakdown.taxes;
    expect(translink!.name).toBe("TransLink parking tax");
    const half = Math.trunc((cents(b.breakdown.parking) + cents(translink!.amount)) / 2);
    expect(b.cancellation).toMatchObject({ refund_percent: 50, refund_amount: half / 100 });
    const paidBefore = await walletBalanceMinor(db, driver.id, "CAD");
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(200);
    expect((await walletBalanceMinor(db, driver.id, "CAD")) - paidBefore).toBe(half);
    const note = (await receiptsOf(driver, b.booking_code)).find((r) => r.kind === "credit_note")!;
    expect(cents(note.total)).toBe(-half);
    // Only TransLink's tax comes back, on the parking given back (24% of it, to a cent).
    expect(note.taxes.map((t) => t.name)).toEqual(["TransLink parking tax"]);
    const [parkingBack] = note.lines.map((l) => -cents(l.amount!));
    expect(-cents(note.taxes[0]!.base)).toBe(parkingBack);
    expect(Math.abs(-cents(note.taxes[0]!.amount) - parkingBack! * 0.24)).toBeLessThanOrEqual(1);
    expect(parkingBack! - cents(note.taxes[0]!.amount)).toBe(half);
    const d = (await call(driver, "GET", `/bookings/${b.booking_code}`)).json<Booking>();
    expect(cents(d.cancellation.kept.tax)).toBe(
      cents(gst!.amount) + cents(translink!.amount) + cents(note.taxes[0]!.amount),
    );
  });
});

describe("a park's tax district in the back office", () => {
  it("lists a state's districts by name, and none for a state without", async () => {
    const ny = (await call(null, "GET", `/tax-districts?state_id=${await stateId(4, "NY")}`)).json<
      TaxDistrict[]
    >();
    expect(ny.map((d) => [d.code, d.name])).toEqual([
      ["US-NY-NYC-MN", "New York City — Manhattan"],
      ["US-NY-NYC", "New York City — other boroughs"],
    ]);
    expect((await call(null, "GET", `/tax-districts?state_id=${await stateId(4, "IL")}`)).json()).toEqual([]);
    expect((await call(null, "GET", "/tax-districts?state_id=x")).statusCode).toBe(422);
  });

  it("sets a park's district among its state's, and its quote is taxed at once", async () => {
    const brooklyn = await districtId("US-NY-NYC");
    const res = await call(admin, "PATCH", `/admin/parks/${noDistrict}`, {
      payload: { tax_district_id: brooklyn },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPark>().tax_district_id).toBe(brooklyn);
    const { b } = await bookAt(noDistrict, "USD");
    expect(b.breakdown.taxes.map((t) => [t.name, t.rate_percent])).toEqual([["NYC parking tax", 10.375]]);
    const back = await call(admin, "PATCH", `/admin/parks/${noDistrict}`, {
      payload: { tax_district_id: null },
    });
    expect(back.json<AdminPark>().tax_district_id).toBeNull();
  });

  it("refuses a district of another state, and a state change that keeps the old state's district, at the field", async () => {
    const la = await districtId("US-CA-LA");
    const other = await call(admin, "PATCH", `/admin/parks/${manhattan}`, {
      payload: { tax_district_id: la },
      headers: { "accept-language": "fr" },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().fields).toEqual({
      tax_district_id: "Choisissez un district fiscal de la région du parking, ou aucun",
    });
    const nj = await stateId(4, "NJ");
    const moved = await call(admin, "PATCH", `/admin/parks/${manhattan}`, { payload: { state_id: nj } });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().fields).toEqual({
      tax_district_id:
        "The park's tax district belongs to its former state: choose one of its new state's, or none",
    });
    const unknown = await call(admin, "PATCH", `/admin/parks/${manhattan}`, {
      payload: { tax_district_id: 9_999 },
    });
    expect(unknown.json().fields).toEqual({ tax_district_id: "Choose a tax district" });
    const [row] = await queryRows<{ state_id: number; tax_district_id: number }>(
      db,
      sql`SELECT state_id, tax_district_id FROM parks WHERE id = ${manhattan}`,
    );
    expect(row).toEqual({
      state_id: await stateId(4, "NY"),
      tax_district_id: await districtId("US-NY-NYC-MN"),
    });
    // A new park: a district of its state is taken, another's refused.
    const created = await call(admin, "POST", "/admin/parks", {
      payload: {
        name: "Numbat Hudson Garage",
        type: "city",
        country: "US",
        state_id: await stateId(4, "NY"),
        tax_district_id: await districtId("US-NY-NYC-MN"),
        city: "New York",
        address: "500 West 42nd Street",
        lat: 40.7605,
        lng: -73.9969,
        time_zone: "America/New_York",
        open_24h: true,
        overnight_stays: false,
        amenities: [],
        max_height_cm: null,
        text_language: "en",
        texts: { en: { description: "A garage.", entry_instructions: "Enter from 42nd Street." } },
        status: "active",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<AdminPark>().tax_district_id).toBe(await districtId("US-NY-NYC-MN"));
  });
});
