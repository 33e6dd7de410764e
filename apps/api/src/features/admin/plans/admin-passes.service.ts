/**
 * The back office's passes (docs/PRODUCT-RULES.md#monthly-passes): the passes sold at the parks in
 * the caller's scope, and the marked space of a pass on a plan with named spaces. A label names
 * one space: two passes holding space at the same park now never share one.
 */
import {
  PASS_LABEL_NOT_NAMED_MESSAGE,
  type AdminPass,
  type AdminPassList,
  type AdminPassListQuery,
} from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import { listPage } from "../../../lib/pagination";
import { requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";
import { presentAdminPass } from "./admin-passes.present";
import * as repo from "./admin-passes.repo";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const passNotFound = () => AppError.notFound("Pass not found", "pass_not_found");

export async function list(db: Db, access: StaffAccess, q: AdminPassListQuery): Promise<AdminPassList> {
  if (q.park_id !== undefined) await requireParkInScope(db, access, q.park_id);
  const { rows, total } = await repo.listPasses(db, {
    parkIds: access.parkIds,
    parkId: q.park_id,
    planId: q.plan_id,
    status: q.status,
    search: q.search || undefined,
    page: q.page,
    size: q.size,
  });
  return listPage(rows.map(presentAdminPass), total, q);
}

/** Sets or clears a pass's space label; the change is audited with the label before and after. */
export async function setSpaceLabel(
  db: Db,
  access: StaffAccess,
  actor: AuditActor,
  id: string,
  label: string | null,
  now: Date,
): Promise<AdminPass> {
  if (!UUID.test(id)) throw passNotFound();
  return db.transaction(async (tx) => {
    const found = await repo.findPass(tx, id, access.parkIds, true);
    if (!found) throw passNotFound();
    if (label !== null && found.status === "ended") {
      throw new AppError(422, "pass_ended", "This pass has ended");
    }
    if (label !== null && found.space_mode !== "named") {
      throw new AppError(422, "plan_spaces_not_named", PASS_LABEL_NOT_NAMED_MESSAGE);
    }
    if (label === found.space_label) return presentAdminPass(found);
    if (label !== null) {
      await repo.lockParkLabels(tx, Number(found.park_id));
      const other = await repo.labelHolder(tx, Number(found.park_id), label, found.id);
      if (other) {
        throw new AppError(409, "space_label_taken", `Pass ${other} already has the space ${label}`);
      }
    }
    await repo.setSpaceLabel(tx, found.id, label, now);
    await recordAudit(tx, actor, {
      action: "pass.space_label",
      entity: "pass",
      entityId: found.id,
      operatorId: found.operator_id === null ? null : Number(found.operator_id),
      before: { space_label: found.space_label },
      after: { space_label: label },
    });
    return presentAdminPass((await repo.findPass(tx, id, null))!);
  });
}
