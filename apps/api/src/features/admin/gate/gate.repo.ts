/** The gate's queries: bookings by code, check-in and check-out marks, today's lists. */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import {
  bookingFlights,
  bookings,
  events,
  parkChargers,
  parks,
  users,
  vehicleTypes,
} from "../../../db/schema/index";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";

/** A cut of the park's spaces moved the booking (its space guarantee offer open): it holds no space here. */
const movedByCut = sql<boolean>`EXISTS (SELECT 1 FROM booking_offers o
  WHERE o.booking_id = ${bookings.id} AND o.cause = 'capacity' AND o.status = 'open')`;

/**
 * A booking with what the gate shows about it: its park (name, zone, operator), type, driver's
 * first name, the event it parks for, and the EV charger group it holds one of (which plug to
 * point the car to).
 */
const gateColumns = {
  id: bookings.id,
  bookingCode: bookings.bookingCode,
  userId: bookings.userId,
  status: bookings.status,
  parkId: bookings.parkId,
  vehicleTypeId: bookings.vehicleTypeId,
  plateNumber: bookings.plateNumber,
  startTime: bookings.startTime,
  endTime: bookings.endTime,
  currency: bookings.currency,
  moves: bookings.moves,
  checkedInAt: bookings.checkedInAt,
  checkedOutAt: bookings.checkedOutAt,
  movedByCut,
  overstayMinor: bookings.overstayMinor,
  overstayOwedMinor: bookings.overstayOwedMinor,
  parkName: parks.name,
  timeZone: parks.timeZone,
  operatorId: parks.operatorId,
  countryId: parks.countryId,
  vehicleType: vehicleTypes.name,
  driverFirstName: users.firstName,
  eventName: events.name,
  chargerId: parkChargers.id,
  chargerConnector: parkChargers.connector,
  chargerPowerKw: parkChargers.powerKw,
  flightNumber: bookingFlights.flightNumber,
  returnDate: bookingFlights.returnDate,
};

function gateSelect(db: Tx) {
  return db
    .select(gateColumns)
    .from(bookings)
    .innerJoin(parks, eq(parks.id, bookings.parkId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, bookings.vehicleTypeId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(parkChargers, eq(parkChargers.id, bookings.chargerId))
    .leftJoin(bookingFlights, eq(bookingFlights.bookingId, bookings.id));
}

/** A booking as the gate reads it. */
export type GateBookingRead = Awaited<ReturnType<typeof findByCode>> & object;
/** The same with its park's country's currency decimals (the served countries'). */
export type GateBookingRow = GateBookingRead & { decimals: number };

/** The booking with this code, locked (FOR UPDATE of the booking row) when `lock`. */
export async function findByCode(db: Tx, code: string, lock = false) {
  const query = gateSelect(db).where(eq(bookings.bookingCode, code));
  const [row] = lock ? await query.for("update", { of: bookings }) : await query;
  return row;
}

export async function markCheckedIn(tx: Tx, id: string, at: Date, by: string): Promise<void> {
  await tx
    .update(bookings)
    .set({ checkedInAt: at, checkedInBy: by, updatedAt: at })
    .where(eq(bookings.id, id));
}

export async function markCheckedOut(
  tx: Tx,
  id: string,
  set: {
    at: Date;
    by: string;
    overstayMinor: number;
    overstayOwedMinor: number;
    moves: number;
  },
): Promise<void> {
  await tx
    .update(bookings)
    .set({
      checkedOutAt: set.at,
      checkedOutBy: set.by,
      overstayMinor: set.overstayMinor,
      overstayOwedMinor: set.overstayOwedMinor,
      moves: set.moves,
      updatedAt: set.at,
      status: "completed",
    })
    .where(eq(bookings.id, id));
}

/** The day containing `now` on each park's own clock, as a condition on `column`. */
const todayAt = (column: SQL | typeof bookings.startTime | typeof bookings.endTime, now: Date) =>
  sql`(${column} AT TIME ZONE ${parks.timeZone})::date = (${now.toISOString()}::timestamptz AT TIME ZONE ${parks.timeZone})::date`;

/** How many rows each of today's lists holds at most: one gate's day, not a report. */
export const TODAY_LIMIT = 200;

/**
 * Today's arrivals (active bookings starting today on the park's clock, but those a cut of spaces
 * moved: they are not coming) and departures (bookings ending today, active or completed, not
 * cancelled, not moved) at the parks in scope, by time.
 */
export async function today(db: Db, parkIds: number[] | null, parkId: number | undefined, now: Date) {
  const scope = and(
    parkScopeSql(bookings.parkId, parkIds),
    parkId === undefined ? undefined : eq(bookings.parkId, parkId),
  );
  const [arrivals, departures] = await Promise.all([
    gateSelect(db)
      .where(
        and(scope, eq(bookings.status, "active"), todayAt(bookings.startTime, now), sql`NOT ${movedByCut}`),
      )
      .orderBy(asc(bookings.startTime), asc(bookings.bookingCode))
      .limit(TODAY_LIMIT),
    gateSelect(db)
      .where(
        and(
          scope,
          sql`${bookings.status} IN ('active', 'completed')`,
          todayAt(bookings.endTime, now),
          sql`NOT ${movedByCut}`,
        ),
      )
      .orderBy(asc(bookings.endTime), asc(bookings.bookingCode))
      .limit(TODAY_LIMIT),
  ]);
  return { arrivals, departures };
}
