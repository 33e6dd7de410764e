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

/**
 * Where a park is, in one line: its address, then its city and state only where they add
 * something ("Allen Avenue, Ikeja, Lagos", not "…, Ikeja, Lagos, Lagos"; "…, Dakar", not
 * "…, Dakar, Dakar").
 */
export function placeLine(address: string, city: string, state?: string | null): string {
  const parts = address
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const has = (name: string) => parts.some((p) => p.toLowerCase() === name.trim().toLowerCase());
  for (const name of [city, state ?? ""]) if (name.trim() && !has(name)) parts.push(name.trim());
  return parts.join(", ");
}
