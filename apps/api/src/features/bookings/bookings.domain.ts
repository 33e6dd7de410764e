/**
 * Booking rules as pure functions of their inputs and the time (the window a driver may book is
 * the contract's `windowVerdict`): which status changes are allowed, and what each one charges or refunds (integer minor units).
 * The refund percentage comes from the contract's cancellation policy, the one place it is defined.
 */
import {
  PURCHASE_KIND_FACTS,
  BOOKING_MAX_DAYS,
  CANCELLATION_REFUNDS_FEES,
  refundPercentAt,
  refundShareOf,
  type BookingStatus,
  type DayHours,
  netParkingMinor,
} from "@parkwell/contract";
import { readableCode } from "../../lib/readable-code";

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
 * The refund of a cancellation at `now`: the policy's percentage of the parking amount paid (after a
 * coupon's discount; fees are kept unless the policy says otherwise), rounded down, never more than
 * the wallet paid.
 */
export function refundMinor(
  b: { startTime: Date; breakdown: PriceLines; totalMinor: number; paidMinor: number },
  now: Date,
): { percent: number | null; amountMinor: number } {
  const percent = refundPercentAt(b.startTime, now);
  if (percent === null) return { percent, amountMinor: 0 };
  const base = CANCELLATION_REFUNDS_FEES ? b.totalMinor : netParkingMinor(b.breakdown);
  return { percent, amountMinor: Math.min(b.paidMinor, refundShareOf(base, percent)) };
}

/** A cancellation's money over the booking's price lines (minor units); `totalMinor` is their sum. */
export interface CancellationLinesMinor {
  parkingMinor: number;
  serviceFeeMinor: number;
  bookingFeeMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** A booking's price lines; the parking before a coupon's discount, which is given apart. */
type PriceLines = Pick<
  CancellationLinesMinor,
  "parkingMinor" | "serviceFeeMinor" | "bookingFeeMinor" | "taxMinor"
> & { couponDiscountMinor?: number | undefined };

const linesOf = (l: PriceLines): CancellationLinesMinor => ({
  ...l,
  totalMinor: l.parkingMinor + l.serviceFeeMinor + l.bookingFeeMinor + l.taxMinor,
});

/**
 * What a wallet keeps of a booking when `keptMinor` of it stays paid, line by line: the tax, the
 * booking fee and the service fee first (the policy never refunds them), the rest as parking.
 */
function keptLines(price: PriceLines, keptMinor: number): CancellationLinesMinor {
  let left = Math.max(0, keptMinor);
  const take = (n: number) => {
    const t = Math.min(left, Math.max(0, n));
    left -= t;
    return t;
  };
  const taxMinor = take(price.taxMinor);
  const bookingFeeMinor = take(price.bookingFeeMinor);
  const serviceFeeMinor = take(price.serviceFeeMinor);
  return linesOf({ parkingMinor: left, serviceFeeMinor, bookingFeeMinor, taxMinor });
}

/**
 * Line by line, what a cancellation gives back and what it keeps: for an active booking, cancelling
 * now (`refundMinor`, the policy's share of the parking amount); for a cancelled one, what its
 * cancellation did (the wallet now holds `paidMinor`, kept; the rest of each line came back).
 * Refund + kept = what the wallet had paid.
 */
export function cancellationLines(
  booked: PriceLines,
  b: { status: string; paidMinor: number },
  refundMinor: number,
): { refund: CancellationLinesMinor; kept: CancellationLinesMinor } {
  // A coupon's discount came off the parking: the lines are of the parking paid.
  const price = { ...booked, parkingMinor: netParkingMinor(booked), couponDiscountMinor: 0 };
  if (b.status === "cancelled") {
    const kept = keptLines(price, b.paidMinor);
    const refund = linesOf({
      parkingMinor: Math.max(0, price.parkingMinor - kept.parkingMinor),
      serviceFeeMinor: price.serviceFeeMinor - kept.serviceFeeMinor,
      bookingFeeMinor: price.bookingFeeMinor - kept.bookingFeeMinor,
      taxMinor: price.taxMinor - kept.taxMinor,
    });
    return { refund, kept };
  }
  return {
    refund: linesOf({ parkingMinor: refundMinor, serviceFeeMinor: 0, bookingFeeMinor: 0, taxMinor: 0 }),
    kept: keptLines(price, b.paidMinor - refundMinor),
  };
}

/** An extension, or a renewal, charges what the window now costs minus what the wallet already holds. */
export function chargeDueMinor(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

/** `PW-` and 8 readable characters (read aloud at gates, typed from paper): 31^8 ≈ 8.5e11 codes. */
export function bookingCode(randomBytes: Uint8Array): string {
  return readableCode(PURCHASE_KIND_FACTS.booking.codePrefix, 8, randomBytes);
}
