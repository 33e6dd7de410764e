/**
 * The back office's claims (decision 057): the queue of the staff member's parks, a claim with its
 * evidence, and the decision, each change with its audit entry in the decision's transaction. The
 * rules and the money are features/claims'.
 */
import type { AdminClaim, AdminClaimsQuery, ClaimDecisionBody, ClaimRebookParks } from "@parkwell/contract";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import * as read from "../../claims/claims-read.service";
import {
  decideClaim,
  rebookClaim,
  rebookParks,
  type ClaimDeps,
  type ClaimRow,
} from "../../claims/claims.service";
import { presentAlternative } from "../../guarantee/guarantee.present";
import { servedCountries } from "../../reference/served-countries";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export function listClaims(deps: ClaimDeps, staff: StaffAccess, q: AdminClaimsQuery) {
  return read.staffQueue(deps, staff, q);
}

export function getClaim(deps: ClaimDeps, staff: StaffAccess, id: number): Promise<AdminClaim> {
  return read.staffClaim(deps, staff, id);
}

/**
 * The nearest parks free for what is left of a claim's booking's window, with their price and
 * distance, for a `rebook` decision; the decision's own refusals when it cannot be rebooked.
 */
export async function parksForRebook(
  deps: ClaimDeps,
  staff: StaffAccess,
  id: number,
): Promise<ClaimRebookParks> {
  const seen = await read.claimInScope(deps, staff.parkIds, id);
  const r = await rebookParks(deps, seen.row);
  return {
    start_time: r.window.start.toISOString(),
    end_time: r.window.end.toISOString(),
    time_zone: seen.timeZone,
    currency: seen.row.currency.trim(),
    payer: r.payer.kind,
    alternatives: r.alternatives.map((a) => presentAlternative(a, r.decimals)),
  };
}

/**
 * Decides an open claim at one of the staff member's parks: refund in full, in part, decline with
 * a reason, or rebook at a park chosen among parksForRebook's (replayed with the same
 * Idempotency-Key: `replayed`).
 */
export async function decide(
  deps: ClaimDeps,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  body: ClaimDecisionBody,
  idempotencyKey?: string,
): Promise<{ claim: AdminClaim; replayed: boolean }> {
  const seen = await read.claimInScope(deps, staff.parkIds, id);
  const audit = async (tx: Tx, before: ClaimRow, after: ClaimRow) => {
    await recordAudit(tx, actor, {
      action: "claim.decide",
      entity: "claim",
      entityId: id,
      operatorId: staff.operator?.id ?? null,
      before: { status: before.status },
      after: {
        status: after.status,
        decision: after.decision,
        refund_minor: after.refundMinor,
        reason: after.decisionReason,
        code: after.code,
        ...(after.rebookedBookingId ? { rebooked_booking_id: after.rebookedBookingId } : {}),
      },
    });
  };
  if (body.decision === "rebook") {
    const { replayed } = await rebookClaim(
      deps,
      seen.row,
      {
        parkId: body.park_id!,
        reason: body.reason ?? null,
        by: { staffId: staff.userId },
        idempotencyKey,
      },
      audit,
    );
    return { claim: await read.staffClaim(deps, staff, id), replayed };
  }
  const currency = seen.row.currency.trim();
  const decimals = await servedCountries(deps.db).currencyDecimals(currency);
  const refusal = body.amount === undefined ? null : decimalsRefusal(body.amount, currency, decimals);
  if (refusal) throw AppError.validation({ amount: refusal });
  await decideClaim(
    deps,
    seen.row,
    {
      kind: body.decision,
      ...(body.decision === "refund_part" && body.amount !== undefined
        ? { amountMinor: toMinor(body.amount, decimals) }
        : {}),
      reason: body.reason ?? null,
      by: { staffId: staff.userId },
    },
    audit,
  );
  return { claim: await read.staffClaim(deps, staff, id), replayed: false };
}
