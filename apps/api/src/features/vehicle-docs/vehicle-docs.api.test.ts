// Vehicle document renewal (decision 031): pricing from the fee tables, the request paid from the
// wallet with its receipt, every stage move the table allows and every one it refuses, the cancel's
// refund exactly once with its credit note, privacy, and the back office's permissions and audit.
import {
  addDays,
  dayOnClock,
  VEHICLE_DOC_STAGES,
  VEHICLE_DOC_TRANSITIONS,
  type VehicleDocStage,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, createStaff, createUser, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { contextClock } from "../../test/test-clock";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import {
  createAddress,
  createDeliveryArea,
  ngParks,
  resetDeliverySetup,
} from "../marketplace/marketplace.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { vehicleDocFeeRows, VEHICLE_DOC_SERVICE_CHARGE_MINOR } from "../../db/seed/vehicle-docs";
import { composeVehicleDocMail } from "./vehicle-docs.mail";
import { servedCountries } from "../reference/served-countries";

let ctx: TestContext;
let db: Db;
let staff: TestUser;
let park: number;

/** Lagos = 1, FCT = 2, Rivers = 3, Kano = 4, Oyo = 5 (the seed's state ids). */
const STATE = { LA: 1, FC: 2, RI: 3, KN: 4, OY: 5 } as const;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  await createDeliveryArea(db);
  [park] = (await ngParks(db, 1)) as [number];
  staff = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

async function vehicleOf(
  user: TestUser,
  v: { state?: number | null; cc?: number | null; use?: "private" | "commercial" | null } = {},
): Promise<number> {
  const [row] = await db
    .insert(userVehicles)
    .values({
      userId: user.id,
      plateNumber: `LAG${Math.floor(Math.random() * 1e6)}`,
      vehicleTypeId: 1,
      make: "Toyota",
      model: "Corolla",
      color: "Silver",
      registrationStateId: v.state === undefined ? STATE.LA : v.state,
      engineCc: v.cc === undefined ? 1800 : v.cc,
      vehicleUse: v.use === undefined ? "private" : v.use,
    })
    .returning({ id: userVehicles.id });
  return row!.id;
}

const fee = (state: number, doc: string, use = "any", band = "any") => {
  const row = vehicleDocFeeRows().find(
    (r) => r.stateId === state && r.documentType === doc && r.vehicleUse === use && r.engineBand === band,
  );
  if (!row) throw new Error(`no seeded fee ${state} ${doc} ${use} ${band}`);
  return row.feeMinor;
};

const post = (user: TestUser, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, headers: { ...bearer(user), ...headers }, payload });
const get = (user: TestUser, url: string, lang = "en") =>
  ctx.app.inject({
    method: "GET",
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "accept-language": lang },
  });

const pickup = () => ({ park_id: park });

