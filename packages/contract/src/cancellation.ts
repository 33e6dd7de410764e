/**
 * The cancellation policy as data: the booking code computes refunds from these rules and the
 * /cancellation-policy page renders them, so the page can never say something the code does not do.
 *
 * Rules are ordered by `minutesBeforeStart`, largest first: a cancellation made at least that many
 * minutes before the booking starts gets `refundPercent` of the parking amount back. A booking that
 * has started (less than 0 minutes before start) cannot be cancelled.
 */
export interface CancellationRule {
  /** The cancellation must happen at least this many minutes before the booking's start. */
  minutesBeforeStart: number;
  /** Percentage of the parking amount refunded to the wallet (0 to 100). */
  refundPercent: number;
}

export const CANCELLATION_RULES: readonly CancellationRule[] = [
  { minutesBeforeStart: 60, refundPercent: 100 },
  { minutesBeforeStart: 0, refundPercent: 50 },
] as const;

/** Service and booking fees pay for the transaction itself and are not refunded by a cancellation. */
export const CANCELLATION_REFUNDS_FEES = false;

/**
 * The percentage refunded when a booking starting at `start` is cancelled at `now`, or null when it
 * can no longer be cancelled (it has started).
 */
export function refundPercentAt(start: Date, now: Date): number | null {
  const minutesBefore = (start.getTime() - now.getTime()) / 60_000;
  for (const rule of CANCELLATION_RULES) {
    if (minutesBefore >= rule.minutesBeforeStart) return rule.refundPercent;
  }
  return null;
}
