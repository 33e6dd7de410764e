import { createHash, randomBytes } from "node:crypto";
import { EVENT_CODE_ALPHABET, normaliseAccessCode } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows, type Db } from "../../db/client";
import { eventParks, eventRates, events } from "../../db/schema/index";
import { bearer, type TestUser } from "../../test/factories";

/** Test-only: an event written straight to the database, its windows computed from the buffers. */
export interface TestEventPark {
  parkId: number;
  before?: number;
  after?: number;
  /** Per vehicle type (1 = Car by default). */
  offers?: { vehicleTypeId?: number; priceMinor?: number; allocation: number }[];
}

let serial = 0;
export async function insertEvent(
  db: Db,
  o: {
    start: Date;
    end: Date;
    parks: TestEventPark[];
    status?: "draft" | "published" | "cancelled";
    accessCode?: string;
    countryId?: number;
    timeZone?: string;
  },
): Promise<{ id: number; code: string }> {
  serial += 1;
  const eventCode = `EV-${Array.from(randomBytes(5), (x) => EVENT_CODE_ALPHABET[x % 32]).join("")}`;
  return db.transaction(async (tx) => {
    const [e] = await tx
      .insert(events)
      .values({
        eventCode,
        name: `Test event ${serial}`,
        description: { en: "A test event", fr: "Un événement de test" },
        category: "sport",
        status: o.status ?? "published",
        visibility: o.accessCode ? "private" : "public",
        accessCodeHash: o.accessCode
          ? createHash("sha256").update(normaliseAccessCode(o.accessCode)).digest("hex")
          : null,
        countryId: o.countryId ?? 1,
        venueName: "Test Stadium",
        venueAddress: "1 Stadium Road",
        city: "Lagos",
        lat: 6.5,
        lng: 3.36,
        timeZone: o.timeZone ?? "Africa/Lagos",
        startTime: o.start,
        endTime: o.end,
      })
      .returning({ id: events.id, code: events.eventCode });
    for (const [position, p] of o.parks.entries()) {
      const before = p.before ?? 120;
      const after = p.after ?? 60;
      await tx.insert(eventParks).values({
        eventId: e!.id,
        parkId: p.parkId,
        arriveBeforeMinutes: before,
        departAfterMinutes: after,
        windowStart: new Date(o.start.getTime() - before * 60_000),
        windowEnd: new Date(o.end.getTime() + after * 60_000),
        position,
      });
      for (const offer of p.offers ?? [{ allocation: 5 }]) {
        await tx.insert(eventRates).values({
          eventId: e!.id,
          parkId: p.parkId,
          vehicleTypeId: offer.vehicleTypeId ?? 1,
          priceMinor: offer.priceMinor ?? 500_000,
          allocation: offer.allocation,
        });
      }
    }
    return e!;
  });
}

export function bookEvent(
  app: FastifyInstance,
  user: TestUser,
  a: { event_code: string; park_id: number; vehicle_type_id?: number; plate_number?: string },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: { ...bearer(user), ...headers },
    payload: { vehicle_type_id: 1, ...a },
  });
}

/** Event bookings (not cancelled) per event, park and type above the allocation (empty when none). */
export async function overAllocated(db: Db) {
  return queryRows<{ event_id: number; park_id: number; booked: number; allocation: number }>(
    db,
    sql`
    SELECT r.event_id, r.park_id, r.vehicle_type_id, r.allocation, count(b.id)::int AS booked
    FROM event_rates r JOIN bookings b ON b.event_id = r.event_id AND b.park_id = r.park_id
      AND b.vehicle_type_id = r.vehicle_type_id AND b.status <> 'cancelled'
    GROUP BY r.event_id, r.park_id, r.vehicle_type_id, r.allocation
    HAVING count(b.id) > r.allocation`,
  );
}
