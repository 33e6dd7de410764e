import { dateTimeFormat } from "@parkwell/contract";
import { formatZonedClock, zoneAbbreviation } from "./zoned-time";

/**
 * An event's times on the venue's clock (EventSummary.time_zone), the zone named as the bookings
 * name it ("WAT", "UTC−5"), so a driver reads the same time on any phone.
 */
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/** "Sat, Dec 5, 2026, 7:00 PM WAT". */
export function formatEventStart(iso: string, language: string, timeZone: string): string {
  const at = new Date(iso);
  return `${dateTimeFormat(DAY_AND_TIME, language, timeZone).format(at)} ${zoneAbbreviation(timeZone, language, at)}`;
}

/** The calendar day of an instant on a clock, to tell whether two times fall on the same day. */
function dayOn(iso: string, timeZone: string): string {
  return dateTimeFormat(DAY, "en", timeZone).format(new Date(iso));
}

/**
 * A span on the venue's clock: "Sat, Dec 5, 2026, 7:00 PM – 10:00 PM WAT" on one day, both full
 * dates across days. Returns the two ends and the zone, for the sentence that holds them.
 */
export function eventSpan(
  start: string,
  end: string,
  language: string,
  timeZone: string,
): { from: string; to: string; zone: string; sameDay: boolean } {
  const sameDay = dayOn(start, timeZone) === dayOn(end, timeZone);
  return {
    sameDay,
    from: sameDay
      ? formatZonedClock(start, language, timeZone)
      : dateTimeFormat(DAY_AND_TIME, language, timeZone).format(new Date(start)),
    to: sameDay
      ? formatZonedClock(end, language, timeZone)
      : dateTimeFormat(DAY_AND_TIME, language, timeZone).format(new Date(end)),
    zone: zoneAbbreviation(timeZone, language, new Date(start)),
  };
}

/** The day of an instant on the venue's clock, written in full: "Saturday, December 5, 2026". */
const LONG_DAY: Intl.DateTimeFormatOptions = {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
};
export function formatEventDay(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(LONG_DAY, language, timeZone).format(new Date(iso));
}

/** Whole minutes of a walk, "5 min". */
export function formatMinutes(minutes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: "unit", unit: "minute", unitDisplay: "short" }).format(
    minutes,
  );
}
