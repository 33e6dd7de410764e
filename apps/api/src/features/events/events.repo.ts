/** Reads of the public events pages: the list, one event with its parks and offers, an access code. */
import type { EventCategory, EventStatus, EventVisibility, ParkType } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { distanceSql } from "../../db/geo-sql";
import { likeEscape } from "../../lib/like";

/** An event as read (its country's facts are the served countries'). */
export interface EventRowRead {
  id: number;
  event_code: string;
  name: string;
  description: { en: string; fr: string };
  category: EventCategory;
  status: EventStatus;
  visibility: EventVisibility;
  venue_name: string;
  venue_address: string;
  city: string;
  country_id: number;
  lat: number;
  lng: number;
  time_zone: string;
  start_time: Date | string;
  end_time: Date | string;
  image_url: string | null;
  /** The offers with spaces left, each with its park's window (null: none), to be priced with fees. */
  offers_left:
    | {
        price_minor: string | number;
        window_start: string;
        window_end: string;
        state_id: number | null;
        /** The park's tax district (decision 049). */
        tax_district_id: number | null;
        time_zone: string;
      }[]
    | null;
  distance_m: number | null;
}

/** An event with its country's code, currency and decimals (EventRowRead and the served country). */
export interface EventRow extends EventRowRead {
  country_code: string;
  currency: string;
  decimals: number;
  /** What a driver pays, fees included, for the cheapest offer with spaces left (null: none). */
  price_from_minor: number | null;
}

