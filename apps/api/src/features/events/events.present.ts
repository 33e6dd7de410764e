import {
  WALKING_KM_PER_HOUR,
  type EventDetail,
  type EventPark,
  type EventSummary,
  type TaxComponent,
} from "@parkwell/contract";
import { staffText, type Language, type StaffText } from "../../lib/language";
import { toMajor } from "../../lib/money";
import { distanceM } from "../../lib/park-cells";
import type { CountryWithFees } from "../reference/served-countries";
import { windowPrice } from "../parks/parks.present";
import { priceFlat } from "../parks/pricing.domain";
import type { EventOfferRow, EventParkRow, EventRow } from "./events.repo";
import { iso } from "../../lib/iso";

export function eventSummary(row: EventRow): EventSummary {
  const summary: EventSummary = {
    event_code: row.event_code,
    name: row.name,
    category: row.category,
    status: row.status,
    visibility: row.visibility,
    venue: {
      name: row.venue_name,
      address: row.venue_address,
      city: row.city,
      country_code: row.country_code,
      lat: Number(row.lat),
      lng: Number(row.lng),
    },
    time_zone: row.time_zone,
    start_time: iso(row.start_time),
    end_time: iso(row.end_time),
    image_url: row.image_url,
    price_from:
      row.price_from_minor === null
        ? null
        : { amount: toMajor(row.price_from_minor, row.decimals), currency: row.currency },
  };
  if (row.distance_m !== null) summary.distance_km = Math.round(Number(row.distance_m)) / 1000;
  return summary;
}

/** The description in `language` when the event has it, else in the other one; `text_language` says which. */
export function eventDescription(
  description: StaffText,
  language: Language,
): { description: string; text_language: Language } {
  const given = staffText(description, language);
  return { description: given.text, text_language: given.language };
}

/**
 * One park of an event. `bookable` false (the event is cancelled or over, or the park closed)
 * shows every offer with no space left. Per offer, the spaces left are the allocation less the
 * event's bookings, and never more than the park has free for the event over its window.
 */
export function eventPark(
  event: EventRow,
  park: EventParkRow,
  offers: EventOfferRow[],
  bookable: boolean,
  country: CountryWithFees & { taxes: readonly TaxComponent[] },
): EventPark {
  const windowStart = new Date(park.window_start);
  const windowEnd = new Date(park.window_end);
  const prices = offers.map((o) => ({
    vehicle_type_id: o.vehicle_type_id,
    vehicle_type: o.vehicle_type,
    flat_price: { amount: toMajor(Number(o.price_minor), event.decimals), currency: event.currency },
    // Priced as a booking of it is (event-bookings.service): the same function, the same fees.
    price: windowPrice(priceFlat(Number(o.price_minor), country, windowStart, windowEnd), country),
    available:
      bookable && park.park_status === "active"
        ? Math.max(0, Math.min(o.allocation, o.free_for_event) - o.booked)
        : 0,
  }));
  // Straight-line distance from the venue: the walk itself is a little longer than this says.
  const km = distanceM(Number(event.lat), Number(event.lng), Number(park.lat), Number(park.lng)) / 1000;
  return {
    park: {
      id: park.park_id,
      slug: park.slug,
      park_code: park.park_code,
      name: park.name,
      type: park.type,
      address: park.address,
      city: park.city,
      lat: Number(park.lat),
      lng: Number(park.lng),
    },
    prices,
    window: { start_time: iso(park.window_start), end_time: iso(park.window_end) },
    arrive_before_minutes: park.arrive_before_minutes,
    depart_after_minutes: park.depart_after_minutes,
    available: prices.reduce((sum, p) => sum + p.available, 0),
    distance_km: Math.round(km * 10) / 10,
    walking_minutes: Math.ceil((km / WALKING_KM_PER_HOUR) * 60),
  };
}

export function eventDetail(event: EventRow, parks: EventPark[], language: Language): EventDetail {
  return { ...eventSummary(event), ...eventDescription(event.description, language), parks };
}
