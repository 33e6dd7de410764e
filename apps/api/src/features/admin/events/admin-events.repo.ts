import { eq, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import { eventParks, eventRates, events } from "../../../db/schema/index";
import type { Tx } from "../../../db/tx";
import { likePattern } from "../../../lib/like";
import { parkScopeSql } from "../access.repo";
import { offsetOf } from "../../../lib/pagination";

export type EventRow = typeof events.$inferSelect;
export type EventInsert = typeof events.$inferInsert;

/**
 * Whose events a user sees: every one (null), or its operator's that have a park among the user's
 * parks (an operator staff without an operator sees none). Of such an event the user sees only the
 * rows of their own parks: `parks` below.
 */
export type EventScope = { operatorId: number | null; parkIds: readonly number[] } | null;

/** The parks of an event a scope shows (null: every one). */
export const scopeParks = (scope: EventScope): readonly number[] | null => scope?.parkIds ?? null;

const scopeSql = (scope: EventScope) =>
  scope === null
    ? sql`TRUE`
    : scope.operatorId === null
      ? sql`FALSE`
      : sql`e.operator_id = ${scope.operatorId} AND EXISTS (SELECT 1 FROM event_parks sp
          WHERE sp.event_id = e.id AND ${parkScopeSql(sql`sp.park_id`, scope.parkIds)})`;

export interface ListFilter {
  scope: EventScope;
  status?: string | undefined;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  size: number;
}

export interface ListRow {
  event_code: string;
  name: string;
  category: EventRow["category"];
  status: EventRow["status"];
  visibility: EventRow["visibility"];
  venue_name: string;
  city: string;
  country: string;
  time_zone: string;
  start_time: Date | string;
  end_time: Date | string;
  parks: number;
  allocation: number;
  booked: number;
  total: number;
}

/** A page of the events in a scope, soonest first, with the filters' total. */
export async function listEvents(db: Tx, f: ListFilter): Promise<ListRow[]> {
  const like = f.search ? likePattern(f.search) : null;
  // Each event's figures count only the parks the scope shows.
  const inScope = (column: SQL) => parkScopeSql(column, scopeParks(f.scope));
  return queryRows<ListRow>(
    db,
    sql`SELECT e.event_code, e.name, e.category, e.status, e.visibility, e.venue_name, e.city,
        c.code AS country, e.time_zone, e.start_time, e.end_time,
        (SELECT count(*) FROM event_parks ep WHERE ep.event_id = e.id AND ${inScope(sql`ep.park_id`)})::int AS parks,
        coalesce((SELECT sum(r.allocation) FROM event_rates r
          WHERE r.event_id = e.id AND ${inScope(sql`r.park_id`)}), 0)::int AS allocation,
        (SELECT coalesce(sum(event_booked(r.event_id, r.park_id, r.vehicle_type_id)), 0) FROM event_rates r
          WHERE r.event_id = e.id AND ${inScope(sql`r.park_id`)})::int AS booked,
        count(*) OVER ()::int AS total
      FROM events e JOIN countries c ON c.id = e.country_id
      WHERE ${scopeSql(f.scope)}
        ${f.status ? sql`AND e.status = ${f.status}` : sql``}
        ${like ? sql`AND (e.name ILIKE ${like} OR e.venue_name ILIKE ${like} OR e.city ILIKE ${like} OR e.event_code ILIKE ${like})` : sql``}
        ${f.from ? sql`AND (e.end_time AT TIME ZONE e.time_zone)::date >= ${f.from}::date` : sql``}
        ${f.to ? sql`AND (e.start_time AT TIME ZONE e.time_zone)::date <= ${f.to}::date` : sql``}
      ORDER BY e.start_time DESC, e.id DESC
      LIMIT ${f.size} OFFSET ${offsetOf(f)}`,
  );
}

export async function countEvents(db: Tx, f: ListFilter): Promise<number> {
  const rows = await listEvents(db, { ...f, page: 1, size: 1 });
  return rows[0]?.total ?? 0;
}

/** The event of a code in the scope; `lock` takes its row lock for the rest of the transaction. */
export async function findEvent(
  db: Tx,
  code: string,
  scope: EventScope,
  lock = false,
): Promise<EventRow | null> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT e.id FROM events e WHERE e.event_code = ${code} AND ${scopeSql(scope)}`,
  );
  if (!row) return null;
  const q = db.select().from(events).where(eq(events.id, row.id));
  const [event] = lock ? await q.for("update") : await q;
  return event ?? null;
}

export async function codeTaken(db: Tx, code: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT 1 AS n FROM events WHERE event_code = ${code}`);
  return rows.length > 0;
}

export async function insertEvent(tx: Tx, row: EventInsert): Promise<EventRow> {
  const [created] = await tx.insert(events).values(row).returning();
  return created!;
}

export async function updateEvent(tx: Tx, id: number, set: Partial<EventInsert>): Promise<EventRow> {
  const [updated] = await tx.update(events).set(set).where(eq(events.id, id)).returning();
  return updated!;
}

