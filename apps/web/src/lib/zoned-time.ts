import { dateTimeFormat, instantOfWallClock, wallClockMs } from "@parkwell/contract";

/**
 * Times at a park, in the park's own IANA zone (ParkDetail.time_zone, Booking.park.time_zone), not
 * the zone of the driver's phone: a driver in Toronto booking in Vancouver picks and reads
 * Vancouver times, labelled with the zone ("9:00 AM PDT"), so nothing depends on where the phone is.
 * `datetime-local` pickers speak a wall-clock value without a zone ("2026-06-01T09:00"); these
 * helpers turn it into an instant in the park's zone and back.
 */
const MINUTE = 60_000;
const ZONE_NAME: Intl.DateTimeFormatOptions = { timeZoneName: "short" };

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a `datetime-local` value on the park's clock; "" for nothing or garbage. */
export function isoToZonedInput(iso: string | undefined, timeZone: string): string {
  if (!iso) return "";
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return "";
  const d = new Date(wallClockMs(ms, timeZone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/**
 * A `datetime-local` value read on the park's clock, as an ISO instant. A time that happens twice
 * (the autumn change) is the first; one that never happens (the spring gap) moves forward by the gap.
 */
export function zonedInputToIso(value: string, timeZone: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!m) return undefined;
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  if (Number.isNaN(wall)) return undefined;
  return new Date(instantOfWallClock(wall, timeZone)).toISOString();
}

/**
 * A window's end as a URL carries it (`start_time`, `end_time` from the home search to the list,
 * the park page and checkout): a wall-clock time without a zone, `2026-11-26T10:00`, read on the
 * park's clock (a list, which spans parks, reads it on the searched country's clock), so the time
 * a driver typed survives every hop unchanged. An instant with its zone ("…Z", "+01:00"), as older
 * links and the QR sign carry, is kept as that instant. Anything else is nothing.
 */
export function parseWindowValue(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const wall = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::00(?:\.0+)?)?$/.exec(value);
  // A real day and time: "2026-02-30T10:00" would roll over into March, so it is nothing.
  if (wall) return isoToZonedInput(`${wall[1]!}Z`, "UTC") === wall[1] ? wall[1] : undefined;
  if (!/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

const isWallClock = (value: string) => !/(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);

/** A parsed window value (parseWindowValue) as an instant, a wall-clock time read on `timeZone`'s clock. */
export function windowInstant(value: string | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  return isWallClock(value) ? zonedInputToIso(value, timeZone) : value;
}

/** A parsed window value as the wall-clock time on `timeZone`'s clock a URL carries and a picker shows. */
export function windowWallClock(value: string | undefined, timeZone: string): string | undefined {
  if (!value) return undefined;
  return isWallClock(value) ? value : isoToZonedInput(value, timeZone) || undefined;
}

/** Shared with the confirmation mails (the contract). */
export { formatZonedDateTime, zoneOfCurrency } from "@parkwell/contract";

/** The zone's short name at an instant, as the language writes it: "PDT", "GMT+1", "UTC−7". */
export function zoneAbbreviation(timeZone: string, language: string, at: Date = new Date()): string {
  const parts = dateTimeFormat(ZONE_NAME, language, timeZone).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * The zone of the user's browser, for the times that belong to no place (the company-wide blog's
 * publish times, decision 034): read and written on the staff's own clock, its name shown beside.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The next whole hour at least `leadMs` from `now`, on the park's clock (the default arrival). */
export function nextWholeHour(now: Date, timeZone: string, leadMs = 60 * MINUTE): string {
  const input = isoToZonedInput(new Date(now.getTime() + leadMs).toISOString(), timeZone);
  return zonedInputToIso(`${input.slice(0, 14)}00`, timeZone) ?? now.toISOString();
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
};

/**
 * "Thu, Nov 26, 1:00 AM" / "jeu. 26 nov., 01:00" on the park's clock: short enough for a phone's
 * Book bar and a list's window, and never without its month.
 */
export function formatShortZoned(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(SHORT_DATE_TIME, language, timeZone).format(new Date(iso));
}

/**
 * formatShortZoned's text in its two pieces, the day (with the language's separator: "Thu, Nov
 * 26," / "jeu. 26 nov.,") and the time ("1:00 AM" / "01:00"), joined by a space they read as that
 * text: for a table's cell, which may break between them and nowhere else.
 */
export function formatShortZonedParts(iso: string, language: string, timeZone: string): [string, string] {
  const format = dateTimeFormat(SHORT_DATE_TIME, language, timeZone);
  const at = new Date(iso);
  // Cut format()'s own text (formatToParts may space "1:00 AM" otherwise: a narrow no-break
  // space) where the hour starts.
  const whole = format.format(at);
  const parts = format.formatToParts(at);
  const hour = parts.findIndex((p) => p.type === "hour");
  const cut = parts.slice(0, Math.max(0, hour)).reduce((n, p) => n + p.value.length, 0);
  if (hour <= 0 || cut >= whole.length) return [whole, ""];
  return [whole.slice(0, cut).trimEnd(), whole.slice(cut).trimStart()];
}

/**
 * The clock of a country's marketplace (an offer's end, an order): the country's own zone
 * (`countries.timezone`, its capital's), as a wallet line is on its currency's country's clock;
 * UTC when the country is not (yet) known.
 */
export function zoneOfCountry(
  code: string | undefined,
  countries: readonly { code: string; timezone: string }[] | undefined,
): string {
  return countries?.find((c) => c.code === code)?.timezone ?? "UTC";
}

const DAY_MONTH = {
  short: { day: "numeric", month: "short" },
  long: { day: "numeric", month: "long" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * "Nov 26" / "26 nov." (`long`: "November 26" / "26 novembre"): the day an instant falls on at a
 * place (an offer ending in Lagos ends on Lagos's day, whatever the phone's zone), with its month.
 */
export function formatZonedDay(
  iso: string,
  language: string,
  timeZone: string,
  length: keyof typeof DAY_MONTH = "short",
): string {
  return dateTimeFormat(DAY_MONTH[length], language, timeZone).format(new Date(iso));
}

const CALENDAR_DATE = {
  /** "Thursday, November 26, 2026" / "jeudi 26 novembre 2026". */
  full: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  /** "Thursday, November 26" / "jeudi 26 novembre". */
  long: { weekday: "long", day: "numeric", month: "long" },
  /** "Thu, Nov 26" / "jeu. 26 nov.". */
  short: { weekday: "short", day: "numeric", month: "short" },
  /** "November 26, 2026" / "26 novembre 2026" (a blog post's day). */
  date: { day: "numeric", month: "long", year: "numeric" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar date ("2026-11-26": a delivery or service slot's day, already the day at its place)
 * as the language writes it, with its month; read as that day, never shifted by a zone. Anything
 * else is given back as it is.
 */
export function formatCalendarDate(
  date: string,
  language: string,
  length: keyof typeof CALENDAR_DATE = "full",
): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null;
  if (!at || Number.isNaN(at.getTime())) return date;
  return dateTimeFormat(CALENDAR_DATE[length], language, "UTC").format(at);
}

const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: "long" };

/** "Sunday" / "dimanche": a day of the week by its number (0 Sunday to 6 Saturday), as opening days are kept. */
export function weekdayName(day: number, language: string): string {
  // 2024-01-07 was a Sunday.
  return dateTimeFormat(WEEKDAY, language, "UTC").format(Date.UTC(2024, 0, 7 + day));
}

const HOUR_LABEL: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit" };

/** "02:00 PM" / "14:00": an hour on a place's clock, as a chart's axis labels it. */
export function formatZonedHour(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(HOUR_LABEL, language, timeZone).format(new Date(iso));
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit" };
const FRENCH = /^fr\b/i;

/**
 * "1:05 PM" / "13:05": an instant's time of day on a place's clock, on the language's clock
 * (dateTimeFormat's rule: 12-hour in English, 24-hour in French), for a list or a card about one
 * day at one place (the gate), whose other times are written the same way.
 */
export function formatZonedClock(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(CLOCK, language, timeZone).format(new Date(iso));
}

/**
 * "7:00 AM" / "07:00": a time of day on a park's clock ("HH:MM", an opening or a closing) as the
 * language writes every other time (dateTimeFormat's rule: 12-hour in English, 24-hour in French).
 * A closing at "24:00" is midnight: "12:00 AM" / "24:00". Anything else is given back as it is.
 */
export function formatClockTime(hhmm: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return hhmm;
  if (hours === 24 && FRENCH.test(language)) return "24:00";
  return dateTimeFormat(CLOCK, language, "UTC").format(Date.UTC(2000, 0, 1, hours % 24, minutes));
}

/**
 * A typed time of day as "HH:MM", on either clock whatever the language: "7:30 pm", "7 PM",
 * "19:30", "19h30", "7.30 a.m.". `closing`: midnight ("12:00 AM", "00:00", "24:00") closes at the
 * day's end, "24:00"; an opening at midnight is "00:00". Null for anything else.
 */
export function parseClockTime(text: string, closing = false): string | null {
  const match = /^(\d{1,2})(?:\s*[:h.]\s*(\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/.exec(
    text.trim().toLowerCase().replace(/\s+/g, " "),
  );
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const half = match[3];
  if (minutes > 59) return null;
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === "p" ? 12 : 0);
  } else if (hours > 24 || (hours === 24 && minutes > 0)) return null;
  if (hours === 24 || (closing && hours === 0 && minutes === 0)) return "24:00";
  return `${pad(hours)}:${pad(minutes)}`;
}
