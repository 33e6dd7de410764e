import { formatZonedDateTime } from "../../../lib/zoned-time";

/**
 * A moment that belongs to no place (a sign-in, an audit entry, an inquiry, a failed job), as the
 * back office's ledger and reports read such moments: on UTC's clock, the zone named, so no two
 * staff read it differently ("Nov 26, 2026, 12:30 AM UTC" / "26 nov. 2026, 00:30 UTC"). A time at
 * a park is on the park's clock instead (formatZonedDateTime with its zone).
 */
export function formatDateTime(iso: string, language: string): string {
  return formatZonedDateTime(iso, language, "UTC");
}
