/**
 * The back office's payouts and payout accounts (issue #65): the caller's scope (Parkwell's admins
 * every operator, an operator's staff their own) and the audit entry of every change, around the
 * payouts feature's use cases.
 */
import type { PayoutAccountBody } from "@parkwell/contract";
import type { Language } from "../../../lib/language";
import type { StaffAccess } from "../../../lib/staff-access";
import * as accounts from "../../payouts/payout-accounts.service";
import type { PayoutAccountDeps } from "../../payouts/payout-accounts.service";
import { presentAccountAudit } from "../../payouts/payout-accounts.present";
import { setPayoutHold } from "../../payouts/payouts.service";
import { recordAudit, type AuditActor } from "../audit.repo";

/** Whose payouts a staff member sees: every operator's for Parkwell's admins, else its operator's (none without one). */
export function payoutScope(access: StaffAccess): number | null {
  if (access.role === "admin") return null;
  return access.operator?.id ?? 0;
}

export function addAccount(
  d: PayoutAccountDeps,
  access: StaffAccess,
  actor: AuditActor,
  body: PayoutAccountBody,
  language: Language,
) {
  const operatorId = accounts.operatorOfRequest(payoutScope(access), body.operator_id);
  return accounts.addAccount(d, operatorId, actor.userId, body, language, (tx, row) =>
    recordAudit(tx, actor, {
      action: "payout_account.create",
      entity: "payout_account",
      entityId: row.id,
      operatorId: row.operator_id,
      after: presentAccountAudit(row),
    }),
  );
}

export function cancelAccount(d: PayoutAccountDeps, access: StaffAccess, actor: AuditActor, id: number) {
  return d.db.transaction(async (tx) => {
    const { before, after } = await accounts.cancelAccount(d, tx, id, payoutScope(access));
    await recordAudit(tx, actor, {
      action: "payout_account.cancel",
      entity: "payout_account",
      entityId: id,
      operatorId: before.operator_id,
      before: presentAccountAudit(before),
      after: { status: after.status },
    });
    return after;
  });
}

export function confirmAccount(d: PayoutAccountDeps, access: StaffAccess, actor: AuditActor, token: string) {
  return d.db.transaction(async (tx) => {
    const { row, account } = await accounts.confirmAccount(d, tx, token, payoutScope(access));
    await recordAudit(tx, actor, {
      action: "payout_account.confirm",
      entity: "payout_account",
      entityId: row.id,
      operatorId: row.operator_id,
      after: presentAccountAudit(row),
    });
    return account;
  });
}

/** POST/DELETE /admin/operators/{id}/payout-hold (admins by default: `payouts.update`), audited. */
export function setHold(
  d: Pick<PayoutAccountDeps, "db" | "clock">,
  actor: AuditActor,
  operatorId: number,
  reason: string | null,
) {
  return d.db.transaction(async (tx) => {
    const { before, answer } = await setPayoutHold(tx, operatorId, reason, d.clock());
    await recordAudit(tx, actor, {
      action: reason === null ? "payout_hold.delete" : "payout_hold.create",
      entity: "operator",
      entityId: operatorId,
      operatorId,
      before,
      after: { reason },
    });
    return answer;
  });
}