async function placed(
  driver: TestUser,
  vehicleId: number,
  documents: string[] = ["vehicle_licence", "third_party_insurance"],
  delivery: object = pickup(),
): Promise<string> {
  const res = await post(driver, "/vehicle-docs/requests", {
    type: "vehicle_papers",
    vehicle_id: vehicleId,
    documents,
    delivery,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().code as string;
}

/** Staff moves a request along the table's path from submitted to `stage`. */
/** The stages a request's e-mails were queued for, in order (the mail jobs written). */
async function mailedStages(code: string): Promise<string[]> {
  const rows = await queryRows<{ stage: string }>(
    db,
    sql`SELECT data->>'stage' AS stage FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'vehicle_docs'
          AND data->>'requestId' = (SELECT id::text FROM vehicle_doc_requests WHERE code = ${code})
        ORDER BY created_on`,
  );
  return rows.map((r) => r.stage);
}

async function moveTo(code: string, stage: VehicleDocStage, kind: "delivery" | "pickup" = "pickup") {
  const path: VehicleDocStage[] = ["documents_checked", "at_office", "ready"];
  const last = kind === "pickup" ? "ready_for_pickup" : "out_for_delivery";
  for (const to of [...path, last, "delivered"] as VehicleDocStage[]) {
    if ((await stageOf(code)) === stage) return;
    if (to === "info_needed") continue;
    const res = await post(staff, `/admin/vehicle-docs/requests/${code}/stage`, {
      to,
      ...(to === "delivered" ? { expiries: await expiriesFor(code, 365) } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}

/** A day this many days after today on Nigeria's clock, read from the test's clock. */
function daysAhead(days: number): string {
  return addDays(dayOnClock(contextClock(db)(), "Africa/Lagos"), days);
}

/** Every document of a request with a new expiry date `days` from today: what Delivered needs. */
async function expiriesFor(code: string, days: number) {
  const rows = await queryRows<{ document_type: string }>(
    db,
    sql`SELECT i.document_type FROM vehicle_doc_request_items i
          JOIN vehicle_doc_requests r ON r.id = i.request_id WHERE r.code = ${code} ORDER BY i.id`,
  );
  return rows.map((r) => ({ document_type: r.document_type, expires_on: daysAhead(days) }));
}

async function stageOf(code: string): Promise<string> {
  const [row] = await queryRows<{ stage: string }>(
    db,
    sql`SELECT stage FROM vehicle_doc_requests WHERE code = ${code}`,
  );
  return row!.stage;
}

describe("pricing from the fee tables", () => {
  it("prices by state, engine band and use, adds the service charge and VAT on Parkwell's charges", async () => {
    const driver = await fundedUser(db, 0);
    const small = await vehicleOf(driver, { state: STATE.LA, cc: 1500 });
    const big = await vehicleOf(driver, { state: STATE.KN, cc: 3500, use: "commercial" });

    const q1 = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: small,
      documents: ["vehicle_licence", "third_party_insurance"],
      delivery: pickup(),
    });
    expect(q1.statusCode, q1.body).toBe(200);
    const licence = fee(STATE.LA, "vehicle_licence", "private", "upto_1600");
    const insurance = fee(STATE.LA, "third_party_insurance", "private");
    expect(insurance).toBe(1_500_000); // ₦15,000: the national tariff for a private car
    const vat = Math.round((VEHICLE_DOC_SERVICE_CHARGE_MINOR * 750) / 10_000);
    expect(q1.json()).toMatchObject({
      state_code: "LA",
      engine_band: "upto_1600",
      vehicle_use: "private",
      currency: "NGN",
      lines: [
        { document_type: "vehicle_licence", fee: licence / 100 },
        { document_type: "third_party_insurance", fee: insurance / 100 },
      ],
      service_charge: VEHICLE_DOC_SERVICE_CHARGE_MINOR / 100,
      delivery_charge: 0,
      tax: vat / 100,
      total: (licence + insurance + VEHICLE_DOC_SERVICE_CHARGE_MINOR + vat) / 100,
    });

    const q2 = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: big,
      documents: ["vehicle_licence", "hackney_permit", "roadworthiness"],
      delivery: pickup(),
    });
    expect(q2.statusCode, q2.body).toBe(200);
    expect(q2.json().lines).toEqual([
      {
        document_type: "vehicle_licence",
        fee: fee(STATE.KN, "vehicle_licence", "commercial", "over_3000") / 100,
      },
      { document_type: "hackney_permit", fee: fee(STATE.KN, "hackney_permit", "commercial") / 100 },
      { document_type: "roadworthiness", fee: fee(STATE.KN, "roadworthiness", "commercial") / 100 },
    ]);
    // A commercial vehicle's licence in Kano differs from a private one's in Lagos.
    expect(fee(STATE.KN, "vehicle_licence", "commercial", "over_3000")).not.toBe(licence);
  });

  it("delivers through the marketplace's distance bands, and reads an edited fee at once", async () => {
    const driver = await fundedUser(db, 0);
    const v = await vehicleOf(driver, { state: STATE.OY, cc: 2500 });
    const address = await createAddress(db, driver.id);
    const q = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["proof_of_ownership"],
      delivery: { address_id: address.id },
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().delivery_charge).toBe(1000); // the first band of the test depot: ₦1,000

    const fees = await get(staff, "/admin/vehicle-docs/fees?state_code=OY");
    const row = fees
      .json()
      .items.find((f: { document_type: string }) => f.document_type === "proof_of_ownership");
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/vehicle-docs/fees/${row.id}`,
      headers: bearer(staff),
      payload: { fee: 3100 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const again = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["proof_of_ownership"],
      delivery: pickup(),
    });
    expect(again.json().lines).toEqual([{ document_type: "proof_of_ownership", fee: 3100 }]);
    const driverView = await get(driver, "/vehicle-docs/fees?state_code=OY");
    expect(driverView.statusCode, driverView.body).toBe(200);
    expect(
      driverView.json().items.find((f: { document_type: string }) => f.document_type === "proof_of_ownership")
        .fee,
    ).toBe(3100);
    const [audit] = await queryRows<{ action: string; before: unknown; after: unknown }>(
      db,
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'vehicle_doc_fee' AND entity_id = ${String(row.id)}`,
    );
    expect(audit).toMatchObject({
      action: "vehicle_doc_fee.update",
      before: { fee_minor: fee(STATE.OY, "proof_of_ownership") },
      after: { fee_minor: 310_000 },
    });
  });

  it("a driver's licence is priced by the state of issue, without a vehicle", async () => {
    const driver = await fundedUser(db, 0);
    const q = await post(driver, "/vehicle-docs/quote", {
      type: "drivers_licence",
      state_code: "FC",
      documents: ["drivers_licence_5y"],
      delivery: pickup(),
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json()).toMatchObject({ state_code: "FC", vehicle_use: null });
    expect(q.json().lines).toEqual([
      { document_type: "drivers_licence_5y", fee: fee(STATE.FC, "drivers_licence_5y") / 100 },
    ]);
  });

  it("refuses with 422 a vehicle not registered in a Nigerian state and documents that do not apply", async () => {
    const driver = await fundedUser(db, 0);
    const none = await vehicleOf(driver, { state: null });
    const canadian = await vehicleOf(driver, { state: 101 });
    const priv = await vehicleOf(driver);
    for (const id of [none, canadian]) {
      const res = await post(driver, "/vehicle-docs/quote", {
        type: "vehicle_papers",
        vehicle_id: id,
        documents: ["vehicle_licence"],
        delivery: pickup(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("not_registered_in_nigeria");
    }
    const hackney = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: priv,
      documents: ["hackney_permit"],
      delivery: pickup(),
    });
    expect(hackney.statusCode).toBe(422);
    expect(hackney.json()).toMatchObject({
      code: "documents_not_applicable",
      message: "A hackney permit is only for a vehicle in commercial use",
    });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/vehicle-docs/quote",
      headers: { ...bearer(driver), "accept-language": "fr" },
      payload: {
        type: "vehicle_papers",
        vehicle_id: priv,
        documents: ["hackney_permit"],
        delivery: pickup(),
      },
    });
    expect(fr.json().message).toBe(
      "Le permis de transport public (hackney) est réservé aux véhicules à usage commercial",
    );
    const licenceOnPapers = await post(driver, "/vehicle-docs/quote", {
      type: "vehicle_papers",
      vehicle_id: priv,
      documents: ["drivers_licence_3y"],
      delivery: pickup(),
    });
    expect(licenceOnPapers.json().code).toBe("documents_not_applicable");
    // A Canadian account: the service is for Nigeria.
    const canada = await createUser(db, { countryId: 2 });
    const res = await post(canada, "/vehicle-docs/quote", {
      type: "drivers_licence",
      state_code: "LA",
      documents: ["drivers_licence_3y"],
      delivery: pickup(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("not_in_nigeria");
  });

  it("sets a saved vehicle's renewal details; another driver's vehicle is 404", async () => {
    const driver = await fundedUser(db, 0);
    const other = await fundedUser(db, 0);
    const v = await vehicleOf(driver, { state: null, cc: null, use: null });
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/vehicle-docs/vehicles/${v}`,
      headers: bearer(driver),
      payload: {
        year: 2018,
        engine_cc: 1998,
        vin: "jtdbr32e720012345",
        state_code: "ri",
        vehicle_use: "commercial",
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      year: 2018,
      engine_cc: 1998,
      vin: "JTDBR32E720012345",
      state_code: "RI",
      state_name: "Rivers",
      vehicle_use: "commercial",
    });
    expect((await get(other, `/vehicle-docs/vehicles/${v}`)).statusCode).toBe(404);
    const wrongState = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/vehicle-docs/vehicles/${v}`,
      headers: bearer(driver),
      payload: { state_code: "ZZ" },
    });
    expect(wrongState.statusCode).toBe(422);
  });
});

describe("the driver's licence's expiry date", () => {
  it("is typed, cleared, and replaces a renewal's date and the reverse: one licence date per driver", async () => {
    const driver = await createUser(db, { language: "en" });
    await fund(db, driver.id, 100_000_000);
    const put = (payload: object, user: TestUser = driver) =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/v1/vehicle-docs/licence-expiry",
        headers: bearer(user),
        payload,
      });
    const licenceRows = () =>
      queryRows<{ document_type: string; expires_on: string; source: string }>(
        db,
        sql`SELECT document_type, expires_on::text AS expires_on, source FROM vehicle_document_expiries
            WHERE user_id = ${driver.id} AND vehicle_id IS NULL`,
      );
    expect((await get(driver, "/vehicle-docs/licence-expiry")).json()).toEqual({ licence: null });
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/v1/vehicle-docs/licence-expiry" })).statusCode,
    ).toBe(401);
    expect((await put({ expires_on: "2031-02-30" })).statusCode).toBe(422);
    expect((await put({})).statusCode).toBe(422);

    // Typed first: kept as the 5-year licence, the default length.
    const typed = await put({ expires_on: "2031-06-30" });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().licence).toMatchObject({
      document_type: "drivers_licence_5y",
      expires_on: "2031-06-30",
      source: "driver",
      status: "valid",
    });
    expect((await get(driver, "/vehicle-docs/licence-expiry")).json()).toEqual(typed.json());

    // A 3-year renewal through Parkwell: its date replaces the typed one.
    const res = await post(driver, "/vehicle-docs/requests", {
      type: "drivers_licence",
      state_code: "LA",
      documents: ["drivers_licence_3y"],
      delivery: pickup(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json().code as string;
    await moveTo(code, "delivered");
    const rec = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "drivers_licence_3y", expires_on: "2029-11-30" }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(await licenceRows()).toEqual([
      { document_type: "drivers_licence_3y", expires_on: "2029-11-30", source: "request" },
    ]);

    // Typed again: it replaces the renewal's date under the licence's length (3 years).
    expect((await put({ expires_on: "2029-12-15" })).json().licence).toMatchObject({
      document_type: "drivers_licence_3y",
      expires_on: "2029-12-15",
      source: "driver",
    });
    expect(await licenceRows()).toEqual([
      { document_type: "drivers_licence_3y", expires_on: "2029-12-15", source: "driver" },
    ]);

    // Cleared: no licence date, nothing to remind.
    expect((await put({ expires_on: null })).json()).toEqual({ licence: null });
    expect(await licenceRows()).toEqual([]);
  });
});

