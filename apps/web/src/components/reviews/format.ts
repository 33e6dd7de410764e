import { dateTimeFormat } from "@parkwell/contract";

// Module constants: dateTimeFormat caches one formatter per options object.
const MONTH: Intl.DateTimeFormatOptions = { year: "numeric", month: "long" };
const DAY: Intl.DateTimeFormatOptions = { year: "numeric", month: "long", day: "numeric" };

/**
 * A stay's month as the API gives it ("2026-11", already on the park's clock) in the reader's
 * language: "November 2026", "novembre 2026". Read as a calendar month, never moved by a zone.
 */
export function formatStayMonth(month: string, language: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const at = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  return dateTimeFormat(MONTH, language, "UTC").format(at);
}

/** A day with its month in words ("27 November 2026"), on `timeZone`'s clock (the park's). */
export function formatReviewDay(iso: string, language: string, timeZone: string): string {
  return dateTimeFormat(DAY, language, timeZone).format(new Date(iso));
}

// One formatter per language: making one costs far more than formatting with it (a page of
// reviews writes an average per review).
const averages = new Map<string, Intl.NumberFormat>();

/** An average with one decimal in the reader's language: 4.5, 4,5. */
export function formatAverage(average: number, language: string): string {
  let format = averages.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    averages.set(language, format);
  }
  return format.format(average);
}
