/** A timestamp from a row (a Date, or text, depending on the driver and the query) as ISO 8601. */
export function iso(v: Date | string): string {
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** `iso`, keeping a missing timestamp missing. */
export function isoOrNull(v: Date | string | null | undefined): string | null {
  return v === null || v === undefined ? null : iso(v);
}
