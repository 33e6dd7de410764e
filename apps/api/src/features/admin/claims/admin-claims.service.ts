/**
 * The back office's claims (decision 057): the queue of the staff member's parks, a claim with its
 * evidence, and the decision, each change with its audit entry in the decision's transaction. The
 * rules and the money are features/claims'.
 */
import type { AdminClaim, AdminClaimsQuery, ClaimDecisionBody } from "@parkwell/contract";
import { AppError } from "../../../lib/app-error";
import { decimalsRefusal, toMinor } from "../../../lib/money";
import * as read from "../../claims/claims-read.service";
import { decideClaim, type ClaimDeps } from "../../claims/claims.service";
import { servedCountries } from "../../reference/served-countries";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export function listClaims(deps: ClaimDeps, staff: StaffAccess, q: AdminClaimsQuery) {
  return read.staffQueue(deps, staff, q);
}

export function getClaim(deps: ClaimDeps, staff: StaffAccess, id: number): Promise<AdminClaim> {
  return read.staffClaim(deps, staff, id);
}

/** Decides an open claim at one of the staff member's parks: refund in full, in part, or decline with a reason. */
export async function decide(
  deps: ClaimDeps,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  body: ClaimDecisionBody,
): Promise<AdminClaim> {
  const seen = await read.claimInScope(deps, staff.parkIds, id);
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
    async (tx, before, after) => {
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
        },
      });
    },
  );
  return read.staffClaim(deps, staff, id);
}
