import type { GuaranteeCause } from "@parkwell/contract";
/** What a booking is shown with: its park, vehicle type and ledger moves (reads only). */
import { sql } from "drizzle-orm";
import { cachedPerDb } from "../../db/cached";
import { preparedRows, queryRows, type Db } from "../../db/client";
import { events, parks, vehicleTypes } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

/** Vehicle types are fixed reference data: read once per database handle, not on every response. */
const vehicleTypeNames = cachedPerDb((db) =>
  db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes),
);
/**
 * What a booking shows of its park. The booking writes read it with the park they price
 * (bookings.repo readParkForBooking, lockParkForBooking), so their answer needs no second read.
 */
export const parkView = {
  id: parks.id,
  slug: parks.slug,
  park_code: parks.parkCode,
  name: parks.name,
  address: parks.address,
  city: parks.city,
  /** Its type: an airport park's bookings take a flight (decision 068). */
  type: parks.type,
  time_zone: parks.timeZone,
  lat: parks.lat,
  lng: parks.lng,
  entry_instructions: parks.entryInstructions,
  text_language: parks.textLanguage,
  translations: parks.translations,
  /** Its country (the served countries give the currency's decimals). */
  country_id: parks.countryId,
};

const readParks = (db: Db, ids: number[]) =>
  db
    .select(parkView)
    .from(parks)
    .where(sql`${parks.id} IN ${ids}`);
export type ParkView = Awaited<ReturnType<typeof readParks>>[number];

/** What a booking for an event shows of it. */
export const eventView = {
  id: events.id,
  event_code: events.eventCode,
  name: events.name,
  venue_name: events.venueName,
  start_time: events.startTime,
  end_time: events.endTime,
  status: events.status,
};
const readEvents = (db: Db, ids: number[]) =>
  db
    .select(eventView)
    .from(events)
    .where(sql`${events.id} IN ${ids}`);
export type EventView = Awaited<ReturnType<typeof readEvents>>[number];

/**
 * Park, vehicle-type and event facts shown with bookings; parks already in hand (`known`) are not
 * read again.
 */
export async function bookingContext(
  db: Db,
  parkIds: number[],
  known: ParkView[] = [],
  eventIds: number[] = [],
) {
  const missing = parkIds.filter((id) => !known.some((p) => p.id === id));
  const [parkRows, typeRows, eventRows] = await Promise.all([
    missing.length ? readParks(db, missing) : [],
    vehicleTypeNames(db),
    eventIds.length ? readEvents(db, eventIds) : [],
  ]);
  return {
    parks: new Map([...known, ...parkRows].map((p) => [p.id, p])),
    types: new Map(typeRows.map((t) => [t.id, t.name])),
    events: new Map(eventRows.map((e) => [e.id, e])),
  };
}

/** The distinct events of some bookings, for `bookingContext`. */
export const eventIdsOf = (rows: { eventId: number | null }[]) => [
  ...new Set(rows.flatMap((r) => (r.eventId === null ? [] : [r.eventId]))),
];

/** The causes of the bookings' space guarantee offers still open (a closure, a cut of spaces), by booking id. */
export async function openOfferCauses(
  db: Db | Tx,
  bookingIds: readonly string[],
): Promise<Map<string, GuaranteeCause>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await queryRows<{ booking_id: string; cause: GuaranteeCause }>(
    db,
    sql`SELECT booking_id, cause FROM booking_offers
        WHERE booking_id = ANY(${sql.param([...bookingIds])}::uuid[]) AND status = 'open'`,
  );
  return new Map(rows.map((r) => [r.booking_id, r.cause]));
}

/** The cause of the booking's space guarantee offer still open, or null. */
export const openOfferCause = async (db: Db | Tx, bookingId: string): Promise<GuaranteeCause | null> =>
  (await openOfferCauses(db, [bookingId])).get(bookingId) ?? null;

/**
 * The payer's side of every ledger move of a booking (charges negative, refunds positive): the
 * driver's wallet, or the account of the company that paid it (its moves carry the booking's keys).
 */
export function bookingMoves(db: Db, bookingId: string, userId: string) {
  return queryRows<{ kind: string; amount_minor: string; currency: string; created_at: Date | string }>(
    db,
    sql`SELECT t.kind, e.amount_minor::text, e.currency, t.created_at
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id
        JOIN wallet_accounts a ON a.id = e.account_id
          AND ((a.kind = 'user_wallet' AND a.owner_user_id = ${userId}) OR a.kind = 'company_wallet')
        WHERE t.idempotency_key LIKE ${`booking:${bookingId}:%`}
        ORDER BY e.id`,
  );
}

/**
 * The flights of some bookings (decision 068), by booking id; a booking without one is absent. A
 * named statement: a new booking's answer reads it, and every statement of a booking is prepared
 * (decision 052).
 */
export async function flightsOf(
  db: Db | Tx,
  bookingIds: readonly string[],
): Promise<Map<string, { flight_number: string | null; return_date: string | null }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await flightsStatement(db as Tx, { ids: [...bookingIds] });
  return new Map(rows.map(({ booking_id, ...flight }) => [booking_id, flight]));
}
const flightsStatement = preparedRows<{
  booking_id: string;
  flight_number: string | null;
  return_date: string | null;
}>(
  "booking_flights_of",
  sql`SELECT booking_id, flight_number, return_date::text AS return_date FROM booking_flights
      WHERE booking_id = ANY(${sql.placeholder("ids")}::uuid[])`,
);
