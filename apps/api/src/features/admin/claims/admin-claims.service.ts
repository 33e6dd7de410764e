/**
 * The back office's claims (decision 057): the queue of the staff member's parks, a claim with its
 * evidence, and the decision, each change with its audit entry in the decision's transaction. The
 * rules and the money are features/claims'.
 */
import {
  type AdminClaim,
  type AdminClaimsQuery,
  type ClaimDecisionBody,
  type ClaimRebookParks,
  type ClaimRemedy,
  type GateClaimList,
} from "@parkwell/contract";
import type { Tx } from "../../../db/tx";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import * as read from "../../claims/claims-read.service";
import {
  confirmClaim,
  decideClaim,
  rebookClaim,
  rebookParks,
  type ClaimDeps,
  type ClaimRow,
} from "../../claims/claims.service";
import { presentAlternative } from "../../guarantee/guarantee.present";
import { servedCountries } from "../../reference/served-countries";
import { requireParkInScope, type StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

/** A decision's audit entry (a staff decision or the attendant's confirmation), in its transaction. */
function claimAudit(
  actor: AuditActor,
  staff: StaffAccess,
  id: number,
  action: "claim.decide" | "claim.confirm",
) {
  return async (tx: Tx, before: ClaimRow, after: ClaimRow) => {
    await recordAudit(tx, actor, {
      action,
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
}

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
  const audit = claimAudit(actor, staff, id, "claim.decide");
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

// ------------------------------------------------------------------------------- the gate

/** How many problems the gate lists at most: the newest. */
export const GATE_CLAIMS_LIMIT = 20;

/**
 * The problems drivers reported at the attendant's parks (or the park chosen at the gate) that the
 * gate may confirm: open claims of a full park or a closed barrier filed within GATE_CLAIM_HOURS.
 */
export async function listGateClaims(
  deps: ClaimDeps,
  staff: StaffAccess,
  parkId: number | undefined,
): Promise<GateClaimList> {
  if (parkId !== undefined) await requireParkInScope(deps.db, staff, parkId);
  const rows = await read.gateQueue(deps, staff.parkIds, parkId, GATE_CLAIMS_LIMIT);
  return {
    items: rows.map((r) => ({
      id: r.id,
      code: r.code,
      reason: r.reason as GateClaimList["items"][number]["reason"],
      booking_code: r.bookingCode,
      pass_code: r.passCode,
      plate: r.plate,
      park: { id: r.parkId, name: r.parkName },
      time_zone: r.timeZone,
      filed_at: r.filedAt.toISOString(),
      remedy: (r.remedy === "rebook" ? "rebook" : "refund") satisfies ClaimRemedy,
    })),
  };
}

/**
 * The park's attendant confirms a problem at the gate (a claim at one of their parks, else 404):
 * decided at once as the park_full rule decides (confirmClaim), with its audit entry; a replay
 * with the same Idempotency-Key answers the claim as decided (`replayed`).
 */
export async function confirm(
  deps: ClaimDeps,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  idempotencyKey?: string,
): Promise<{ claim: AdminClaim; replayed: boolean }> {
  const seen = await read.claimInScope(deps, staff.parkIds, id);
  const { replayed } = await confirmClaim(
    deps,
    seen.row,
    staff.userId,
    idempotencyKey,
    claimAudit(actor, staff, id, "claim.confirm"),
  );
  return { claim: await read.staffClaim(deps, staff, id), replayed };
}
