/**
 * The back office's reviews (decision 033): what the staff member's parks were told, the
 * operator's one reply, Parkwell's moderation. The rules of a review are features/reviews'; here
 * are the scope (decision 022), who may hide, and the audit row written in the same transaction.
 */
import type { AdminReview, AdminReviewsQuery } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import * as reviews from "../../reviews/reviews.service";
import { MODERATION_IS_PARKWELL } from "../../../lib/messages/reviews";
import type { StaffAccess } from "../access.service";
import { recordAudit, type AuditActor } from "../audit.repo";

export function listReviews(db: Db, staff: StaffAccess, q: AdminReviewsQuery) {
  return reviews.reviewsInScope(db, staff.parkIds, q);
}

export async function replyToReview(
  db: Db,
  clock: Clock,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  text: string,
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const done = await reviews.replyInTx(tx, staff.parkIds, staff.userId, id, text, clock());
    await recordAudit(tx, actor, {
      action: "review.reply",
      entity: "review",
      entityId: id,
      operatorId: staff.operator?.id ?? null,
      before: { reply: null },
      after: { reply: done.reply },
    });
  });
  return reviews.staffReview(db, id);
}

/**
 * Parkwell's staff hide a review that breaks the rules, with the reason kept. An operator's staff
 * cannot, whatever their role's permissions say: the operator is the party reviewed.
 */
export async function hideReview(
  db: Db,
  clock: Clock,
  staff: StaffAccess,
  actor: AuditActor,
  id: number,
  reason: string,
): Promise<AdminReview> {
  if (staff.operator !== null) throw new AppError(403, "forbidden", MODERATION_IS_PARKWELL);
  await db.transaction(async (tx) => {
    const done = await reviews.hideInTx(tx, staff.parkIds, staff.userId, id, reason, clock());
    await recordAudit(tx, actor, {
      action: "review.hide",
      entity: "review",
      entityId: id,
      operatorId: null,
      before: { hidden: false },
      after: { hidden: true, reason: done.reason },
    });
  });
  return reviews.staffReview(db, id);
}