export interface EventFilter {
  now: Date;
  countryId?: number | undefined;
  category?: EventCategory | undefined;
  /** Normalised words (lib/search-text.ts), each to be found in the name, venue or city. */
  terms: string[];
  /** Days (YYYY-MM-DD) on the venue's calendar: events overlapping [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  geo?: { lat: number; lng: number } | undefined;
  limit: number;
  offset: number;
}

/** LIKE's own wildcards taken literally: a user's "%" or "_" is a character, not a pattern. */

/**
 * The name, venue and city in the form search terms take (lib/search-text.ts's normalisation:
 * lower case, the accents of the served languages removed, anything else than letters and
 * digits a space), so "montreal" finds "Centre Bell, Montréal".
 */
const searchableText = sql`regexp_replace(translate(lower(e.name || ' ' || e.venue_name || ' ' || e.city),
  'àáâäãåçèéêëìíîïñòóôöõùúûüýÿ', 'aaaaaaceeeeiiiinooooouuuuyy'), '[^a-z0-9]+', ' ', 'g')`;

/** Great-circle distance in metres from the search centre to the venue. */
const distanceOf = (geo: { lat: number; lng: number }) => distanceSql(sql`e.lat`, sql`e.lng`, geo);

/** Spaces of an offer (`r`) already taken by its event's bookings. */
const bookedSql = sql`event_booked(r.event_id, r.park_id, r.vehicle_type_id)`;

const eventColumns = sql`e.id, e.event_code, e.name, e.description, e.category, e.status, e.visibility,
  e.venue_name, e.venue_address, e.city, e.country_id,
  e.lat, e.lng, e.time_zone, e.start_time, e.end_time, e.image_url,
  (SELECT json_agg(json_build_object('price_minor', r.price_minor::text,
      'window_start', ep.window_start, 'window_end', ep.window_end,
      'state_id', p.state_id, 'tax_district_id', p.tax_district_id, 'time_zone', p.time_zone))
    FROM event_rates r JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
      JOIN parks p ON p.id = r.park_id
    WHERE r.event_id = e.id AND r.allocation > ${bookedSql}) AS offers_left`;

function whereOf(f: EventFilter): SQL {
  const where = [
    sql`e.status = 'published'`,
    sql`e.visibility = 'public'`,
    sql`e.end_time > ${f.now.toISOString()}::timestamptz`,
    f.countryId !== undefined ? sql`e.country_id = ${f.countryId}` : undefined,
    f.category ? sql`e.category = ${f.category}` : undefined,
    ...f.terms.map((t) => sql`${searchableText} LIKE ${`%${likeEscape(t)}%`}`),
    f.from ? sql`e.end_time > (${f.from}::date::timestamp AT TIME ZONE e.time_zone)` : undefined,
    f.to ? sql`e.start_time < ((${f.to}::date + 1)::timestamp AT TIME ZONE e.time_zone)` : undefined,
  ].filter((c) => c !== undefined);
  return sql.join(where, sql` AND `);
}

/** One page of the published public events not yet ended: nearest first with a centre, else soonest. */
export function listEvents(db: Db, f: EventFilter): Promise<EventRowRead[]> {
  const distance = f.geo ? distanceOf(f.geo) : sql`NULL::float8`;
  const order = f.geo ? sql`distance_m, e.start_time, e.id` : sql`e.start_time, e.id`;
  return queryRows<EventRowRead>(
    db,
    sql`SELECT ${eventColumns}, ${distance} AS distance_m
      FROM events e
      WHERE ${whereOf(f)}
      ORDER BY ${order}
      LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
}

export async function countEvents(db: Db, f: EventFilter): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM events e WHERE ${whereOf(f)}`,
  );
  return Number(row?.n ?? 0);
}

/** An event by its code, whatever its status (the service decides what a driver may see). */
export async function findEvent(db: Db, code: string): Promise<EventRowRead | undefined> {
  const [row] = await queryRows<EventRowRead>(
    db,
    sql`SELECT ${eventColumns}, NULL::float8 AS distance_m
      FROM events e
      WHERE e.event_code = ${code}`,
  );
  return row;
}

export interface EventParkRow {
  park_id: number;
  slug: string;
  park_code: string;
  name: string;
  type: ParkType;
  address: string;
  city: string;
  lat: number;
  lng: number;
  park_status: string;
  /** The park's state or province and its clock: its taxes (decision 047). */
  state_id: number | null;
  /** Its tax district, if any (decision 049). */
  tax_district_id: number | null;
  time_zone: string;
  arrive_before_minutes: number;
  depart_after_minutes: number;
  window_start: Date | string;
  window_end: Date | string;
}

/** The parks of an event in the organiser's order (the venue's own first). */
export function eventParks(db: Db, eventId: number): Promise<EventParkRow[]> {
  return queryRows<EventParkRow>(
    db,
    sql`SELECT ep.park_id, p.slug, p.park_code, p.name, p.type, p.address, p.city, p.lat, p.lng,
        p.status AS park_status, p.state_id, p.tax_district_id, p.time_zone, ep.arrive_before_minutes, ep.depart_after_minutes, ep.window_start, ep.window_end
      FROM event_parks ep JOIN parks p ON p.id = ep.park_id
      WHERE ep.event_id = ${eventId}
      ORDER BY ep.position, ep.park_id`,
  );
}

export interface EventOfferRow {
  park_id: number;
  vehicle_type_id: number;
  vehicle_type: string;
  price_minor: string;
  allocation: number;
  /** The event's bookings of the offer (active or completed). */
  booked: number;
  /**
   * The park's spaces of this type free over the event's window for this event: its capacity less
   * everything else held there then (other bookings, drive-up sales, other events' allocations).
   * The event's own bookings are not in it (`booking_peak` counts them through its allocation).
   */
  free_for_event: number;
}

/** Every offer of an event with what is booked of it and what the park has free for it. */
export function eventOffers(db: Db, eventId: number): Promise<EventOfferRow[]> {
  return queryRows<EventOfferRow>(
    db,
    sql`SELECT r.park_id, r.vehicle_type_id, vt.name AS vehicle_type, r.price_minor::text AS price_minor,
        r.allocation, ${bookedSql}::int AS booked,
        (coalesce(cap.capacity, 0) - CASE WHEN coalesce(cap.capacity, 0) > 0
          THEN booking_peak(r.park_id, r.vehicle_type_id, ep.window_start, ep.window_end, NULL, r.event_id)
          ELSE 0 END)::int AS free_for_event
      FROM event_rates r
      JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
      JOIN vehicle_types vt ON vt.id = r.vehicle_type_id
      LEFT JOIN park_capacities cap ON cap.park_id = r.park_id AND cap.vehicle_type_id = r.vehicle_type_id
      WHERE r.event_id = ${eventId}
      ORDER BY vt.sort_order, vt.id`,
  );
}

/** A published private event's code and access code hash, by its code. */
export async function findPrivateEvent(
  db: Db,
  eventCode: string,
): Promise<{ event_code: string; access_code_hash: string } | undefined> {
  const [row] = await queryRows<{ event_code: string; access_code_hash: string }>(
    db,
    sql`SELECT event_code, access_code_hash FROM events
      WHERE event_code = ${eventCode} AND visibility = 'private' AND status = 'published'
        AND access_code_hash IS NOT NULL`,
  );
  return row;
}
