/**
 * The back office's vehicle document requests and fee tables (decision 031): each change runs
 * through the vehicle-docs service and writes its audit entry in the change's own transaction.
 */
import type { VehicleDocStage, VehicleDocType, VehicleUse } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { Jobs } from "../../../jobs/queue";
import * as tables from "../../vehicle-docs/vehicle-docs-tables.service";
import * as docs from "../../vehicle-docs/vehicle-docs.service";
import type { OnChange, RequestRow } from "../../vehicle-docs/vehicle-docs.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import * as repo from "./admin-vehicle-docs.repo";

export interface AdminVehicleDocDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
}

type Viewed = { vehicle_id: number | null };

/**
 * Adds what staff read beside each request: the vehicle as the driver saved it (make, model,
 * colour, year, engine capacity, chassis number, use, state of registration).
 */
async function withExtras<T extends Viewed>(db: Db, views: T[]) {
  const vehicleIds = [...new Set(views.flatMap((v) => (v.vehicle_id === null ? [] : [v.vehicle_id])))];
  const vehicles = await repo.vehiclesByIds(db, vehicleIds);
  return views.map((v) => {
    const vehicle = vehicles.find((x) => x.id === v.vehicle_id);
    return {
      ...v,
      vehicle: vehicle
        ? {
            make: vehicle.make,
            model: vehicle.model,
            color: vehicle.color,
            year: vehicle.year,
            engine_cc: vehicle.engineCc,
            vin: vehicle.vin,
            vehicle_use: vehicle.vehicleUse as VehicleUse | null,
            registration_state: vehicle.registrationState,
          }
        : null,
    };
  });
}

/** A request as the back office answers it. */
async function staffViewOf(db: Db, r: RequestRow) {
  const [view] = await withExtras(db, [await docs.staffView(db, r)]);
  return view!;
}

const snapshot = (r: RequestRow) => ({
  stage: r.stage,
  refunded_minor: r.refundedMinor,
  question: r.question,
  answer: r.answer,
});

/** The audit entry of a change to a request. */
const audited =
  (actor: AuditActor, action: string, extra?: unknown): OnChange =>
  (tx, before, after) =>
    recordAudit(tx, actor, {
      action,
      entity: "vehicle_doc_request",
      entityId: after.code,
      operatorId: null,
      before: snapshot(before),
      after: extra === undefined ? snapshot(after) : { ...snapshot(after), ...(extra as object) },
    });

export async function moveStage(
  deps: AdminVehicleDocDeps,
  actor: AuditActor,
  code: string,
  body: {
    to: VehicleDocStage;
    note?: string | undefined;
    expiries?: { document_type: VehicleDocType; expires_on: string }[] | undefined;
  },
) {
  const moved = await docs.moveRequest(
    deps,
    {
      code,
      to: body.to,
      note: body.note,
      expiries: body.expiries,
      actor: { role: "staff", userId: actor.userId },
    },
    audited(actor, "vehicle_doc_request.stage", body.expiries ? { expiries: body.expiries } : undefined),
  );
  return staffViewOf(deps.db, moved);
}

export async function askQuestion(
  deps: AdminVehicleDocDeps,
  actor: AuditActor,
  code: string,
  question: string,
) {
  const moved = await docs.moveRequest(
    deps,
    { code, to: "info_needed", question, actor: { role: "staff", userId: actor.userId } },
    audited(actor, "vehicle_doc_request.question"),
  );
  return staffViewOf(deps.db, moved);
}

export async function refund(deps: AdminVehicleDocDeps, actor: AuditActor, code: string, note?: string) {
  const moved = await docs.moveRequest(
    deps,
    { code, to: "refunded", note, actor: { role: "staff", userId: actor.userId } },
    audited(actor, "vehicle_doc_request.refund"),
  );
  return staffViewOf(deps.db, moved);
}

export async function recordExpiries(
  deps: AdminVehicleDocDeps,
  actor: AuditActor,
  code: string,
  expiries: { document_type: VehicleDocType; expires_on: string }[],
) {
  const updated = await docs.recordExpiries(
    deps,
    code,
    expiries,
    audited(actor, "vehicle_doc_request.expiries", { expiries }),
  );
  return staffViewOf(deps.db, updated);
}

export function updateFee(deps: AdminVehicleDocDeps, actor: AuditActor, id: number, fee: number) {
  return tables.updateFee(deps, actor.userId, id, fee, (tx, before, after) =>
    recordAudit(tx, actor, {
      action: "vehicle_doc_fee.update",
      entity: "vehicle_doc_fee",
      entityId: id,
      operatorId: null,
      before: { fee_minor: before.feeMinor },
      after: { fee_minor: after.feeMinor },
    }),
  );
}

export function updateServiceCharge(deps: AdminVehicleDocDeps, actor: AuditActor, serviceCharge: number) {
  return tables.updateServiceCharge(deps, actor.userId, serviceCharge, (tx, before, after, countryCode) =>
    recordAudit(tx, actor, {
      action: "vehicle_doc_service_charge.update",
      entity: "vehicle_doc_service_charge",
      entityId: countryCode,
      operatorId: null,
      before: { service_charge_minor: before.feeMinor },
      after: { service_charge_minor: after.feeMinor },
    }),
  );
}

export async function listQueue(db: Db, clock: Clock, q: Parameters<typeof docs.listQueue>[2]) {
  const page = await docs.listQueue(db, clock, q);
  return { ...page, items: await withExtras(db, page.items) };
}

export async function getRequest(db: Db, code: string) {
  const [view] = await withExtras(db, [await docs.getForStaff(db, code)]);
  return view!;
}
export const listFees = tables.listFees;
