/**
 * The two readers of time zone rules agree (docs/decisions/067-one-set-of-zone-rules.md): Node's
 * `Intl` (its ICU data) prices, opens and writes every time on a park's clock, and the database's
 * `AT TIME ZONE` (PostgreSQL's tz data: the system's on Debian, its own in PGlite) groups a day's
 * sales and a month's statement. When the two are different releases and a zone's rules changed
 * between them (British Columbia kept summer time from November 2026), the same instant reads an
 * hour apart in SQL and on the page. This compares them for every zone Parkwell serves.
 */
import { isoOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client";

export interface ZoneDisagreement {
  zone: string;
  /** The instant, ISO in UTC. */
  at: string;
  /** The wall-clock time there as the database reads it, and as Node reads it. */
  database: string;
  node: string;
}

const DAY_MS = 86_400_000;

/**
 * Instants to compare at: now, then every fortnight for two years (each side of any change of
 * clocks a rule makes in that time), at 12:00 UTC, an hour no zone's change happens at.
 */
export function comparisonInstants(now: Date): Date[] {
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  return [now, ...Array.from({ length: 53 }, (_, i) => new Date(noon + i * 14 * DAY_MS))];
}

/** The zones Parkwell serves: each country's and each park's. */
async function servedZones(db: Pick<Db, "execute">): Promise<string[]> {
  const rows = await queryRows<{ zone: string }>(
    db,
    sql`SELECT unnest(time_zones) AS zone FROM countries
        UNION SELECT time_zone FROM parks
        ORDER BY 1`,
  );
  return rows.map((r) => r.zone);
}

/**
 * Where the database and Node read a zone differently in the two years from `now`: empty when they
 * agree. The zones are every one Parkwell serves unless given; `nodeClock` is Node's reading
 * (the tests replace it to make the two disagree).
 */
export async function zoneDisagreements(
  db: Pick<Db, "execute">,
  now: Date,
  options: { zones?: string[]; nodeClock?: (at: Date, zone: string) => string } = {},
): Promise<ZoneDisagreement[]> {
  const zones = options.zones ?? (await servedZones(db));
  const nodeClock = options.nodeClock ?? ((at: Date, zone: string) => isoOnClock(at, zone).slice(0, 19));
  const instants = comparisonInstants(now).map((d) => d.toISOString());
  if (zones.length === 0) return [];
  const rows = await queryRows<{ zone: string; at: string; local: string }>(
    db,
    sql`SELECT z.zone, t.at, to_char(t.at::timestamptz AT TIME ZONE z.zone, 'YYYY-MM-DD"T"HH24:MI:SS') AS local
        FROM unnest(${sql.param(zones)}::text[]) AS z(zone)
        CROSS JOIN unnest(${sql.param(instants)}::text[]) AS t(at)
        ORDER BY 1, 2`,
  );
  const found: ZoneDisagreement[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const node = nodeClock(new Date(row.at), row.zone);
    // The first instant of each zone's disagreement is enough to name it.
    if (node === row.local || seen.has(row.zone)) continue;
    seen.add(row.zone);
    found.push({ zone: row.zone, at: row.at, database: row.local, node });
  }
  return found;
}

/** One line for the log: which zones, from when, and what to update. */
export function describeDisagreements(found: ZoneDisagreement[]): string {
  const each = found.map((d) => `${d.zone} at ${d.at}: the database reads ${d.database}, Node ${d.node}`);
  return (
    `The database and Node.js read time zone rules differently (${each.join("; ")}). ` +
    "Times on these clocks would be an hour apart between prices and reports: update the older " +
    "side's time zone data (Debian's PostgreSQL reads the system's: apt-get install tzdata; Node " +
    "carries its own, newer in each release)."
  );
}