export interface ParkFacts {
  id: number;
  name: string;
  park_code: string;
  country_id: number;
}

/**
 * The event's parks, their rows shared until the transaction ends (FOR KEY SHARE, as the foreign
 * key of the event's parks takes them anyway): a change of a park's country or time zone holds its
 * row FOR UPDATE, so it waits for this event or this read waits and returns the park as changed.
 */
export async function findParks(db: Tx, ids: number[]): Promise<Map<number, ParkFacts>> {
  const rows = await queryRows<ParkFacts>(
    db,
    sql`SELECT id, name, park_code, country_id FROM parks WHERE id = ANY(${sql.param(ids)}::int[])
      ORDER BY id FOR KEY SHARE`,
  );
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The capacity of each (park, vehicle type) asked, as `park:type` keys (no key: the park has no spaces of the type). */
export async function capacitiesOf(db: Tx, parkIds: number[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ park_id: number; vehicle_type_id: number; capacity: number }>(
    db,
    sql`SELECT park_id, vehicle_type_id, capacity FROM park_capacities WHERE park_id = ANY(${sql.param(parkIds)}::int[])`,
  );
  return new Map(rows.map((r) => [`${r.park_id}:${r.vehicle_type_id}`, Number(r.capacity)]));
}

/**
 * Locks one (park, vehicle type)'s capacity row, as every booking does (book_space,
 * book_event_space): the caller takes these in (park_id, vehicle_type_id) order before the
 * event's row, and reads the peaks in later statements.
 */
export async function lockCapacity(tx: Tx, parkId: number, vehicleTypeId: number): Promise<number | null> {
  const [row] = await queryRows<{ capacity: number }>(
    tx,
    sql`SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId} FOR UPDATE`,
  );
  return row ? Number(row.capacity) : null;
}

/**
 * The most spaces held at once over a window by everything but the event `eventId` (booking_peak);
 * with null, every published event's hold included.
 */
export async function peakWithout(
  tx: Tx,
  parkId: number,
  vehicleTypeId: number,
  start: Date,
  end: Date,
  eventId: number | null,
): Promise<number> {
  const [row] = await queryRows<{ peak: number }>(
    tx,
    sql`SELECT booking_peak(${parkId}, ${vehicleTypeId}, ${start.toISOString()}::timestamptz,
      ${end.toISOString()}::timestamptz, NULL, ${eventId}::int) AS peak`,
  );
  return Number(row?.peak ?? 0);
}

export interface BookedRow {
  park_id: number;
  vehicle_type_id: number;
  booked: number;
  checked_in: number;
}

/**
 * The event's bookings per park and vehicle type (active or completed, over the park's current
 * event window, as the database's event_booked counts them) and how many checked in.
 */
export async function bookedOf(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null = null,
): Promise<BookedRow[]> {
  const rows = await queryRows<BookedRow>(
    db,
    sql`SELECT b.park_id, b.vehicle_type_id, count(*)::int AS booked,
        count(*) FILTER (WHERE b.checked_in_at IS NOT NULL)::int AS checked_in
      FROM bookings b JOIN event_parks ep ON ep.event_id = b.event_id AND ep.park_id = b.park_id
      WHERE b.event_id = ${eventId} AND b.status IN ('active', 'completed')
        AND b.start_time < ep.window_end AND b.end_time > ep.window_start
        AND ${parkScopeSql(sql`b.park_id`, parkIds)}
      GROUP BY b.park_id, b.vehicle_type_id`,
  );
  return rows.map((r) => ({
    park_id: Number(r.park_id),
    vehicle_type_id: Number(r.vehicle_type_id),
    booked: Number(r.booked),
    checked_in: Number(r.checked_in),
  }));
}

export interface EventParkRow {
  park_id: number;
  park_name: string;
  park_code: string;
  arrive_before_minutes: number;
  depart_after_minutes: number;
  window_start: Date | string;
  window_end: Date | string;
  position: number;
}

/** The event's parks in its order; `parkIds` keeps only those (null: every one). */
export async function listEventParks(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null = null,
): Promise<EventParkRow[]> {
  return queryRows<EventParkRow>(
    db,
    sql`SELECT ep.park_id, p.name AS park_name, p.park_code, ep.arrive_before_minutes, ep.depart_after_minutes,
        ep.window_start, ep.window_end, ep.position
      FROM event_parks ep JOIN parks p ON p.id = ep.park_id
      WHERE ep.event_id = ${eventId} AND ${parkScopeSql(sql`ep.park_id`, parkIds)}
      ORDER BY ep.position, ep.park_id`,
  );
}

export interface EventRateRow {
  park_id: number;
  vehicle_type_id: number;
  vehicle_type: string;
  price_minor: number;
  allocation: number;
}

export async function listEventRates(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null = null,
): Promise<EventRateRow[]> {
  const rows = await queryRows<EventRateRow>(
    db,
    sql`SELECT r.park_id, r.vehicle_type_id, v.name AS vehicle_type, r.price_minor, r.allocation
      FROM event_rates r JOIN vehicle_types v ON v.id = r.vehicle_type_id
      WHERE r.event_id = ${eventId} AND ${parkScopeSql(sql`r.park_id`, parkIds)}
      ORDER BY r.park_id, v.sort_order, v.id`,
  );
  return rows.map((r) => ({
    ...r,
    park_id: Number(r.park_id),
    vehicle_type_id: Number(r.vehicle_type_id),
    price_minor: Number(r.price_minor),
    allocation: Number(r.allocation),
  }));
}

export async function vehicleTypeNames(db: Tx): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM vehicle_types`);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export interface ParkWrite {
  parkId: number;
  arriveBeforeMinutes: number;
  departAfterMinutes: number;
  windowStart: Date;
  windowEnd: Date;
  position: number;
  rates: { vehicleTypeId: number; priceMinor: number; allocation: number }[];
}

/** Replaces the event's parks and their rates (the rates go with their park by the foreign key's cascade). */
export async function replaceParks(tx: Tx, eventId: number, list: ParkWrite[]): Promise<void> {
  await tx.delete(eventParks).where(eq(eventParks.eventId, eventId));
  await tx.insert(eventParks).values(
    list.map((p) => ({
      eventId,
      parkId: p.parkId,
      arriveBeforeMinutes: p.arriveBeforeMinutes,
      departAfterMinutes: p.departAfterMinutes,
      windowStart: p.windowStart,
      windowEnd: p.windowEnd,
      position: p.position,
    })),
  );
  await tx.insert(eventRates).values(
    list.flatMap((p) =>
      p.rates.map((r) => ({
        eventId,
        parkId: p.parkId,
        vehicleTypeId: r.vehicleTypeId,
        priceMinor: r.priceMinor,
        allocation: r.allocation,
      })),
    ),
  );
}

export async function operatorName(db: Tx, id: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(db, sql`SELECT name FROM operators WHERE id = ${id}`);
  return row?.name ?? null;
}

export interface EventBookingRow {
  booking_code: string;
  status: "active" | "completed" | "cancelled";
  park_id: number;
  park_name: string;
  vehicle_type_id: number;
  vehicle_type: string;
  plate_number: string | null;
  first_name: string;
  paid_minor: string;
  currency: string;
  checked_in_at: Date | string | null;
  created_at: Date | string;
  total: number;
}

/** A page of the event's bookings at the parks `parkIds` (null: every park), latest first. */
export async function listEventBookings(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null,
  page: { limit: number; offset: number },
): Promise<EventBookingRow[]> {
  return queryRows<EventBookingRow>(
    db,
    sql`SELECT b.booking_code, b.status, b.park_id, p.name AS park_name, b.vehicle_type_id, v.name AS vehicle_type,
        b.plate_number, u.first_name, b.paid_minor::text AS paid_minor, b.currency,
        b.checked_in_at, b.created_at, count(*) OVER ()::int AS total
      FROM bookings b
      JOIN parks p ON p.id = b.park_id
      JOIN vehicle_types v ON v.id = b.vehicle_type_id
      JOIN users u ON u.id = b.user_id
      WHERE b.event_id = ${eventId} AND ${parkScopeSql(sql`b.park_id`, parkIds)}
      ORDER BY b.created_at DESC, b.booking_code
      LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

export async function countEventBookings(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM bookings
      WHERE event_id = ${eventId} AND ${parkScopeSql(sql`park_id`, parkIds)}`,
  );
  return Number(row?.n ?? 0);
}

export interface ReportTotals {
  total: number;
  active: number;
  completed: number;
  cancelled: number;
  checked_in: number;
}

export async function reportTotals(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null,
): Promise<ReportTotals> {
  const [row] = await queryRows<ReportTotals>(
    db,
    sql`SELECT count(*)::int AS total,
        count(*) FILTER (WHERE status = 'active')::int AS active,
        count(*) FILTER (WHERE status = 'completed')::int AS completed,
        count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
        count(*) FILTER (WHERE checked_in_at IS NOT NULL AND status <> 'cancelled')::int AS checked_in
      FROM bookings WHERE event_id = ${eventId} AND ${parkScopeSql(sql`park_id`, parkIds)}`,
  );
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    completed: Number(row?.completed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
    checked_in: Number(row?.checked_in ?? 0),
  };
}

/** What the event's bookings still hold paid (refunds bring paid_minor back to 0), per currency. */
export async function revenueOf(
  db: Tx,
  eventId: number,
  parkIds: readonly number[] | null,
): Promise<{ currency: string; minor: number }[]> {
  const rows = await queryRows<{ currency: string; minor: string }>(
    db,
    sql`SELECT b.currency, sum(b.paid_minor)::text AS minor
      FROM bookings b WHERE b.event_id = ${eventId} AND ${parkScopeSql(sql`b.park_id`, parkIds)}
      GROUP BY b.currency ORDER BY b.currency`,
  );
  return rows.map((r) => ({ currency: r.currency, minor: Number(r.minor) }));
}