describe("expiry dates typed by the driver", () => {
  it("records a vehicle's papers renewed elsewhere, once per paper; a licence or another's vehicle is refused", async () => {
    const driver = await fundedUser(db, 0);
    const other = await fundedUser(db, 0);
    const v = await vehicleOf(driver);
    const put = (user: TestUser, payload: object, id = v) =>
      ctx.app.inject({
        method: "PUT",
        url: `/api/v1/vehicle-docs/vehicles/${id}/expiries`,
        headers: bearer(user),
        payload,
      });
    const first = await put(driver, {
      expiries: [
        { document_type: "roadworthiness", expires_on: "2027-01-15" },
        { document_type: "third_party_insurance", expires_on: "2027-03-01" },
      ],
    });
    expect(first.statusCode, first.body).toBe(200);
    const again = await put(driver, {
      expiries: [{ document_type: "roadworthiness", expires_on: "2027-02-15" }],
    });
    expect(again.json().expiries).toEqual([
      expect.objectContaining({
        document_type: "roadworthiness",
        expires_on: "2027-02-15",
        source: "driver",
      }),
      expect.objectContaining({
        document_type: "third_party_insurance",
        expires_on: "2027-03-01",
        source: "driver",
      }),
    ]);
    expect(
      (await put(driver, { expiries: [{ document_type: "drivers_licence_3y", expires_on: "2027-02-15" }] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await put(driver, { expiries: [{ document_type: "roadworthiness", expires_on: "2027-02-30" }] }))
        .statusCode,
    ).toBe(422);
    expect(
      (await put(other, { expiries: [{ document_type: "roadworthiness", expires_on: "2027-02-15" }] }))
        .statusCode,
    ).toBe(404);

    // The vehicle list shows each paper's status, counted on Nigeria's clock.
    const today = dayOnClock(new Date(), "Africa/Lagos");
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    await put(driver, {
      expiries: [
        { document_type: "vehicle_licence", expires_on: shift(90) },
        { document_type: "roadworthiness", expires_on: shift(7) },
        { document_type: "third_party_insurance", expires_on: shift(-1) },
      ],
    });
    const list = await get(driver, "/vehicle-docs/vehicles");
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.json().find((x: { vehicle_id: number }) => x.vehicle_id === v);
    expect(
      mine.expiries.map((e: { document_type: string; status: string; days_left: number }) => [
        e.document_type,
        e.status,
        e.days_left,
      ]),
    ).toEqual([
      ["roadworthiness", "expiring", 7],
      ["third_party_insurance", "expired", -1],
      ["vehicle_licence", "valid", 90],
    ]);
    expect((await get(other, "/vehicle-docs/vehicles")).json()).toEqual([]);
  });
});

describe("the request and its money", () => {
  it("charges the wallet once with a receipt, answers 402 with the missing amount, and replays its key", async () => {
    const poor = await fundedUser(db, 100_000); // ₦1,000
    const v = await vehicleOf(poor);
    const short = await post(poor, "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
    });
    expect(short.statusCode).toBe(402);
    const total =
      1_500_000 +
      VEHICLE_DOC_SERVICE_CHARGE_MINOR +
      Math.round((VEHICLE_DOC_SERVICE_CHARGE_MINOR * 750) / 10_000);
    expect(short.json()).toMatchObject({
      code: "insufficient_funds",
      message: `Your wallet balance is too low: add ${(total - 100_000) / 100} NGN to pay for this request`,
    });
    const [none] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${poor.id}`,
    );
    expect(none!.n).toBe(0);

    await fund(db, poor.id, total);
    const body = {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
    };
    const first = await post(poor, "/vehicle-docs/requests", body, { "idempotency-key": "vd-1" });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().code).toMatch(/^VD-[A-Z0-9]{6}$/);
    expect(first.json().stage).toBe("submitted");
    const again = await post(poor, "/vehicle-docs/requests", body, { "idempotency-key": "vd-1" });
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json().code).toBe(first.json().code);
    const reused = await post(
      poor,
      "/vehicle-docs/requests",
      { ...body, documents: ["roadworthiness"] },
      {
        "idempotency-key": "vd-1",
      },
    );
    expect(reused.statusCode).toBe(422);
    expect(await walletBalanceMinor(db, poor.id, "NGN")).toBe(100_000);

    const receipts = await queryRows<{ kind: string; total_minor: string; lines: { kind: string }[] }>(
      db,
      sql`SELECT kind, total_minor, lines FROM receipts WHERE reference = ${first.json().code}`,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: "vehicle_docs" });
    expect(Number(receipts[0]!.total_minor)).toBe(total);
    expect(receipts[0]!.lines.map((l) => l.kind)).toEqual(["insurance_premium", "service_fee", "pickup"]);
  });

  it("a changed price is refused (409) against expected_total", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const res = await post(driver, "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: v,
      documents: ["third_party_insurance"],
      delivery: pickup(),
      expected_total: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("price_changed");
  });

  it("lists the driver's requests, paginated; another driver's request is 404", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const other = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const a = await placed(driver, v);
    const b = await placed(driver, v, ["roadworthiness"]);
    const page = await get(driver, "/vehicle-docs/requests?size=1");
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, page: 1, size: 1, pages: 2 });
    expect([a, b]).toContain(page.json().items[0].code);
    const one = await get(driver, `/vehicle-docs/requests/${a}`);
    expect(one.json().timeline).toEqual([expect.objectContaining({ stage: "submitted", by: "driver" })]);
    expect((await get(other, `/vehicle-docs/requests/${a}`)).statusCode).toBe(404);
    expect((await get(driver, "/vehicle-docs/requests/VD-ZZZZZZ")).statusCode).toBe(404);
    expect((await get(driver, "/vehicle-docs/requests/nonsense")).statusCode).toBe(404);
    expect((await post(other, `/vehicle-docs/requests/${a}/cancel`)).statusCode).toBe(404);
    expect((await get(other, "/vehicle-docs/requests")).json().total).toBe(0);
  });

  it("cancel refunds in full exactly once, with a credit note; a second cancel is 409", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const code = await placed(driver, v, ["vehicle_licence", "roadworthiness"], {
      address_id: (await createAddress(db, driver.id)).id,
    });
    const charged = before - (await walletBalanceMinor(db, driver.id, "NGN"));
    expect(charged).toBeGreaterThan(0);
    const res = await post(driver, `/vehicle-docs/requests/${code}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ stage: "cancelled", refunded: charged / 100, can_cancel: false });
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
    const twice = await post(driver, `/vehicle-docs/requests/${code}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
    const notes = await queryRows<{ total_minor: string }>(
      db,
      sql`SELECT total_minor FROM receipts WHERE reference = ${code} AND kind = 'credit_note'`,
    );
    expect(notes.map((n) => Number(n.total_minor))).toEqual([-charged]);
    expect(await mailedStages(code)).toEqual(["submitted", "cancelled"]);
  });

  it("cannot be cancelled once at the licensing office: 409 saying why", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    await moveTo(code, "at_office");
    const res = await ctx.app.inject({
      method: "POST",
      url: `/api/v1/vehicle-docs/requests/${code}/cancel`,
      headers: { ...bearer(driver), "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "cancel_too_late",
      message: "Cette demande est déjà au bureau des licences\u00a0: elle ne peut plus être annulée",
    });
    // Staff may still refund it, once.
    const refund = await post(staff, `/admin/vehicle-docs/requests/${code}/refund`, {
      note: "Office closed",
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().stage).toBe("refunded");
    expect((await post(staff, `/admin/vehicle-docs/requests/${code}/refund`, {})).statusCode).toBe(409);
  });
});

describe("stages", () => {
  it("more information needed: the question, the driver's answer, and back to be checked", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const ask = await post(staff, `/admin/vehicle-docs/requests/${code}/question`, {
      question: "Please send a clearer photo of the current licence",
    });
    expect(ask.statusCode, ask.body).toBe(200);
    expect(ask.json()).toMatchObject({ stage: "info_needed", question: expect.stringContaining("clearer") });
    const answer = await post(driver, `/vehicle-docs/requests/${code}/answer`, { answer: "Sent by e-mail" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ stage: "submitted", answer: "Sent by e-mail" });
    // Answering again, when nothing is asked, is refused.
    expect(
      (await post(driver, `/vehicle-docs/requests/${code}/answer`, { answer: "again" })).statusCode,
    ).toBe(409);
    // "Your document request … is received" is mailed once: at submission, not again after the answer.
    expect(await mailedStages(code)).toEqual(["submitted", "info_needed"]);
  });

  it("every (from, to) pair: the table's staff moves succeed, every other is 409 and changes nothing", async () => {
    const driver = await fundedUser(db, 1_000_000_000);
    const v = await vehicleOf(driver);
    const address = await createAddress(db, driver.id);
    for (const kind of ["pickup", "delivery"] as const) {
      for (const from of VEHICLE_DOC_STAGES) {
        for (const to of VEHICLE_DOC_STAGES) {
          const code = await placed(
            driver,
            v,
            ["proof_of_ownership"],
            kind === "pickup" ? pickup() : { address_id: address.id },
          );
          await db.execute(sql`UPDATE vehicle_doc_requests SET stage = ${from} WHERE code = ${code}`);
          const allowed = VEHICLE_DOC_TRANSITIONS.some(
            (t) =>
              t.from === from &&
              t.to === to &&
              t.by.includes("staff") &&
              (t.delivery === undefined || t.delivery === kind),
          );
          const res =
            to === "info_needed"
              ? await post(staff, `/admin/vehicle-docs/requests/${code}/question`, {
                  question: "Which year?",
                })
              : await post(staff, `/admin/vehicle-docs/requests/${code}/stage`, {
                  to,
                  ...(to === "delivered"
                    ? { expiries: [{ document_type: "proof_of_ownership", expires_on: daysAhead(365) }] }
                    : {}),
                });
          expect(res.statusCode, `${kind} ${from} -> ${to}: ${res.body}`).toBe(allowed ? 200 : 409);
          expect(await stageOf(code)).toBe(allowed ? to : from);
        }
      }
    }
  }, 240_000);

  it("a driver may only cancel or answer; staff stage moves are refused to drivers", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const res = await post(driver, `/admin/vehicle-docs/requests/${code}/stage`, { to: "documents_checked" });
    expect(res.statusCode).toBe(403);
    expect(await stageOf(code)).toBe("submitted");
  });

  it("records the issued papers' expiry dates on the vehicle, and e-mails each stage in the driver's language", async () => {
    const driver = await createUser(db, { language: "fr" });
    await fund(db, driver.id, 100_000_000);
    const v = await vehicleOf(driver);
    const code = await placed(driver, v);
    // A year from the test's clock (Nigeria's day), and four days earlier for the insurance.
    const licenceDay = daysAhead(365);
    const insuranceDay = daysAhead(361);
    const early = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "vehicle_licence", expires_on: licenceDay }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe("not_issued");
    await moveTo(code, "delivered");
    const wrong = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "hackney_permit", expires_on: licenceDay }],
    });
    expect(wrong.statusCode).toBe(422);
    const rec = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [
        { document_type: "vehicle_licence", expires_on: licenceDay },
        { document_type: "third_party_insurance", expires_on: insuranceDay },
      ],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    expect(rec.json().expiries).toEqual([
      { document_type: "vehicle_licence", expires_on: licenceDay },
      { document_type: "third_party_insurance", expires_on: insuranceDay },
    ]);
    const rows = await queryRows<{ vehicle_id: number; source: string }>(
      db,
      sql`SELECT vehicle_id, source FROM vehicle_document_expiries WHERE user_id = ${driver.id}`,
    );
    expect(rows).toEqual([
      { vehicle_id: v, source: "request" },
      { vehicle_id: v, source: "request" },
    ]);
    const view = await get(driver, `/vehicle-docs/requests/${code}`);
    expect(view.json().timeline.map((e: { stage: string }) => e.stage)).toEqual([
      "submitted",
      "documents_checked",
      "at_office",
      "ready",
      "ready_for_pickup",
      "delivered",
    ]);
    expect(view.json().completed_at).not.toBeNull();
    const [job] = await queryRows<{ data: { requestId: string } }>(
      db,
      sql`SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'vehicle_docs' AND data->>'stage' = 'at_office'
            AND data->>'requestId' = (SELECT id::text FROM vehicle_doc_requests WHERE code = ${code})`,
    );
    const mail = await composeVehicleDocMail(
      { db, countries: servedCountries(db), publicUrl: "http://parkwell.test" },
      { key: "k", type: "vehicle_docs", requestId: job!.data.requestId, stage: "at_office", refundMinor: 0 },
    );
    expect(mail?.subject).toBe(`Votre demande ${code} est au bureau des licences`);
  });
});

describe("delivered needs the papers' new expiry dates", () => {
  it("refuses Delivered without an expiry for every document (422, in French too) and changes nothing; with them, records each date in the move", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const v = await vehicleOf(driver);
    const code = await placed(driver, v);
    await moveTo(code, "ready_for_pickup");
    const stageUrl = `/admin/vehicle-docs/requests/${code}/stage`;
    const expiryRows = () =>
      queryRows<{ document_type: string; expires_on: string }>(
        db,
        sql`SELECT document_type, expires_on::text AS expires_on FROM vehicle_document_expiries
              WHERE vehicle_id = ${v} ORDER BY document_type`,
      );

    for (const body of [
      { to: "delivered" },
      { to: "delivered", expiries: [{ document_type: "vehicle_licence", expires_on: daysAhead(365) }] },
    ]) {
      const refused = await post(staff, stageUrl, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({
        code: "expiries_required",
        message: "Give the new expiry date of every document before marking the request delivered",
        fields: { expiries: expect.any(String) },
      });
    }
    const french = await post(staff, stageUrl, { to: "delivered" }, { "accept-language": "fr" });
    expect(french.statusCode).toBe(422);
    expect(french.json().message).toBe(
      "Indiquez la nouvelle date d'expiration de chaque document avant de marquer la demande livrée",
    );
    // A document the request did not renew is refused too, and nothing is written.
    const other = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [
        ...(await expiriesFor(code, 365)),
        { document_type: "hackney_permit", expires_on: daysAhead(365) },
      ],
    });
    expect(other.statusCode, other.body).toBe(422);
    expect(await stageOf(code)).toBe("ready_for_pickup");
    expect(await expiryRows()).toEqual([]);

    const delivered = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [
        { document_type: "vehicle_licence", expires_on: daysAhead(365) },
        { document_type: "third_party_insurance", expires_on: daysAhead(360) },
      ],
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ stage: "delivered" });
    expect(await expiryRows()).toEqual([
      { document_type: "third_party_insurance", expires_on: daysAhead(360) },
      { document_type: "vehicle_licence", expires_on: daysAhead(365) },
    ]);
  });

  it("takes the dates this request recorded already: only the missing ones are asked", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    await moveTo(code, "ready");
    const rec = await post(staff, `/admin/vehicle-docs/requests/${code}/expiries`, {
      expiries: [{ document_type: "vehicle_licence", expires_on: daysAhead(365) }],
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const stageUrl = `/admin/vehicle-docs/requests/${code}/stage`;
    expect((await post(staff, stageUrl, { to: "ready_for_pickup" })).statusCode).toBe(200);
    expect((await post(staff, stageUrl, { to: "delivered" })).statusCode).toBe(422);
    const res = await post(staff, stageUrl, {
      to: "delivered",
      expiries: [{ document_type: "third_party_insurance", expires_on: daysAhead(365) }],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("the pickup park", () => {
  it("is named with its address and opening hours on the request, in the ready e-mail and on the receipt", async () => {
    const hours = [
      ...Array(5).fill({ open: "07:00", close: "19:00" }),
      { open: "08:00", close: "14:00" },
      null,
    ];
    const [was] = await queryRows<{ open_24h: boolean; opening_hours: unknown }>(
      db,
      sql`SELECT open_24h, opening_hours FROM parks WHERE id = ${park}`,
    );
    await db.execute(
      sql`UPDATE parks SET open_24h = false, opening_hours = ${JSON.stringify(hours)}::jsonb WHERE id = ${park}`,
    );
    const [where] = await queryRows<{ name: string; address: string }>(
      db,
      sql`SELECT name, address FROM parks WHERE id = ${park}`,
    );
    const driver = await createUser(db, { language: "fr" });
    await fund(db, driver.id, 100_000_000);
    const code = await placed(driver, await vehicleOf(driver));
    const view = await get(driver, `/vehicle-docs/requests/${code}`, "fr");
    expect(view.json().pickup_park).toMatchObject({
      id: park,
      name: where!.name,
      address: where!.address,
      open_24h: false,
      opening_hours: hours,
    });
    const listed = await get(driver, "/vehicle-docs/requests", "fr");
    expect(listed.json().items[0].pickup_park).toMatchObject({ id: park, name: where!.name });

    await moveTo(code, "ready_for_pickup");
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM vehicle_doc_requests WHERE code = ${code}`,
    );
    const mailOf = (stage: VehicleDocStage) =>
      composeVehicleDocMail(
        { db, countries: servedCountries(db), publicUrl: "http://parkwell.test" },
        { key: "k", type: "vehicle_docs", requestId: row!.id, stage, refundMinor: 0 },
      );
    const ready = await mailOf("ready_for_pickup");
    expect(ready?.text).toContain(
      `Vos documents vous attendent à ${where!.name}, ${where!.address}. Horaires (heure locale)\u00a0: en semaine 07:00-19:00 et sam. 08:00-14:00.`,
    );
    expect(ready?.html).toContain(where!.name);
    await db.execute(sql`UPDATE users SET language = 'en' WHERE id = ${driver.id}`);
    expect((await mailOf("ready_for_pickup"))?.text).toContain(
      `Your papers are waiting for you at ${where!.name}, ${where!.address}. Opening hours (local time): weekdays 07:00-19:00 and Sat 08:00-14:00.`,
    );

    const receipts = await get(driver, `/receipts?reference=${code}`, "fr");
    const number = receipts.json().items.find((r: { kind: string }) => r.kind === "vehicle_docs")
      .number as string;
    const shown = await get(driver, `/receipts/${number}`, "fr");
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().lines).toContainEqual(
      expect.objectContaining({
        kind: "pickup",
        label: "Retrait",
        subject: where!.name,
        detail: `${where!.address} · en semaine 07:00-19:00 et sam. 08:00-14:00`,
        amount: 0,
      }),
    );
    await db.execute(
      sql`UPDATE parks SET open_24h = ${was!.open_24h}, opening_hours = ${JSON.stringify(was!.opening_hours)}::jsonb WHERE id = ${park}`,
    );
  });
});

