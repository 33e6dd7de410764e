import { addDays, dayOnClock, type VehicleDocStage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { userVehicles } from "../../db/schema/index";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { contextClock } from "../../test/test-clock";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { createDeliveryArea, ngParks, resetDeliverySetup } from "../marketplace/marketplace.test-kit";
import { upsertExpiry } from "./vehicle-docs.repo";

/** Helpers the vehicle-docs request API tests share (test-only; not imported by production code). */

/**
 * A paper's expiry date as the driver's PUT .../expiries records it, written at `at` (a test on a
 * clock of its own cannot call the route: its tokens are the real clock's).
 */
export async function recordExpiry(
  db: Db,
  e: { userId: string; vehicleId: number | null; document: string; expiresOn: string; at: Date },
): Promise<void> {
  await upsertExpiry(db, {
    userId: e.userId,
    vehicleId: e.vehicleId,
    documentType: e.document,
    expiresOn: e.expiresOn,
    source: "driver",
    requestId: null,
    createdAt: e.at,
    updatedAt: e.at,
  });
}

/** Lagos = 1, FCT = 2, Rivers = 3, Kano = 4, Oyo = 5 (the seed's state ids). */
export const STATE = { LA: 1, FC: 2, RI: 3, KN: 4, OY: 5 } as const;

/** What a request test file works with; the kit's beforeAll fills it in. */
export interface VehicleDocsSuite {
  ctx: TestContext;
  db: Db;
  /** An admin. */
  staff: TestUser;
  /** A Nigerian park, the pickup point of `pickup()`. */
  park: number;
}

/**
 * Registers a request test file's hooks (a database with a delivery area, an admin, a Nigerian
 * park; after each test, no ledger or receipt violation) and answers the helpers bound to them.
 * Call it once at the top of the file; `suite` is filled in before the first test.
 */
export function vehicleDocsKit() {
  const suite = {} as VehicleDocsSuite;

  beforeAll(async () => {
    suite.ctx = await createTestContext();
    suite.db = suite.ctx.database.db;
    await resetDeliverySetup(suite.db);
    await createDeliveryArea(suite.db);
    [suite.park] = (await ngParks(suite.db, 1)) as [number];
    suite.staff = await createStaff(suite.db, "admin");
  });
  afterAll(async () => {
    await suite.ctx?.close();
  });
  afterEach(async () => {
    expect(await ledgerViolations(suite.db)).toEqual([]);
    expect(await receiptViolations(suite.db)).toEqual([]);
  });

  async function vehicleOf(
    user: TestUser,
    v: { state?: number | null; cc?: number | null; use?: "private" | "commercial" | null } = {},
  ): Promise<number> {
    const [row] = await suite.db
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

  const post = (user: TestUser, url: string, payload?: object, headers: Record<string, string> = {}) =>
    suite.ctx.app.inject({
      method: "POST",
      url: `/api/v1${url}`,
      headers: { ...bearer(user), ...headers },
      payload,
    });
  const get = (user: TestUser, url: string, lang = "en") =>
    suite.ctx.app.inject({
      method: "GET",
      url: `/api/v1${url}`,
      headers: { ...bearer(user), "accept-language": lang },
    });

  const pickup = () => ({ park_id: suite.park });

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

  /** The stages a request's e-mails were queued for, in order (the mail jobs written). */
  async function mailedStages(code: string): Promise<string[]> {
    const rows = await queryRows<{ stage: string }>(
      suite.db,
      sql`SELECT data->>'stage' AS stage FROM pgboss.job WHERE name = 'mail' AND data->>'type' = 'vehicle_docs'
          AND data->>'requestId' = (SELECT id::text FROM vehicle_doc_requests WHERE code = ${code})
        ORDER BY created_on`,
    );
    return rows.map((r) => r.stage);
  }

  /** Staff moves a request along the table's path from submitted to `stage`. */
  async function moveTo(code: string, stage: VehicleDocStage, kind: "delivery" | "pickup" = "pickup") {
    const path: VehicleDocStage[] = ["documents_checked", "at_office", "ready"];
    const last = kind === "pickup" ? "ready_for_pickup" : "out_for_delivery";
    for (const to of [...path, last, "delivered"] as VehicleDocStage[]) {
      if ((await stageOf(code)) === stage) return;
      if (to === "info_needed") continue;
      const res = await post(suite.staff, `/admin/vehicle-docs/requests/${code}/stage`, {
        to,
        ...(to === "delivered" ? { expiries: await expiriesFor(code, 365) } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** A day this many days after today on Nigeria's clock, read from the test's clock. */
  function daysAhead(days: number): string {
    return addDays(dayOnClock(contextClock(suite.db)(), "Africa/Lagos"), days);
  }

  /** Every document of a request with a new expiry date `days` from today: what Delivered needs. */
  async function expiriesFor(code: string, days: number) {
    const rows = await queryRows<{ document_type: string }>(
      suite.db,
      sql`SELECT i.document_type FROM vehicle_doc_request_items i
          JOIN vehicle_doc_requests r ON r.id = i.request_id WHERE r.code = ${code} ORDER BY i.id`,
    );
    return rows.map((r) => ({ document_type: r.document_type, expires_on: daysAhead(days) }));
  }

  async function stageOf(code: string): Promise<string> {
    const [row] = await queryRows<{ stage: string }>(
      suite.db,
      sql`SELECT stage FROM vehicle_doc_requests WHERE code = ${code}`,
    );
    return row!.stage;
  }

  return {
    suite,
    vehicleOf,
    post,
    get,
    pickup,
    placed,
    mailedStages,
    moveTo,
    daysAhead,
    expiriesFor,
    stageOf,
  };
}
