/** Helpers between ISO instants (the API) and `datetime-local` values (the pickers, local time). */
const pad = (n: number) => String(n).padStart(2, "0");

export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The QR-sign landing's window: now rounded up to the next quarter hour, for `hours`. */
export function windowFromNow(now: Date, hours = 2): { start: string; end: string } {
  const quarter = 15 * 60_000;
  const start = new Date(Math.ceil(now.getTime() / quarter) * quarter);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * 3_600_000).toISOString() };
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A fresh key per attempt of a form (Idempotency-Key). */
export function newAttemptKey(): string {
  return crypto.randomUUID();
}