describe("the back office", () => {
  it("a driver and staff without the permission get 403; the queue filters by stage, state and age", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const employee = await createStaff(db, "employee");
    for (const user of [driver, employee]) {
      expect((await get(user, "/admin/vehicle-docs/requests")).statusCode).toBe(403);
      expect((await get(user, "/admin/vehicle-docs/fees")).statusCode).toBe(403);
    }
    const kano = await vehicleOf(driver, { state: STATE.KN });
    const code = await placed(driver, kano, ["roadworthiness"]);
    const byState = await get(staff, "/admin/vehicle-docs/requests?state_code=KN&stage=submitted&size=100");
    expect(byState.statusCode, byState.body).toBe(200);
    expect(byState.json().items.map((i: { code: string }) => i.code)).toContain(code);
    expect(byState.json().items.every((i: { state_code: string }) => i.state_code === "KN")).toBe(true);
    const old = await get(staff, "/admin/vehicle-docs/requests?min_age_days=3650");
    expect(old.json().total).toBe(0);
    const one = await get(staff, `/admin/vehicle-docs/requests/${code}`);
    expect(one.json()).toMatchObject({
      code,
      next_stages: ["documents_checked", "info_needed", "cancelled", "refunded"],
    });
    expect(one.json().customer.email).toBe(driver.email);
  });

  it("the service charge is data, edited and audited", async () => {
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/admin/vehicle-docs/service-charge",
      headers: bearer(staff),
      payload: { service_charge: 3000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().service_charge).toBe(3000);
    const [audit] = await queryRows<{ after: unknown }>(
      db,
      sql`SELECT after FROM audit_log WHERE action = 'vehicle_doc_service_charge.update'`,
    );
    expect(audit!.after).toEqual({ service_charge_minor: 300_000 });
    await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/admin/vehicle-docs/service-charge",
      headers: bearer(staff),
      payload: { service_charge: VEHICLE_DOC_SERVICE_CHARGE_MINOR / 100 },
    });
  });
});
