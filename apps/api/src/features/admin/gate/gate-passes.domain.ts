/** The gate's rules for monthly passes as pure functions: when a pass is valid, which car enters. */
import { dayOnClock } from "@parkwell/contract";
import type { GateRefusal } from "./gate.domain";

const DAY_MS = 24 * 3_600_000;

interface PassSpan {
  status: string;
  startsAt: Date;
  paidUntil: Date;
  /** Null while the pass renews (held with no end). */
  heldUntil: Date | null;
}

/**
 * When a pass stops being valid: its held end once it is ended or cancelled, the end of its grace
 * while in grace (the renewal job lapses it then), none while it renews.
 */
export function passEnd(p: PassSpan, graceDays: number): Date | null {
  if (p.heldUntil) return p.heldUntil;
  if (p.status === "grace") return new Date(p.paidUntil.getTime() + graceDays * DAY_MS);
  return null;
}

/** Whether the pass is valid now: not ended, started. The dates are days on the park's clock. */
export function passSpanRefusal(p: PassSpan, now: Date, timeZone: string, graceDays: number): GateRefusal {
  const end = passEnd(p, graceDays);
  if (p.status === "ended" || (end && now >= end)) {
    const day = dayOnClock(end && end < now ? end : now, timeZone);
    return { status: 422, code: "pass_ended", message: `This pass ended on ${day}` };
  }
  if (now < p.startsAt) {
    return {
      status: 422,
      code: "pass_not_started",
      message: `This pass starts on ${dayOnClock(p.startsAt, timeZone)}`,
    };
  }
  return null;
}

export const PLATE_NOT_ON_PASS = "This plate is not on this pass";

/**
 * The car entering on a pass: the plate given, which must be one of the pass's; else its only
 * plate. A pass with two plates and none given asks which (the plates in `details`).
 */
export function enteringPlate(
  plates: string[],
  given: string | undefined,
): { plate: string } | { refusal: NonNullable<GateRefusal>; plates?: string[] } {
  if (given !== undefined) {
    return plates.includes(given)
      ? { plate: given }
      : { refusal: { status: 422, code: "plate_not_on_pass", message: PLATE_NOT_ON_PASS } };
  }
  if (plates.length === 1) return { plate: plates[0]! };
  return {
    refusal: {
      status: 422,
      code: "choose_plate",
      message: `Choose the car entering: ${plates[0]} or ${plates[1]}`,
    },
    plates,
  };
}
