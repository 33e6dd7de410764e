import { createHash } from "node:crypto";
import { normaliseAccessCode, type EventCategory } from "@parkwell/contract";
import { readableCode } from "../../apps/api/src/lib/readable-code";
import type { E2eDatabase } from "./database";

export interface E2eEventPark {
  parkId: number;
  /** Arrival and departure buffers in minutes (120 and 60 by default). */
  before?: number;
  after?: number;
  offers: { vehicleTypeId: number; priceMinor: number; allocation: number }[];
}

export interface E2eEvent {
  name: string;
  start: Date;
  end: Date;
  parks: E2eEventPark[];
  category?: EventCategory;
  /** Makes the event private, opened by this code (stored as the SHA-256 of its normalised form). */
  accessCode?: string;
  countryId?: number;
  venueName?: string;
  city?: string;
  lat?: number;
  lng?: number;
  timeZone?: string;
}

/**
 * A published event written with SQL to the database the server runs on (run it after the server
 * has migrated it), each park's window the event's times less and plus its buffers.
 */
export async function createE2eEvent(db: E2eDatabase, e: E2eEvent): Promise<string> {
  // Made as the back office makes an event code.
  const code = readableCode("EV-", 5);
  const hash = e.accessCode
    ? createHash("sha256").update(normaliseAccessCode(e.accessCode)).digest("hex")
    : null;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO events (event_code, name, description, category, status, visibility, access_code_hash,
       country_id, venue_name, venue_address, city, lat, lng, time_zone, start_time, end_time, published_at)
     VALUES ($1, $2, $3, $4, 'published', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::timestamptz)
     RETURNING id`,
    [
      code,
      e.name,
      JSON.stringify({
        en: `${e.name}: park close to the gates.`,
        fr: `${e.name} : garez-vous près des portes.`,
      }),
      e.category ?? "concert",
      hash ? "private" : "public",
      hash,
      e.countryId ?? 1,
      e.venueName ?? "Eko Convention Centre",
      "Adetokunbo Ademola Street",
      e.city ?? "Lagos",
      e.lat ?? 6.4253,
      e.lng ?? 3.4219,
      e.timeZone ?? "Africa/Lagos",
      e.start.toISOString(),
      e.end.toISOString(),
      new Date().toISOString(),
    ],
  );
  for (const [position, p] of e.parks.entries()) {
    const before = p.before ?? 120;
    const after = p.after ?? 60;
    await db.query(
      `INSERT INTO event_parks (event_id, park_id, arrive_before_minutes, depart_after_minutes,
         window_start, window_end, position) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        row!.id,
        p.parkId,
        before,
        after,
        new Date(e.start.getTime() - before * 60_000).toISOString(),
        new Date(e.end.getTime() + after * 60_000).toISOString(),
        position,
      ],
    );
    for (const o of p.offers) {
      await db.query(
        `INSERT INTO event_rates (event_id, park_id, vehicle_type_id, price_minor, allocation)
         VALUES ($1, $2, $3, $4, $5)`,
        [row!.id, p.parkId, o.vehicleTypeId, o.priceMinor, o.allocation],
      );
    }
  }
  return code;
}
