/**
 * A park's clock is an IANA zone name ("America/Vancouver"): its opening hours are written in it and
 * bookings are checked against them. `IANA_ZONE_SHAPE` is the Area/Location form (or "UTC") that the
 * `parks_time_zone_shape` CHECK constraint also enforces; Intl (the ICU time zone database) decides
 * whether such a name really exists.
 */
export const IANA_ZONE_SHAPE = "^(UTC|[A-Z][A-Za-z_-]*(/[A-Za-z0-9_+-]+)+)$";
const shape = new RegExp(IANA_ZONE_SHAPE);

export function isIanaTimeZone(name: string): boolean {
  if (!shape.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Throws with the offending name: used by every path that writes a park. */
export function assertIanaTimeZone(name: string, what: string): string {
  if (!isIanaTimeZone(name)) throw new Error(`${what}: "${name}" is not an IANA time zone`);
  return name;
}
