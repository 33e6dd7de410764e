import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { fundedUser } from "../bookings/bookings.test-kit";
import { ngParks } from "../marketplace/marketplace.test-kit";
import { fingerprintOf } from "./purchases.domain";
import { purchaseCodes } from "./purchases.service";

/**
 * The purchase engine, seen through a kind on it (a vehicle-document request): one `purchases` row
 * per purchase with its code and key, a code drawn again when another purchase has it, and the
 * Idempotency-Key answered from that row.
 */
describe("the purchase engine", () => {
  let ctx: TestContext;
  let db: Db;
  let park: number;
  const draw = purchaseCodes.draw;

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    [park] = (await ngParks(db, 1)) as [number];
  }, 60_000);
  afterAll(() => ctx?.close());
  afterEach(async () => {
    purchaseCodes.draw = draw;
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  async function vehicleOf(driver: TestUser): Promise<number> {
    const [v] = await db
      .insert(userVehicles)
      .values({
        userId: driver.id,
        plateNumber: `ENG${Math.floor(Math.random() * 1e6)}`,
        vehicleTypeId: 1,
        registrationStateId: 1,
        engineCc: 1600,
        vehicleUse: "private",
      })
      .returning({ id: userVehicles.id });
    return v!.id;
  }
  const request = (driver: TestUser, vehicleId: number, key?: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/v1/vehicle-docs/requests",
      headers: { ...bearer(driver), ...(key ? { "idempotency-key": key } : {}) },
      payload: {
        type: "vehicle_papers",
        vehicle_id: vehicleId,
        documents: ["vehicle_licence"],
        delivery: { park_id: park },
      },
    });
  const purchaseRows = (userId: string) =>
    queryRows<{ kind: string; code: string; idempotency_key: string | null; request_hash: string | null }>(
      db,
      sql`SELECT kind, code, idempotency_key, request_hash FROM purchases WHERE user_id = ${userId} ORDER BY created_at`,
    );

  it("writes one purchases row per purchase, with its kind, code, key and the request's fingerprint", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const vehicle = await vehicleOf(driver);
    const first = await request(driver, vehicle, "engine-key-1");
    expect(first.statusCode, first.body).toBe(201);
    const again = await request(driver, vehicle, "engine-key-1");
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().code).toBe(first.json().code);
    const rows = await purchaseRows(driver.id);
    expect(rows).toEqual([
      {
        kind: "vehicle_docs",
        code: first.json().code,
        idempotency_key: "engine-key-1",
        request_hash: fingerprintOf([
          "vehicle_papers",
          vehicle,
          null,
          ["vehicle_licence"],
          { park_id: park },
          null,
        ]),
      },
    ]);
  });

  it("draws the code again when another purchase has it, and keeps a key's answer to its own purchase", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const vehicle = await vehicleOf(driver);
    const taken = (await request(driver, vehicle)).json().code as string;
    const drawn: string[] = [];
    purchaseCodes.draw = (prefix) => {
      const code = drawn.length === 0 ? taken : draw(prefix);
      drawn.push(code);
      return code;
    };
    const second = await request(driver, vehicle, "engine-key-2");
    expect(second.statusCode, second.body).toBe(201);
    expect(drawn).toHaveLength(2);
    expect(second.json().code).toBe(drawn[1]);
    expect(second.json().code).not.toBe(taken);
    const rows = await purchaseRows(driver.id);
    expect(rows.map((r) => r.code)).toEqual([taken, drawn[1]]);
  });

  it("refuses the same key with another request, and charges nothing for it", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const vehicle = await vehicleOf(driver);
    expect((await request(driver, vehicle, "engine-key-3")).statusCode).toBe(201);
    const other = await request(driver, await vehicleOf(driver), "engine-key-3");
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: "idempotency_key_reused" });
    expect(await purchaseRows(driver.id)).toHaveLength(1);
  });
});
