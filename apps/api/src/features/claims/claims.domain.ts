/**
 * Claims' pure rules (decision 057): when a reason may be claimed, what a rule resolves at once,
 * the window a rebooking takes, and the queue's clock (the part of a purchase a partial refund
 * gives back is receipts' partOfReversal).
 */
import {
  CLAIM_REBOOKABLE,
  CLAIM_WINDOWS,
  GATE_CLAIM_HOURS,
  PARKWELL_BEARS,
  type ClaimReason,
} from "@parkwell/contract";

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** The stretch a claim is about: a booking's window or a pass term's, and when it was bought. */
export interface ClaimedWindow {
  start: Date;
  end: Date;
  boughtAt: Date;
}

export const WINDOW_NOT_OPEN = "This problem can be reported only once the parking is about to start";
export const WINDOW_CLOSED = "It is too late to report this problem for this parking";

/** Why `reason` cannot be claimed at `now` for `w` (CLAIM_WINDOWS), or null when it can. */
export function windowProblem(reason: ClaimReason, w: ClaimedWindow, now: Date): string | null {
  const rule = CLAIM_WINDOWS[reason];
  const opens =
    rule.opensBeforeStartMinutes === null
      ? w.boughtAt.getTime()
      : w.start.getTime() - rule.opensBeforeStartMinutes * MINUTE_MS;
  if (now.getTime() < opens) return WINDOW_NOT_OPEN;
  if (now.getTime() > w.end.getTime() + rule.closesAfterEndHours * HOUR_MS) return WINDOW_CLOSED;
  return null;
}

/** When staff should have decided a claim filed at `filedAt`: the country's hours later. */
export const dueAtOf = (filedAt: Date, hours: number): Date => new Date(filedAt.getTime() + hours * HOUR_MS);

/** Whether an open claim is past its due time at `now`. */
export const isOverdue = (c: { status: string; dueAt: Date }, now: Date): boolean =>
  c.status === "open" && now.getTime() > c.dueAt.getTime();

/**
 * What the rules decide at once, or null to send the claim to staff: a `park_full` claim when the
 * cars the gate counts inside (checked-in bookings, parked drive-ups, passes' visits) fill every
 * space of the vehicle type. Nothing else is decided without a person.
 */
export function ruleDecision(
  reason: ClaimReason,
  live: { inside: number; capacity: number },
): { decision: "refund_full"; rule: "park_full_at_gate" } | null {
  if (reason === "park_full" && live.inside >= live.capacity) {
    return { decision: "refund_full", rule: "park_full_at_gate" };
  }
  return null;
}

/** Whether Parkwell bears a refund of this reason (the operator keeps its share). */
export const parkwellBears = (reason: ClaimReason): boolean => PARKWELL_BEARS[reason];

/** Whether a space at another park mends a claim of this reason (CLAIM_REBOOKABLE). */
export const rebookable = (reason: ClaimReason): boolean => CLAIM_REBOOKABLE[reason];

/**
 * The window a claim's rebooking takes at `now`: the booking's own when it has not started; once
 * started, what is left of it, from `now` rounded up to the minute to its end; null when nothing
 * is left (the claim is then refunded, not rebooked).
 */
export function rebookWindow(
  booking: { startTime: Date; endTime: Date },
  now: Date,
): { start: Date; end: Date } | null {
  const from =
    booking.startTime.getTime() > now.getTime()
      ? booking.startTime
      : new Date(Math.ceil(now.getTime() / MINUTE_MS) * MINUTE_MS);
  return from.getTime() < booking.endTime.getTime() ? { start: from, end: booking.endTime } : null;
}

/** When the gate's list starts at `now`: claims filed since are its attendant's to confirm. */
export const gateSince = (now: Date): Date => new Date(now.getTime() - GATE_CLAIM_HOURS * HOUR_MS);

/** Whether a claim is still on the gate's list at `now` (filed within GATE_CLAIM_HOURS). */
export const atGate = (c: { filedAt: Date }, now: Date): boolean =>
  c.filedAt.getTime() >= gateSince(now).getTime();

/** decided_by_rule of a claim the park's attendant confirmed at the gate (decided_by: the attendant). */
export const ATTENDANT_CONFIRMED = "attendant_confirmed";

/** Who decided a claim, as the driver and staff read it. */
export const decidedByOf = (c: { decidedByRule: string | null }): "rule" | "attendant" | "staff" =>
  c.decidedByRule === ATTENDANT_CONFIRMED ? "attendant" : c.decidedByRule ? "rule" : "staff";
