/** A claim as the driver and the back office read it (decision 057). Pure. */
import type { AdminClaim, Claim, ClaimDecisionKind, ClaimReason, ClaimStatus } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import { decidedByOf, isOverdue, parkwellBears } from "./claims.domain";
import type { ClaimView } from "./claims.repo";

export function presentClaim(
  v: ClaimView,
  decimals: number,
  photo: { url: string; expires_at: string } | null,
): Claim {
  const c = v.row;
  const money = (minor: number) => toMajor(minor, decimals);
  return {
    id: c.id,
    code: c.code,
    reason: c.reason as ClaimReason,
    status: c.status as ClaimStatus,
    booking: c.bookingId && v.bookingCode ? { id: c.bookingId, code: v.bookingCode } : null,
    pass:
      c.passId && v.passCode && c.passPeriod !== null
        ? { id: c.passId, code: v.passCode, term: c.passPeriod }
        : null,
    park: { id: c.parkId, name: v.parkName },
    time_zone: v.timeZone,
    currency: c.currency.trim(),
    paid: money(v.paidMinor),
    details: c.details,
    location:
      c.latitude !== null && c.longitude !== null ? { latitude: c.latitude, longitude: c.longitude } : null,
    photo,
    filed_at: c.filedAt.toISOString(),
    due_at: c.dueAt.toISOString(),
    decision:
      c.decision && c.decidedAt
        ? {
            kind: c.decision as ClaimDecisionKind,
            refund: c.decision === "decline" || c.decision === "rebook" ? null : money(c.refundMinor),
            reason: c.decisionReason,
            by: decidedByOf(c),
            at: c.decidedAt.toISOString(),
            rebooked:
              c.rebookedBookingId && v.rebooked
                ? {
                    booking_id: c.rebookedBookingId,
                    booking_code: v.rebooked.bookingCode,
                    park: { id: v.rebooked.parkId, name: v.rebooked.parkName },
                  }
                : null,
          }
        : null,
  };
}

export function presentAdminClaim(
  v: ClaimView,
  decimals: number,
  photo: { url: string; expires_at: string } | null,
  now: Date,
): AdminClaim {
  return {
    ...presentClaim(v, decimals, photo),
    driver_first_name: v.firstName,
    parkwell_bears: parkwellBears(v.row.reason as ClaimReason),
    overdue: isOverdue(v.row, now),
    refundable: toMajor(Math.max(0, v.refundableMinor), decimals),
    checked_in_at: v.checkedInAt?.toISOString() ?? null,
    decided_by_name: v.decidedByName,
  };
}
