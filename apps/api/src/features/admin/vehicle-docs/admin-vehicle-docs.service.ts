/**
 * The back office's vehicle document requests and fee tables (decision 031): each change runs
 * through the vehicle-docs service and writes its audit entry in the change's own transaction.
 */
import type { VehicleDocStage, VehicleDocType } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import type { Jobs } from "../../../jobs/queue";
import * as docs from "../../vehicle-docs/vehicle-docs.service";
import type { OnChange, RequestRow } from "../../vehicle-docs/vehicle-docs.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export interface AdminVehicleDocDeps {
  db: Db;
  jobs: Jobs;
  clock: Clock;
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
  body: { to: VehicleDocStage; note?: string | undefined },
) {
  const moved = await docs.moveRequest(
    deps,
    { code, to: body.to, note: body.note, actor: { role: "staff", userId: actor.userId } },
    audited(actor, "vehicle_doc_request.stage"),
  );
  return docs.staffView(deps.db, moved);
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
  return docs.staffView(deps.db, moved);
}

export async function refund(deps: AdminVehicleDocDeps, actor: AuditActor, code: string, note?: string) {
  const moved = await docs.moveRequest(
    deps,
    { code, to: "refunded", note, actor: { role: "staff", userId: actor.userId } },
    audited(actor, "vehicle_doc_request.refund"),
  );
  return docs.staffView(deps.db, moved);
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
  return docs.staffView(deps.db, updated);
}

export function updateFee(deps: AdminVehicleDocDeps, actor: AuditActor, id: number, fee: number) {
  return docs.updateFee(deps, actor.userId, id, fee, (tx, before, after) =>
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
  return docs.updateServiceCharge(deps, actor.userId, serviceCharge, (tx, before, after) =>
    recordAudit(tx, actor, {
      action: "vehicle_doc_service_charge.update",
      entity: "vehicle_doc_service_charge",
      entityId: "NG",
      operatorId: null,
      before: { service_charge_minor: before.feeMinor },
      after: { service_charge_minor: after.feeMinor },
    }),
  );
}

export const listQueue = docs.listQueue;
export const getRequest = docs.getForStaff;
export const listFees = docs.listFees;
