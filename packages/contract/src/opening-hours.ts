/**
 * When a window can be booked at a park: the one rule the API (search, availability, booking,
 * extend, renew) and the web app (the default window, the park page) share.
 *
 * A park's opening hours are local wall-clock times in its IANA zone, Monday first; a day is null
 * when the park is closed, and an interval whose close is not after its open runs past midnight.
 * A window must start in the future (a few minutes of grace for a driver at the gate) and, unless
 * the park allows overnight stays, lie inside the opening hours from start to end. A park that
 * allows overnight stays needs to be open only when the car enters and when it leaves.
 */
import { dateTimeFormat } from "./zoned-time";

/** A booking may start at most this long in the past (the driver is at the gate). */
export const BOOKING_START_GRACE_MINUTES = 5;
export const BOOKING_MAX_DAYS = 30;

export type DayHours = { open: string; close: string } | null;

export interface ParkClock {
  open24h: boolean;
  /** Monday first; null for a closed day; "HH:MM" local times, close may be "24:00". */
  openingHours: readonly DayHours[] | null;
  /** The IANA zone the hours are written in. */
  timeZone: string;
  /** The car may stay while the park is closed; only entry and exit need it open. */
  overnight: boolean;
  /**
   * Whole days the park is closed ("2026-12-25", on its clock) whatever its hours say: holidays,
   * works, an event. A closure day has no opening, so the rules below treat it as a closed day.
   */
  closures?: readonly string[];
}

export type WindowRefusal =
  | { code: "past" }
  | { code: "end_before_start" }
  | { code: "too_long"; days: number }
  | { code: "closed_day"; weekday: number }
  | { code: "closed_date"; date: string }
  | { code: "opens_at"; time: string }
  | { code: "closed_at_start"; closes: string }
  | { code: "closes_before_end"; time: string }
  | { code: "closed_at_end" };

export type WindowVerdict = { bookable: true } | ({ bookable: false } & WindowRefusal);

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const WALL: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

/** The wall clock of an instant in a zone, as milliseconds since the epoch "as if UTC". */
export function wallClockMs(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    dateTimeFormat(WALL, "en-US", timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute));
}

/**
 * The instant a wall-clock time ("as if UTC" milliseconds) happens in a zone. A time that happens
 * twice (the autumn change) is the first; one that never happens (the spring gap) moves forward
 * by the gap.
 */
