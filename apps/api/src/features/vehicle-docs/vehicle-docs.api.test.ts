// Vehicle document renewal (decision 031): pricing from the fee tables, a vehicle's renewal
// details, the driver's licence expiry and the expiry dates typed for papers renewed elsewhere.
// The request and its money are in vehicle-docs-requests, its stages in vehicle-docs-stages.
import { dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";
import { fund, fundedUser } from "../bookings/bookings.test-kit";
import { STATE, vehicleDocsKit } from "./vehicle-docs.test-kit";
import { servedCountries } from "../reference/served-countries";
import { createAddress } from "../marketplace/marketplace.test-kit";
import { vehicleDocFeeRows, VEHICLE_DOC_SERVICE_CHARGE_MINOR } from "../../db/seed/vehicle-docs";

const kit = vehicleDocsKit();
const { vehicleOf, post, get, pickup, moveTo } = kit;
let ctx: TestContext;
let db: Db;
let staff: TestUser;
beforeAll(() => {
  ({ ctx, db, staff } = kit.suite);
});

const fee = (state: number, doc: string, use = "any", band = "any") => {
  const row = vehicleDocFeeRows().find(
    (r) => r.stateId === state && r.documentType === doc && r.vehicleUse === use && r.engineBand === band,
  );
  if (!row) throw new Error(`no seeded fee ${state} ${doc} ${use} ${band}`);
  return row.feeMinor;
};

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

  it("is offered where the country's row says so: a Nigerian account is refused once Nigeria's row drops it", async () => {
    const driver = await fundedUser(db, 0);
    const quote = () =>
      post(driver, "/vehicle-docs/quote", {
        type: "drivers_licence",
        state_code: "LA",
        documents: ["drivers_licence_3y"],
        delivery: pickup(),
      });
    expect((await quote()).statusCode).toBe(200);
    await db.execute(sql`UPDATE countries SET services = '{}' WHERE code = 'NG'`);
    servedCountries(db).invalidate();
    try {
      const res = await quote();
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe("not_in_nigeria");
    } finally {
      await db.execute(sql`UPDATE countries SET services = '{vehicle_docs}' WHERE code = 'NG'`);
      servedCountries(db).invalidate();
    }
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
