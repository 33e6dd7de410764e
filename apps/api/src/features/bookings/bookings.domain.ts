/**
 * Booking rules as pure functions of their inputs and the time: the window a driver may book,
 * which status changes are allowed, and what each one charges or refunds (integer minor units).
 * The refund percentage comes from the contract's cancellation policy, the one place it is defined.
 */
import {
  BOOKING_MAX_DAYS,
  BOOKING_START_GRACE_MINUTES,
  CANCELLATION_REFUNDS_FEES,
  dateTimeFormat,
  refundPercentAt,
  type BookingStatus,
} from "@parkwell/contract";

/** Same shape as parks.opening_hours (Monday first). */
export type OpeningHours = ({ open: string; close: string } | null)[];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ParkHours {
  open24h: boolean;
  /** Monday first; null for a closed day; times are local "HH:MM" (close may be "24:00"). */
  openingHours: OpeningHours | null;
  /** IANA zone the opening hours are written in: the park's own (parks.time_zone). */
  timeZone: string;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const CLOCK: Intl.DateTimeFormatOptions = {
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/** Weekday (0 = Monday) and minutes since local midnight of an instant in a time zone (DST-aware). */
export function localClock(at: Date, timeZone: string): { weekday: number; minutes: number } {
  const f = dateTimeFormat(CLOCK, "en-US", timeZone);
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Mon"),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * Whether the park is open at an instant. `edge` "end" treats the closing minute as open, so a
 * stay may end exactly at closing time; "start" treats the opening minute as open.
 * An interval whose close is not after its open runs past midnight into the next day.
 */
export function isOpenAt(hours: ParkHours, at: Date, edge: "start" | "end"): boolean {
  if (hours.open24h || !hours.openingHours) return true;
  const { weekday, minutes } = localClock(at, hours.timeZone);
  const inside = (from: number, to: number) =>
    edge === "start" ? minutes >= from && minutes < to : minutes > from && minutes <= to;
  const today = hours.openingHours[weekday];
  if (today) {
    const open = toMinutes(today.open);
    const close = toMinutes(today.close);
    if (close > open ? inside(open, close) : inside(open, 24 * 60)) return true;
  }
  const yesterday = hours.openingHours[(weekday + 6) % 7];
  if (yesterday) {
    const open = toMinutes(yesterday.open);
    const close = toMinutes(yesterday.close);
    if (close <= open && inside(-1, close)) return true;
  }
  return false;
}

/**
 * The rules for a new window (or a window that renews): field -> message, empty when valid.
 * The car enters at the start and leaves at the end, so the park must be open at both.
 */
export function windowProblems(start: Date, end: Date, now: Date, hours: ParkHours): Record<string, string> {
  if (start.getTime() < now.getTime() - BOOKING_START_GRACE_MINUTES * MINUTE_MS) {
    return { start_time: "start_time cannot be in the past" };
  }
  const length = end.getTime() - start.getTime();
  if (!(length > 0)) return { end_time: "end_time must be after start_time" };
  if (length > BOOKING_MAX_DAYS * DAY_MS) {
    return { end_time: `A booking can last at most ${BOOKING_MAX_DAYS} days` };
  }
  if (!isOpenAt(hours, start, "start")) return { start_time: "The park is closed at start_time" };
  if (!isOpenAt(hours, end, "end")) return { end_time: "The park is closed at end_time" };
  return {};
}

export interface BookingState {
  status: BookingStatus;
  startTime: Date;
  endTime: Date;
}

/** Why an extension to `newEnd` is refused, or null when allowed (opening hours checked apart). */
export function extendProblem(b: BookingState, newEnd: Date, now: Date): string | null {
  if (b.status !== "active") return "Only an active booking can be extended";
  if (now.getTime() >= b.endTime.getTime()) return "This booking has already ended";
  if (newEnd.getTime() <= b.endTime.getTime()) return "new_end_time must be after the current end time";
  if (newEnd.getTime() - b.startTime.getTime() > BOOKING_MAX_DAYS * DAY_MS) {
    return `A booking can last at most ${BOOKING_MAX_DAYS} days`;
  }
  return null;
}

export type StatusChange = { ok: true; kind: "cancel" | "renew" } | { ok: false; message: string };

/** `active` → `cancelled` before start; `cancelled` → `active` (renew) while the start is ahead. */
export function statusChange(b: BookingState, target: "active" | "cancelled", now: Date): StatusChange {
  if (target === "cancelled") {
    if (b.status !== "active") return { ok: false, message: "Only an active booking can be cancelled" };
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
