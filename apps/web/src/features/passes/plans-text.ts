import { dateTimeFormat } from "@parkwell/contract";

/** The language describeHours writes in, for the language shown. */
export const hoursLanguage = (language: string): "en" | "fr" => (language.startsWith("fr") ? "fr" : "en");

/** A plan's name in the reader's language (English when the French is missing). */
export const planName = (plan: { name: { en: string; fr: string } }, language: string): string =>
  (/^fr\b/i.test(language) ? plan.name.fr : plan.name.en) || plan.name.en;

const LONG_DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/** "31 December 2026" / "31 décembre 2026": a calendar day (YYYY-MM-DD) as the language writes it. */
export function formatDay(day: string, language: string): string {
  return dateTimeFormat(LONG_DAY, language, "UTC").format(new Date(`${day}T00:00:00Z`));
}
