export function formatDistance(km: number, language: string): string {
  return km < 1
    ? `${new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(km * 1000)}\u00a0m`
    : `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(km)}\u00a0km`;
}

/** `<input type="datetime-local">` speaks local time without a zone; the API wants an instant. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function isoToLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
