const formats = new WeakMap<Intl.DateTimeFormatOptions, Map<string, Intl.DateTimeFormat>>();

/**
 * One `Intl.DateTimeFormat` per options, locale and zone: building one costs far more than
 * formatting with it (a booking's confirmation mail formats two times). `options` must be a
 * module constant: it is the cache's key. An unknown zone throws RangeError, as the constructor does.
 * French writes its hours on the 24-hour clock with two digits ("01:00", never "1:00"), whatever
 * the options ask.
 */
export function dateTimeFormat(
  options: Intl.DateTimeFormatOptions,
  locale: string,
  timeZone: string,
): Intl.DateTimeFormat {
  let byZone = formats.get(options);
  if (!byZone) formats.set(options, (byZone = new Map()));
  const key = `${locale} ${timeZone}`;
  let format = byZone.get(key);
  if (!format) {
    const french = /^fr\b/i.test(locale) && options.hour !== undefined;
    const clock: Intl.DateTimeFormatOptions = french ? { hour: "2-digit", hourCycle: "h23" } : {};
    byZone.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, ...clock, timeZone })));
  }
  return format;
}

const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "2-digit", day: "2-digit" };

/**
 * "2026-11-25": the date of an instant on a zone's calendar. "Today" for a park, an event or a
 * country is this of now on its own clock, never the server's or UTC's.
 */
export function dayOnClock(at: Date, timeZone: string): string {
  return dateTimeFormat(DAY, "en-CA", timeZone).format(at);
}

const STAMP: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/**
 * "2026-11-27T02:27:05+01:00": an instant as ISO 8601 on a zone's clock, with that clock's offset
 * (whole seconds). What a file for people and spreadsheets alike writes: the local time reads as
 * it happened there, and the offset keeps it one exact instant.
 */
export function isoOnClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat(STAMP, "en-CA", timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const local = `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  const minutes = Math.round((Date.parse(`${local}Z`) - whole) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${local}${offset}`;
}

/** A calendar date (YYYY-MM-DD) `days` later (earlier when negative): whole days, no zone. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const ZONED_DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/**
 * "1 March 2031" / "1 mars 2031": a calendar day ("2031-03-01") with its month in words. A day is
 * the same on every clock: it is written at noon UTC and read in UTC.
 */
export function formatCalendarDay(day: string, language: string): string {
  return dateTimeFormat(
    { day: "numeric", month: "long", year: "numeric" },
    language === "fr" ? "fr-FR" : "en-GB",
    "UTC",
  ).format(new Date(`${day}T12:00:00Z`));
}

/**
 * "Jun 1, 2026, 9:00 AM PDT" / "1 juin 2026, 09:00 UTC−7": a time on a park's clock with its zone
 * named, so it reads the same on any phone. The web pages and the confirmation mails both write
 * times this way.
 */
export function formatZonedDateTime(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(ZONED_DATE_TIME, language, timeZone).format(new Date(iso));
}

/**
 * The clock of a money move that belongs to no park (a wallet line, a top-up and its receipt
 * e-mail): the clock of the country whose currency it moves (`countries.timezone`, its capital's),
 * with the zone named where it is shown; UTC when no served country has that currency.
 */
export function zoneOfCurrency(
  currency: string,
  countries: readonly { currency: string; timezone: string }[] | undefined,
): string {
  const code = currency.trim();
  return countries?.find((c) => c.currency.trim() === code)?.timezone ?? "UTC";
}
