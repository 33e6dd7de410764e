/** A moment as the viewer's clock shows it, in the page's language: "25 Nov 2026, 11:20". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}
