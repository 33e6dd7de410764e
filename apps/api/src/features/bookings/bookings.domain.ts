/**
 * Booking rules as pure functions of their inputs and the time (the window a driver may book is
 * the contract's `windowVerdict`): which status changes are allowed, and what each one charges or refunds (integer minor units).
 * The refund percentage comes from the contract's cancellation policy, the one place it is defined.
 */
import {
  BOOKING_MAX_DAYS,
  CANCELLATION_REFUNDS_FEES,
  refundPercentAt,
  type BookingStatus,
  type DayHours,
} from "@parkwell/contract";

/** Same shape as parks.opening_hours (Monday first); the window rules are the contract's (opening-hours.ts). */
export type OpeningHours = DayHours[];

const DAY_MS = 24 * 60 * 60_000;

export interface BookingState {
  status: BookingStatus;
  startTime: Date;
  endTime: Date;
  /** When the car came in at the gate (it may be let in a little before the start). */
  checkedInAt: Date | null;
}

export const CHECKED_IN_NO_CANCEL =
  "This car is in the car park: a booking cannot be cancelled once it has checked in";

/** Why an extension to `newEnd` is refused, or null when allowed (opening hours checked apart). */
export function extendProblem(b: BookingState, newEnd: Date, now: Date): string | null {
  if (b.status !== "active") return "Only an active booking can be extended";
  if (now.getTime() >= b.endTime.getTime()) return "This booking has already ended";
  if (newEnd.getTime() <= b.endTime.getTime()) return "The new end time must be after the current end time";
  if (newEnd.getTime() - b.startTime.getTime() > BOOKING_MAX_DAYS * DAY_MS) {
    return `A booking can last at most ${BOOKING_MAX_DAYS} days`;
  }
  return null;
}

export type StatusChange = { ok: true; kind: "cancel" | "renew" } | { ok: false; message: string };

/**
 * `active` → `cancelled` before start while the car is not in (its space stays held until it
 * leaves); `cancelled` → `active` (renew) while the start is ahead.
 */
export function statusChange(b: BookingState, target: "active" | "cancelled", now: Date): StatusChange {
  if (target === "cancelled") {
    if (b.status !== "active") return { ok: false, message: "Only an active booking can be cancelled" };
    if (b.checkedInAt) return { ok: false, message: CHECKED_IN_NO_CANCEL };
    if (refundPercentAt(b.startTime, now) === null) {
      return { ok: false, message: "A booking cannot be cancelled after it has started" };
    }
    return { ok: true, kind: "cancel" };
  }
  if (b.status !== "cancelled") return { ok: false, message: "Only a cancelled booking can be renewed" };
  if (now.getTime() >= b.startTime.getTime()) {
    return { ok: false, message: "A booking can only be renewed before it starts" };
  }
  return { ok: true, kind: "renew" };
}

/**
 * The refund of a cancellation at `now`: the policy's percentage of the parking amount (fees are
 * kept unless the policy says otherwise), rounded down, never more than the wallet paid.
 */
export function refundMinor(
  b: { startTime: Date; parkingMinor: number; totalMinor: number; paidMinor: number },
  now: Date,
): { percent: number | null; amountMinor: number } {
  const percent = refundPercentAt(b.startTime, now);
  if (percent === null) return { percent, amountMinor: 0 };
  const base = CANCELLATION_REFUNDS_FEES ? b.totalMinor : b.parkingMinor;
  return { percent, amountMinor: Math.min(b.paidMinor, Math.floor((base * percent) / 100)) };
}

/** An extension, or a renewal, charges what the window now costs minus what the wallet already holds. */
export function chargeDueMinor(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

/** No 0/O, 1/I/L: codes are read aloud at gates and typed from paper. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** `PW-` and 8 characters: 31^8 ≈ 8.5e11 codes; a unique index catches the rare collision. */
export function bookingCode(randomBytes: Uint8Array): string {
  let out = "PW-";
  for (let i = 0; i < 8; i += 1) out += CODE_ALPHABET[(randomBytes[i] ?? 0) % CODE_ALPHABET.length];
  return out;
}
