import type { EventCategory, EventStatus } from "@parkwell/contract";
import type { Db } from "../db/client";
import { eventParks, eventRates, events } from "../db/schema/index";
import { accessCodeHash } from "../lib/access-code";
import { readableCode } from "../lib/readable-code";

/** Test-only: a park of a test event, its buffers (120/60 by default) and its offers. */
export interface TestEventPark {
  parkId: number;
  before?: number;
  after?: number;
  /** Per vehicle type (1 = Car by default); one Car offer of 5 spaces at 5,000.00 when omitted. */
  offers?: { vehicleTypeId?: number; priceMinor?: number; allocation: number }[];
}

export interface TestEventOptions {
  start: Date;
  end: Date;
  parks?: TestEventPark[];
  status?: EventStatus;
  /** Makes the event private, its access code stored as the SHA-256 of its normalised form. */
  accessCode?: string;
  code?: string;
  name?: string;
  description?: { en: string; fr: string };
  category?: EventCategory;
  countryId?: number;
  venueName?: string;
  venueAddress?: string;
  city?: string;
  lat?: number;
  lng?: number;
  timeZone?: string;
  operatorId?: number | null;
}

/**
 * Test-only: the back office's event form as it sends it: "Lagos Derby" at Teslim Balogun Stadium
 * from `startMs` for `hours`, its times on Lagos's wall clock (UTC+1 all year), one Car offer per
 * park (2,500 and 5 spaces unless given).
 */
export function lagosEventForm(
  startMs: number,
  parks: { park_id: number; price?: number; allocation?: number }[],
  hours = 3,
) {
  const hour = 3_600_000;
  const lagos = (ms: number) => new Date(ms + hour).toISOString().slice(0, 16);
  return {
    name: "Lagos Derby",
    description: { en: "The derby.", fr: "Le derby." },
    category: "sport",
    visibility: "public",
    venue: {
      name: "Teslim Balogun Stadium",
      address: "Surulere",
      city: "Lagos",
      country_code: "ng",
      lat: 6.4968,
      lng: 3.3614,
    },
    time_zone: "Africa/Lagos",
    start_local: lagos(startMs),
    end_local: lagos(startMs + hours * hour),
    parks: parks.map((p) => ({
      park_id: p.park_id,
      prices: [{ vehicle_type_id: 1, price: p.price ?? 2500, allocation: p.allocation ?? 5 }],
    })),
  };
}

/** A fresh event code, made as the back office makes one (admin-events.service.ts). */
export const randomEventCode = () => readableCode("EV-", 5);

let serial = 0;

/**
 * Test-only: an event written straight to the database (published and public in Lagos unless
 * told otherwise), each park's window computed from the event's times and the park's buffers.
 */
export async function createEvent(db: Db, o: TestEventOptions): Promise<{ id: number; code: string }> {
  serial += 1;
  return db.transaction(async (tx) => {
    const [e] = await tx
      .insert(events)
      .values({
        eventCode: o.code ?? randomEventCode(),
        name: o.name ?? `Test event ${serial}`,
        description: o.description ?? { en: "A test event", fr: "Un événement de test" },
        category: o.category ?? "sport",
        status: o.status ?? "published",
        visibility: o.accessCode ? "private" : "public",
        accessCodeHash: o.accessCode ? accessCodeHash(o.accessCode) : null,
        operatorId: o.operatorId ?? null,
        countryId: o.countryId ?? 1,
        venueName: o.venueName ?? "Test Stadium",
        venueAddress: o.venueAddress ?? "1 Stadium Road",
        city: o.city ?? "Lagos",
        lat: o.lat ?? 6.5,
        lng: o.lng ?? 3.36,
        timeZone: o.timeZone ?? "Africa/Lagos",
        startTime: o.start,
        endTime: o.end,
        publishedAt: (o.status ?? "published") === "published" ? new Date() : null,
      })
      .returning({ id: events.id, code: events.eventCode });
    for (const [position, p] of (o.parks ?? []).entries()) {
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