export function instantOfWallClock(wall: number, timeZone: string): number {
  // The offsets in force around that wall time (two across a DST change, one otherwise).
  const offsets = [
    ...new Set(
      [-14, 14].map((h) => wallClockMs(wall + h * 60 * MINUTE_MS, timeZone) - (wall + h * 60 * MINUTE_MS)),
    ),
  ];
  const candidates = offsets.map((o) => wall - o).sort((a, b) => a - b);
  const exact = candidates.find((t) => wallClockMs(t, timeZone) === wall);
  return exact ?? candidates[candidates.length - 1]!;
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Monday = 0 of a wall-clock day ("as if UTC" ms at its midnight). */
const weekdayOf = (wallMidnight: number) => (new Date(wallMidnight).getUTCDay() + 6) % 7;

/** "2026-12-25" of a wall-clock day ("as if UTC" ms at its midnight). */
const dateOf = (wallMidnight: number) => new Date(wallMidnight).toISOString().slice(0, 10);

const ALL_DAY: DayHours = { open: "00:00", close: "24:00" };

interface Interval {
  start: number;
  end: number;
}

/**
 * The park's open intervals (instants) that touch [from, to], merged where one ends as the next
 * begins (a day open until 24:00 followed by a day open from 00:00). Null: always open.
 */
export function openIntervals(clock: ParkClock, from: number, to: number): Interval[] | null {
  const closures = clock.closures ?? [];
  const always = clock.open24h || !clock.openingHours;
  if (always && closures.length === 0) return null;
  const firstDay = Math.floor(wallClockMs(from, clock.timeZone) / DAY_MS) * DAY_MS - DAY_MS;
  const lastDay = Math.floor(wallClockMs(to, clock.timeZone) / DAY_MS) * DAY_MS;
  const raw: Interval[] = [];
  for (let day = firstDay; day <= lastDay; day += DAY_MS) {
    if (closures.includes(dateOf(day))) continue;
    const hours = always ? ALL_DAY : clock.openingHours![weekdayOf(day)];
    if (!hours) continue;
    const open = toMinutes(hours.open);
    let close = toMinutes(hours.close);
    if (close <= open) close += 24 * 60;
    // A night's opening that runs past midnight stops at it when the next day is a closure day:
    // the park is closed all that day, from its midnight (book_space checks the same in SQL).
    if (close > 24 * 60 && closures.includes(dateOf(day + DAY_MS))) close = 24 * 60;
    raw.push({
      start: instantOfWallClock(day + open * MINUTE_MS, clock.timeZone),
      end: instantOfWallClock(day + close * MINUTE_MS, clock.timeZone),
    });
  }
  const merged: Interval[] = [];
  for (const iv of raw.sort((a, b) => a.start - b.start)) {
    const last = merged[merged.length - 1];
    if (last && iv.start <= last.end) last.end = Math.max(last.end, iv.end);
    else merged.push({ ...iv });
  }
  return merged;
}

/** "06:00", on the park's clock; "24:00" for a close at midnight. */
function clockTime(ms: number, timeZone: string, closing: boolean): string {
  const wall = wallClockMs(ms, timeZone);
  const minutes = Math.round((wall % DAY_MS) / MINUTE_MS);
  if (closing && minutes === 0) return "24:00";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Whether `start`..`end` can be booked at `now`, and if not, why. */
export function windowVerdict(start: Date, end: Date, now: Date, clock: ParkClock): WindowVerdict {
  const s = start.getTime();
  const e = end.getTime();
  if (s < now.getTime() - BOOKING_START_GRACE_MINUTES * MINUTE_MS) return { bookable: false, code: "past" };
  if (!(e > s)) return { bookable: false, code: "end_before_start" };
  if (e - s > BOOKING_MAX_DAYS * DAY_MS) return { bookable: false, code: "too_long", days: BOOKING_MAX_DAYS };
  const intervals = openIntervals(clock, s, e);
  if (!intervals) return { bookable: true };
  const atStart = intervals.find((iv) => iv.start <= s && s < iv.end);
  if (!atStart) return closedAt(s, intervals, clock);
  if (clock.overnight) {
    return intervals.some((iv) => iv.start < e && e <= iv.end)
      ? { bookable: true }
      : { bookable: false, code: "closed_at_end" };
  }
  if (e <= atStart.end) return { bookable: true };
  return { bookable: false, code: "closes_before_end", time: clockTime(atStart.end, clock.timeZone, true) };
}

/** Why the park is closed at `at`: closed all that day, not open yet, or already closed. */
function closedAt(at: number, intervals: Interval[], clock: ParkClock): WindowVerdict {
  const wall = wallClockMs(at, clock.timeZone);
  const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
  const dayEnd = instantOfWallClock(midnight + DAY_MS, clock.timeZone);
  const dayStart = instantOfWallClock(midnight, clock.timeZone);
  const later = intervals.find((iv) => iv.start > at && iv.start < dayEnd);
  if (later)
    return { bookable: false, code: "opens_at", time: clockTime(later.start, clock.timeZone, false) };
  const earlier = intervals.filter((iv) => iv.end <= at && iv.end > dayStart).pop();
  if (earlier) {
    return { bookable: false, code: "closed_at_start", closes: clockTime(earlier.end, clock.timeZone, true) };
  }
  if (clock.closures?.includes(dateOf(midnight))) {
    return { bookable: false, code: "closed_date", date: dateOf(midnight) };
  }
  return { bookable: false, code: "closed_day", weekday: weekdayOf(midnight) };
}

/**
 * The first bookable window from `from` on: `length` long, or what is left of the opening it
 * falls in when that is shorter (but at least `minimum`). Null when none starts within a week.
 */
export function nextOpenWindow(
  from: Date,
  clock: ParkClock,
  length = 2 * 60 * MINUTE_MS,
  minimum = 30 * MINUTE_MS,
): { start: Date; end: Date } | null {
  const f = from.getTime();
  const intervals = openIntervals(clock, f, f + 8 * DAY_MS);
  if (!intervals) return { start: from, end: new Date(f + length) };
  for (const iv of intervals) {
    const start = Math.max(iv.start, f);
    if (iv.end - start < minimum) continue;
    const full = start + length;
    const fits =
      full <= iv.end || (clock.overnight && intervals.some((o) => o.start < full && full <= o.end));
    return { start: new Date(start), end: new Date(fits ? full : iv.end) };
  }
  return null;
}

/** Whether a refusal is about the window's start or its end (the field a form marks). */
export function refusedEdge(refusal: WindowRefusal): "start" | "end" {
  return refusal.code === "past" ||
    refusal.code === "closed_day" ||
    refusal.code === "closed_date" ||
    refusal.code === "opens_at" ||
    refusal.code === "closed_at_start"
    ? "start"
    : "end";
}

const WEEKDAYS = ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"];

/**
 * The refusal as the sentence a driver reads, in English: the API sends it and translates it as
 * every sentence it sends, from the catalogue's `server.json` (its `window` area has each of these,
 * a weekday's sentence once per day, with its French).
 */
export function windowRefusalText(refusal: WindowRefusal): string {
  switch (refusal.code) {
    case "past":
      return "The start time has already passed: choose a time ahead.";
    case "end_before_start":
      return "The end time must be after the start time.";
    case "too_long":
      return `A booking can last at most ${refusal.days} days.`;
    case "closed_day":
      return `This car park is closed on ${WEEKDAYS[refusal.weekday]}.`;
    case "closed_date":
      return `This car park is closed on ${refusal.date}.`;
    case "opens_at":
      return `This car park is not open yet: it opens at ${refusal.time}.`;
    case "closed_at_start":
      return `This car park is closed at that time: it closes at ${refusal.closes}.`;
    case "closes_before_end":
      return `This car park closes at ${refusal.time}: choose an end time by then.`;
    case "closed_at_end":
      return "This car park is closed at the end time: choose a time when it is open.";
  }
}
