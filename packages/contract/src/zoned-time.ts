/**
 * "Jun 1, 2026, 9:00 AM PDT" / "1 juin 2026, 09:00 UTC−7": a time on a park's clock with its zone
 * named, so it reads the same on any phone. The web pages and the confirmation mails both write
 * times this way.
 */
export function formatZonedDateTime(iso: string, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(iso));
}
