/** The gate's rules as pure functions: when a car may enter, what an overstay costs, sale codes. */
import {
  CHECKIN_GRACE_MINUTES,
  dateTimeFormat,
  dayOnClock,
  POS_VOID_MINUTES,
  type ErrorCode,
} from "@parkwell/contract";
import { readableCode } from "../../../lib/readable-code";
import { parkingMinor, type HourlyRate } from "../../parks/pricing.domain";

const MINUTE_MS = 60_000;
const CLOCK: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };

/** "10:42" on the park's clock. */
export function clockTime(at: Date, timeZone: string): string {
  return dateTimeFormat(CLOCK, "en-GB", timeZone).format(at);
}

/** "10:42" when `at` is on the same day as `now` on the park's clock, else "2026-11-26 10:42". */
export function gateTime(at: Date, now: Date, timeZone: string): string {
  const day = dayOnClock(at, timeZone);
  const time = clockTime(at, timeZone);
  return day === dayOnClock(now, timeZone) ? time : [day, time].join(" ");
}

export type GateRefusal = { status: 409 | 422; code: ErrorCode; message: string } | null;

interface CheckinState {
  status: "active" | "completed" | "cancelled";
  startTime: Date;
  endTime: Date;
  checkedInAt: Date | null;
  /** A cut of the park's spaces moved it (the space guarantee offered): it holds no space here. */
  movedByCut?: boolean;
}

/**
 * Whether a booking's car may enter now: active, not in yet, holding its space (not moved by a cut
 * of the park's spaces), and inside its window, from CHECKIN_GRACE_MINUTES before its start until
 * its end. The times are on the park's clock.
 */
export function checkinRefusal(b: CheckinState, now: Date, timeZone: string): GateRefusal {
  if (b.checkedInAt) {
    return {
      status: 409,
      code: "already_checked_in",
      message: `Already checked in at ${clockTime(b.checkedInAt, timeZone)}`,
    };
  }
  if (b.status === "cancelled") {
    return { status: 409, code: "booking_cancelled", message: "This booking was cancelled" };
  }
  if (b.movedByCut && b.status === "active") {
    return {
      status: 409,
      code: "booking_moved",
      message:
        "This booking holds no space here: the car park cut its spaces and offered the driver another car park or a full refund",
    };
  }
  if (b.status === "completed" || now >= b.endTime) {
    return {
      status: 422,
      code: "booking_ended",
      message: `This booking ended at ${gateTime(b.endTime, now, timeZone)}`,
    };
  }
  if (now.getTime() < b.startTime.getTime() - CHECKIN_GRACE_MINUTES * MINUTE_MS) {
    return {
      status: 422,
      code: "too_early",
      message: `This booking starts at ${gateTime(b.startTime, now, timeZone)}`,
    };
  }
  return null;
}

interface CheckoutState {
  status: "active" | "completed" | "cancelled";
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
}

/** Whether a booking's car may leave now: it came in and has not left yet. */
export function checkoutRefusal(b: CheckoutState, timeZone: string): GateRefusal {
  if (b.checkedOutAt) {
    return {
      status: 409,
      code: "already_checked_out",
      message: `Already checked out at ${clockTime(b.checkedOutAt, timeZone)}`,
    };
  }
  if (b.status === "cancelled") {
    return { status: 409, code: "booking_cancelled", message: "This booking was cancelled" };
  }
  if (!b.checkedInAt) {
    return { status: 409, code: "not_checked_in", message: "This car was never checked in" };
  }
  return null;
}

/**
 * The time past the window's end at the exit, in whole minutes (started minutes), and its price:
 * [end, exit) priced as a window of its own by the park's rate (started hours, the daily cap),
 * without the booking fees (no booking was made for it). Nothing when the car left in time.
 */
export function overstay(
  end: Date,
  exit: Date,
  rate: HourlyRate | null,
): { minutes: number; amountMinor: number } {
  return overstayOf(exit.getTime() - end.getTime(), rate);
}

/**
 * `ms` of overstay in whole (started) minutes and its price by the park's rate, as a window of its
 * own: a booking's time past its end, a monthly pass's visit time outside its plan's hours.
 */
export function overstayOf(ms: number, rate: HourlyRate | null): { minutes: number; amountMinor: number } {
  if (ms <= 0) return { minutes: 0, amountMinor: 0 };
  const minutes = Math.ceil(ms / MINUTE_MS);
  return { minutes, amountMinor: rate ? parkingMinor(rate, ms).parking : 0 };
}

/** A drive-up stay's price by the park's rate for [start, exit): started hours, the daily cap. */
export function stayPrice(start: Date, exit: Date, rate: HourlyRate | null): number {
  if (!rate) return 0;
  // A car that leaves at once pays the first started hour, as a booking of the shortest window would.
  return parkingMinor(rate, Math.max(exit.getTime() - start.getTime(), 1)).parking;
}

/** `DU-` and 8 readable characters, as a booking code: 31^8 ≈ 8.5e11 codes. */
export function saleCode(randomBytes: Uint8Array): string {
  return readableCode("DU-", 8, randomBytes);
}

/** A parked sale recorded less than POS_VOID_MINUTES ago can be voided (entered by mistake). */
export function canVoid(sale: { status: string; createdAt: Date }, now: Date): boolean {
  return sale.status === "parked" && now.getTime() - sale.createdAt.getTime() < POS_VOID_MINUTES * MINUTE_MS;
}

/** The end of the space a drive-up holds: now plus the expected stay. */
export const expectedEnd = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE_MS);
