/**
 * The back office's insurers of comprehensive motor insurance (decision 031): each change runs
 * through the vehicle-docs service and writes its audit entry in the change's own transaction.
 */
import type { AdminVehicleDocInsurerBody } from "@parkwell/contract";
import * as tables from "../../vehicle-docs/vehicle-docs-tables.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import type { AdminVehicleDocDeps } from "./admin-vehicle-docs.service";

/** Every insurer, the inactive ones too. */
export const listInsurers = (db: AdminVehicleDocDeps["db"]) => tables.listInsurers(db, true);

export function updateInsurer(
  deps: AdminVehicleDocDeps,
  actor: AuditActor,
  id: number,
  body: AdminVehicleDocInsurerBody,
) {
  return tables.updateInsurer(deps, actor.userId, id, body, (tx, before, after) =>
    recordAudit(tx, actor, {
      action: "vehicle_doc_insurer.update",
      entity: "vehicle_doc_insurer",
      entityId: id,
      operatorId: null,
      before: {
        rate_bps: before.rateBps,
        minimum_premium_minor: before.minimumPremiumMinor,
        active: before.active,
      },
      after: {
        rate_bps: after.rateBps,
        minimum_premium_minor: after.minimumPremiumMinor,
        active: after.active,
      },
    }),
  );
}
