/** An event as the back office shows it (pure): its row with its parks, prices and bookings. */
import type { AdminEvent } from "@parkwell/contract";
import { wallClockMs } from "@parkwell/contract";
import type { CountryFacts } from "../../reference/served-countries";
import { toMajor } from "../../../lib/money";
import { iso } from "../../../lib/iso";
import type * as repo from "./admin-events.repo";
import type { EventRow } from "./admin-events.repo";

/** "2026-12-05T19:30": an instant on a zone's clock, as the form shows it. */
export function localOf(t: Date | string, timeZone: string): string {
  return new Date(wallClockMs(new Date(t).getTime(), timeZone)).toISOString().slice(0, 16);
}

/** What an event is shown with, in the caller's scope: its country, parks, prices, bookings and operator. */
export interface AdminEventExtras {
  country: CountryFacts;
  parks: Awaited<ReturnType<typeof repo.listEventParks>>;
  rates: Awaited<ReturnType<typeof repo.listEventRates>>;
  /** The bookings per (park, vehicle type), keyed "park:vehicle type". */
  booked: Map<string, repo.BookedRow>;
  operator: { id: number; name: string } | null;
}

export function presentAdminEvent(
  e: EventRow,
  { country, parks, rates, booked, operator }: AdminEventExtras,
): AdminEvent {
  return {
    event_code: e.eventCode,
    name: e.name,
    description: e.description,
    category: e.category,
    status: e.status,
    visibility: e.visibility,
    has_access_code: e.accessCodeHash !== null,
    venue: {
      name: e.venueName,
      address: e.venueAddress,
      city: e.city,
      country_code: country.code,
      lat: e.lat,
      lng: e.lng,
    },
    time_zone: e.timeZone,
    start_local: localOf(e.startTime, e.timeZone),
    end_local: localOf(e.endTime, e.timeZone),
    start_time: iso(e.startTime),
    end_time: iso(e.endTime),
    currency: country.currency,
    decimals: country.decimals,
    operator,
    parks: parks.map((p) => ({
      park_id: Number(p.park_id),
      park_name: p.park_name,
      park_code: p.park_code,
      arrive_before_minutes: Number(p.arrive_before_minutes),
      depart_after_minutes: Number(p.depart_after_minutes),
      window_start: iso(p.window_start),
      window_end: iso(p.window_end),
      prices: rates
        .filter((r) => r.park_id === Number(p.park_id))
        .map((r) => ({
          vehicle_type_id: r.vehicle_type_id,
          vehicle_type: r.vehicle_type,
          price: toMajor(r.price_minor, country.decimals),
          allocation: r.allocation,
          booked: booked.get(`${r.park_id}:${r.vehicle_type_id}`)?.booked ?? 0,
        })),
    })),
    booked: [...booked.values()].reduce((n, b) => n + b.booked, 0),
    created_at: iso(e.createdAt),
    published_at: e.publishedAt ? iso(e.publishedAt) : null,
    cancelled_at: e.cancelledAt ? iso(e.cancelledAt) : null,
  };
}
