import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { DEMO_DRIVER_EMAIL } from "./demo-pass.service";
import { DEMO_REQUEST_DOCUMENTS, DEMO_VEHICLE, ensureDemoVehicleDocs } from "./demo-vehicle-docs.service";
import { resetDemoData, resetDemoDataWhenDue } from "./demo.service";

/**
 * The demo driver's vehicle document renewal (decisions 014 and 031): a Lagos car with its renewal
 * details and one request at the licensing office, sent as a driver sends one (a demo top-up of
 * exactly what the wallet lacks, the request's charge and receipt, the timeline), once, and again
 * after each demo reset, whatever the visitor did meanwhile.
 */
describe("the demo driver's renewal request", () => {
  let ctx: TestContext;
  let db: Db;
  let driverId: string;
  let token: string;
  const clock = () => new Date();
  const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const requestsOf = () =>
    queryRows<{ id: string; code: string; stage: string; ledger_key: string; total_minor: string }>(
      db,
      sql`SELECT id, code, stage, ledger_key, total_minor FROM vehicle_doc_requests WHERE user_id = ${driverId}
        ORDER BY created_at`,
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`SELECT id FROM users WHERE email = ${DEMO_DRIVER_EMAIL}`,
    );
    driverId = row!.id;
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { identifier: DEMO_DRIVER_EMAIL, password: "drive-safely-2026" },
    });
    expect(login.statusCode, login.body).toBe(200);
    token = login.json().access_token;
  });
  afterAll(() => ctx?.close());
  afterEach(async () => {
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("gives the demo driver a Lagos car and a request at the office, paid through the ledger with its receipt", async () => {
    const before = await walletBalanceMinor(db, driverId, "NGN");
    expect(await ensureDemoVehicleDocs(db, clock, ctx.app.jobs)).toBe(true);
    // Once: a second call finds the request and sends none.
    expect(await ensureDemoVehicleDocs(db, clock, ctx.app.jobs)).toBe(true);
    const rows = await requestsOf();
    expect(rows).toHaveLength(1);
    const r = rows[0]!;
    expect(r.stage).toBe("at_office");
    expect(r.ledger_key).toBe(`vehicle_docs:${r.id}:1`);

    const vehicles = (await api("GET", "/vehicle-docs/vehicles")).json() as Record<string, unknown>[];
    expect(vehicles.find((v) => v.plate_number === DEMO_VEHICLE.plate)).toMatchObject({
      make: "Toyota",
      model: "Corolla",
      year: 2016,
      engine_cc: 1800,
      vin: DEMO_VEHICLE.vin,
      state_code: "LA",
      vehicle_use: "private",
    });
    const view = (await api("GET", `/vehicle-docs/requests/${r.code}`)).json();
    expect(view).toMatchObject({ stage: "at_office", can_cancel: false, delivery: { kind: "pickup" } });
    expect(view.lines.map((l: { document_type: string }) => l.document_type)).toEqual([
      ...DEMO_REQUEST_DOCUMENTS,
    ]);
    expect(view.timeline.map((t: { stage: string }) => t.stage)).toEqual([
      "submitted",
      "documents_checked",
      "at_office",
    ]);

    // The charge is the ledger's, the top-up paid exactly what was missing: the wallet is where it was.
    const moves = await queryRows<{ kind: string; key: string }>(
      db,
      sql`SELECT kind, idempotency_key AS key FROM ledger_transactions
        WHERE idempotency_key = ${r.ledger_key} OR idempotency_key LIKE 'topup:demo:demo-vehicle-docs:%'`,
    );
    expect(moves.map((m) => m.kind).sort()).toEqual(["topup", "vehicle_docs_charge"]);
    expect(await walletBalanceMinor(db, driverId, "NGN")).toBe(before);
    const receipts = await queryRows<{ kind: string; total_minor: string }>(
      db,
      sql`SELECT kind, total_minor FROM receipts WHERE reference = ${r.code}`,
    );
    expect(receipts).toEqual([{ kind: "vehicle_docs", total_minor: r.total_minor }]);
  });

  it("is put back as seeded by the reset: the visitor's changes and requests go, the car and one request at the office come back", async () => {
    const [first] = await requestsOf();
    const car = (
      (await api("GET", "/vehicle-docs/vehicles")).json() as { vehicle_id: number; plate_number: string }[]
    ).find((v) => v.plate_number === DEMO_VEHICLE.plate)!;
    // The visitor changes the car's details, records a date and sends a second request.
    expect(
      (
        await api("PUT", `/vehicle-docs/vehicles/${car.vehicle_id}`, {
          engine_cc: 3500,
          vehicle_use: "commercial",
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api("PUT", `/vehicle-docs/vehicles/${car.vehicle_id}/expiries`, {
          expiries: [{ document_type: "proof_of_ownership", expires_on: "2030-01-31" }],
        })
      ).statusCode,
    ).toBe(200);
    await db.execute(sql`SELECT 1`);
    const [park] = await queryRows<{ park_id: number }>(
      db,
      sql`SELECT pickup_park_id AS park_id FROM vehicle_doc_requests WHERE id = ${first!.id}`,
    );
    const topUp = await api("POST", "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: car.vehicle_id,
      documents: ["proof_of_ownership"],
      delivery: { park_id: park!.park_id },
    });
    // The wallet is empty: the visitor's request is refused (402) until they top up; either way the reset clears it.
    expect([201, 402]).toContain(topUp.statusCode);

    await resetDemoData(db, clock, ctx.app.jobs);
    const after = await requestsOf();
    expect(after).toHaveLength(1);
    expect(after[0]!.code).not.toBe(first!.code);
    expect(after[0]!.stage).toBe("at_office");
    const details = ((await api("GET", "/vehicle-docs/vehicles")).json() as Record<string, unknown>[]).find(
      (v) => v.plate_number === DEMO_VEHICLE.plate,
    )!;
    expect(details).toMatchObject({ engine_cc: 1800, vehicle_use: "private", expiries: [] });
    expect(await walletBalanceMinor(db, driverId, "NGN")).toBe(0);
  });

  it("is sent again by the scheduled reset when it is due", async () => {
    const t0 = Date.now() + 3 * 60 * 60_000;
    // The first check starts the clock; 31 minutes later the reset runs.
    await resetDemoDataWhenDue(db, () => new Date(t0), undefined, ctx.app.jobs);
    const ran = await resetDemoDataWhenDue(db, () => new Date(t0 + 31 * 60_000), undefined, ctx.app.jobs);
    expect(ran).toBe(true);
    const rows = await requestsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stage).toBe("at_office");
  });
});
