/** Helpers the space guarantee's tests share (test-only; not imported by production code). */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

/** A park's IANA zone. */
export async function parkZone(db: Db, parkId: number): Promise<string> {
  const [row] = await queryRows<{ tz: string }>(
    db,
    sql`SELECT time_zone AS tz FROM parks WHERE id = ${parkId}`,
  );
  return row!.tz;
}

/** The days ("2026-12-08") the instants fall on, on the zone's clock, each once, in order. */
export function localDays(timeZone: string, instants: Date[]): string[] {
  const day = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return [...new Set(instants.map((d) => day.format(d)))].sort();
}
