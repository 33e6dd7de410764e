/**
 * The demo driver's vehicle document renewal (decisions 014 and 031): a Lagos car with its renewal
 * details and one request in progress, at the licensing office. The request is sent as a driver
 * sends one (`placeRequest`: the charge in the ledger, its receipt, the timeline, the mail job):
 * when the wallet is short, the demo provider tops it up by exactly what is missing (a top-up in
 * the ledger) and the request is sent again, so the wallet ends where it was; then the demo admin
 * moves it along the stage table (`moveRequest`). Made at start in demo mode and after each reset.
 */
import { VehicleDocQuoteBodySchema } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { DEMO_PASS_PLAN } from "../../db/seed/plans";
import type { Jobs } from "../../jobs/queue";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMinor } from "../../lib/money";
import { servedCountries } from "../reference/served-countries";
import { placeRequest } from "../vehicle-docs/vehicle-docs-purchase.service";
import { moveRequest } from "../vehicle-docs/vehicle-docs.service";
import { creditTopUp } from "../wallet/ledger.service";
import { DEMO_DRIVER_EMAIL, DEMO_PASS_PLATE } from "./demo-pass.service";
import * as repo from "./demo.repo";

export const DEMO_ADMIN_EMAIL = "admin@parkwell.test";

/** The demo driver's car (the plate on their pass), registered in Lagos, for private use. */
export const DEMO_VEHICLE: repo.DemoVehicle = {
  plate: DEMO_PASS_PLATE,
  make: "Toyota",
  model: "Corolla",
  color: "Silver",
  year: 2016,
  engineCc: 1800,
  vin: "2T1BURHE6GC512345",
  stateCode: "LA",
  use: "private",
};

/** The papers of the demo request, collected at the demo pass's park. */
export const DEMO_REQUEST_DOCUMENTS = ["vehicle_licence", "roadworthiness", "third_party_insurance"] as const;

/**
 * Gives the demo driver their car and, when they have no renewal request, one at the licensing
 * office; false when there is no demo driver, admin or park.
 */
export async function ensureDemoVehicleDocs(db: Db, clock: Clock, jobs: Jobs): Promise<boolean> {
  const [driverId] = await repo.findUserIds(db, [DEMO_DRIVER_EMAIL]);
  const [adminId] = await repo.findUserIds(db, [DEMO_ADMIN_EMAIL]);
  if (!driverId || !adminId) return false;
  const vehicleId = await repo.ensureDemoVehicle(db, driverId, DEMO_VEHICLE);
  const parkId = await repo.firstParkOf(db, DEMO_PASS_PLAN.operator, DEMO_PASS_PLAN.city);
  if (vehicleId === undefined || parkId === undefined) return false;
  if (await repo.hasVehicleDocRequest(db, driverId)) return true;

  const now = clock();
  const deps = { db, clock, jobs };
  const body = VehicleDocQuoteBodySchema.parse({
    type: "vehicle_papers",
    vehicle_id: vehicleId,
    documents: DEMO_REQUEST_DOCUMENTS,
    delivery: { park_id: parkId },
  });
  const key = `demo-vehicle-docs:${now.toISOString()}`;
  let placed;
  try {
    placed = await placeRequest(deps, driverId, body, key);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    const currency = err.fields!.currency!;
    const decimals = await servedCountries(db).currencyDecimals(currency);
    await db.transaction((tx) =>
      creditTopUp(servedCountries(db), tx, {
        userId: driverId,
        provider: "demo",
        currency,
        amountMinor: toMinor(Number(err.fields!.amount_missing), decimals),
        idempotencyKey: `topup:demo:${key}`,
        reference: key,
        description: "Wallet top-up (demo)",
        at: now,
      }),
    );
    placed = await placeRequest(deps, driverId, body, key);
  }
  for (const to of ["documents_checked", "at_office"] as const) {
    await moveRequest(deps, { code: placed.request.code, to, actor: { role: "staff", userId: adminId } });
  }
  return true;
}
