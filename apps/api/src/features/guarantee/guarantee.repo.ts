/** The space guarantee's queries: what a closure hits, the offers, the parks a driver may move to. */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { bookingOffers, passClosureRefunds } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export type OfferRow = typeof bookingOffers.$inferSelect;

const days = (list: readonly string[]) => sql`${sql.param([...list])}::date[]`;

export interface HitBooking {
  id: string;
  booking_code: string;
  user_id: string;
  start_time: Date | string;
  end_time: Date | string;
  plate_number: string;
  currency: string;
  paid_minor: number;
}

/**
 * The park's active bookings whose window meets one of `closures` (window_hits_closure, the rule
 * book_space applies) and has not ended, whose car is not in yet: what the closure leaves without
 * its space. Read under the park's row lock (FOR UPDATE), which every booking writer shares first,
 * so none commits between this read and the closure's commit.
 */
export function bookingsHit(tx: Tx, parkId: number, closures: readonly string[], now: Date) {
  return queryRows<HitBooking>(
    tx,
    sql`SELECT b.id, b.booking_code, b.user_id, b.start_time, b.end_time,
        coalesce(b.plate_number, '') AS plate_number, b.currency, b.paid_minor
      FROM bookings b JOIN parks p ON p.id = b.park_id
      WHERE b.park_id = ${parkId} AND b.status = 'active' AND b.checked_in_at IS NULL
        AND b.end_time > ${now.toISOString()}::timestamptz
        AND window_hits_closure(${days(closures)}, p.time_zone, p.overnight_stays, b.start_time, b.end_time)
      ORDER BY b.start_time, b.booking_code`,
  );
}

export interface HeldRow extends HitBooking {
  kind: string;
  n: number;
  /** When the booking was made, for a booking the guarantee may move; null for what stays. */
  booked_at: Date | string | null;
}

/**
 * What holds spaces of a vehicle type at the park from `now` on (space_holds: bookings, live holds,
 * parked drive-up sales, published events' allocations, monthly passes' windows), each with what a
 * cut of spaces needs to choose the bookings it moves: `booked_at` for an active booking whose car
 * is not in, not an event's, not already offered the guarantee. Read under the capacity row's lock
 * (FOR UPDATE), which every writer of a booking, a hold, a sale or a pass takes.
 */
export function spacesHeld(tx: Tx, parkId: number, vehicleTypeId: number, now: Date) {
  const at = now.toISOString();
  return queryRows<HeldRow>(
    tx,
    sql`SELECT h.kind, coalesce(h.code, '') AS booking_code, h.start_time, h.end_time, h.n,
        coalesce(h.plate, '') AS plate_number, b.id, b.user_id, b.currency, b.paid_minor,
        CASE WHEN b.checked_in_at IS NULL AND b.event_id IS NULL AND o.id IS NULL THEN b.created_at END AS booked_at
      FROM space_holds(${parkId}, ${vehicleTypeId}, ${at}::timestamptz,
        space_horizon(${parkId}, ${vehicleTypeId}, ${at}::timestamptz, 'infinity'::timestamptz)) h
      LEFT JOIN bookings b ON h.kind = 'booking' AND b.id = h.id
      LEFT JOIN booking_offers o ON o.booking_id = b.id`,
  );
}

/** Monthly passes (active or in grace) with a weekly window at the park on one of `closures`. */
export function passesHit(tx: Tx, parkId: number, closures: readonly string[], now: Date) {
  if (closures.length === 0) return Promise.resolve([]);
  return queryRows<{ pass_code: string; plate_number: string }>(
    tx,
    sql`WITH span AS (
        SELECT (min(d)::timestamp AT TIME ZONE p.time_zone) AS from_at,
          ((max(d) + 1)::timestamp AT TIME ZONE p.time_zone) AS to_at, p.time_zone
        FROM parks p, unnest(${days(closures)}) AS d WHERE p.id = ${parkId} GROUP BY p.time_zone)
      SELECT DISTINCT w.pass_code, coalesce(w.plates, '') AS plate_number
      FROM span, park_capacities c,
        LATERAL pass_windows(${parkId}, c.vehicle_type_id, greatest(span.from_at, ${now.toISOString()}::timestamptz), span.to_at) w
      WHERE c.park_id = ${parkId}
        AND window_hits_closure(${days(closures)}, span.time_zone, false, w.start_time, w.end_time)
      ORDER BY 1 LIMIT 200`,
  );
}

/**
 * The parks with closure days still to come (on their clock) and a monthly pass active or in grace:
 * where a term paid after its closure days were saved (a renewal, a new pass) may owe them.
 */
export function parksClosingAhead(db: Db, now: Date) {
  return queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM parks p
      WHERE cardinality(p.closures) > 0
        AND EXISTS (SELECT 1 FROM unnest(p.closures) d
          WHERE d >= (${now.toISOString()}::timestamptz AT TIME ZONE p.time_zone)::date)
        AND EXISTS (SELECT 1 FROM passes s WHERE s.park_id = p.id AND s.status IN ('active', 'grace'))
      ORDER BY p.id`,
  );
}

/** The park's closure days, its row shared (a closure's edit, which locks it, waits or went first). */
export async function shareClosures(tx: Tx, parkId: number): Promise<string[]> {
  const [row] = await queryRows<{ closures: string[] }>(
    tx,
    sql`SELECT array(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(closures) d) AS closures
      FROM parks WHERE id = ${parkId} FOR SHARE`,
  );
  return row?.closures ?? [];
}

export interface HitPassTerm {
  pass_id: string;
  pass_code: string;
  user_id: string;
  currency: string;
  country_id: number;
  plates: string;
  period: number;
  total_minor: number | string;
  /** Every day the term's weekly windows run (on the park's clock, sorted): the price's shares. */
  term_days: string[];
  /** The closure days among them that a window still to come meets, not compensated before. */
  closed_days: string[];
}

/**
 * The terms already charged and not ended (the one `now` is in, or a first term not begun yet) of
 * the park's monthly passes (active or in grace) whose weekly windows still to come meet one of
 * `closures` on a day not compensated before for that term (pass_closure_refunds): with the days
 * its windows run over the whole term, which split its price (decision 060). A window is on every
 * day it meets (window_hits_closure's rule for a park without overnight stays, as passesHit lists
 * them). A day in no term charged yet is not here: the renewal charges the plan's price then.
 */
export function passTermsHit(tx: Tx, parkId: number, closures: readonly string[], now: Date) {
  if (closures.length === 0) return Promise.resolve([]);
  const at = sql`${now.toISOString()}::timestamptz`;
  return queryRows<HitPassTerm>(
    tx,
    sql`WITH terms AS (
        SELECT s.id, s.pass_code, s.user_id, s.currency, s.plan_id, p.time_zone, p.country_id,
          array_to_string(s.plates, ' / ') AS plates, c.period, c.period_start, c.period_end, c.total_minor
        FROM passes s JOIN parks p ON p.id = s.park_id
        JOIN pass_charges c ON c.pass_id = s.id AND c.period_end > ${at}
        WHERE s.park_id = ${parkId} AND s.status IN ('active', 'grace')),
      days AS (
        SELECT t.id, t.period, d.day::date AS day, bool_or(o.end_time > ${at}) AS ahead
        FROM terms t
        CROSS JOIN LATERAL plan_occurrences(t.plan_id, t.time_zone, t.period_start, t.period_end) o
        CROSS JOIN LATERAL generate_series((o.start_time AT TIME ZONE t.time_zone)::date::timestamp,
          ((o.end_time AT TIME ZONE t.time_zone) - interval '1 microsecond')::date::timestamp,
          interval '1 day') AS d(day)
        GROUP BY t.id, t.period, d.day::date),
      hit AS (
        SELECT x.id, x.period, x.day, x.ahead AND x.day = ANY(${days(closures)}) AND NOT EXISTS (
            SELECT 1 FROM pass_closure_refunds r
            WHERE r.pass_id = x.id AND r.period = x.period AND r.day = x.day) AS closed
        FROM days x)
      SELECT t.id AS pass_id, t.pass_code, t.user_id, t.currency, t.country_id, t.plates, t.period,
        t.total_minor,
        array_agg(to_char(h.day, 'YYYY-MM-DD') ORDER BY h.day) AS term_days,
        array_agg(to_char(h.day, 'YYYY-MM-DD') ORDER BY h.day) FILTER (WHERE h.closed) AS closed_days
      FROM terms t JOIN hit h ON h.id = t.id AND h.period = t.period
      GROUP BY t.id, t.pass_code, t.user_id, t.currency, t.country_id, t.plates, t.period, t.total_minor
      HAVING bool_or(h.closed)
      ORDER BY t.pass_code`,
  );
}

/** One row per pass term and closure day, owed; a day already there (paid or owed) is left as it is. */
export async function insertPassRefunds(
  tx: Tx,
  rows: (typeof passClosureRefunds.$inferInsert)[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const made = await tx
    .insert(passClosureRefunds)
    .values(rows)
    .onConflictDoNothing({
      target: [passClosureRefunds.passId, passClosureRefunds.period, passClosureRefunds.day],
    })
    .returning({ id: passClosureRefunds.id });
  return made.length;
}

/**
 * The pass terms that are owed a closure's refund (at one park, or anywhere), oldest first, after
 * `after` (the `first` of the last term a run has tried): a run walks each once, so one that fails
 * does not hide the others.
 */
export function owedPassTerms(db: Db, parkId: number | null, limit: number, after = 0) {
  return queryRows<{ pass_id: string; period: number; first: number }>(
    db,
    sql`SELECT pass_id, period, min(id) AS first FROM pass_closure_refunds
      WHERE paid_at IS NULL ${parkId === null ? sql`` : sql`AND park_id = ${parkId}`}
      GROUP BY pass_id, period HAVING min(id) > ${after} ORDER BY min(id) LIMIT ${limit}`,
  );
}

/** A pass term as its refund reads it, the pass's row locked FOR UPDATE (as a claim or a renewal locks it). */
export async function lockPassTerm(tx: Tx, passId: string, period: number) {
  const [row] = await queryRows<{
    id: string;
    code: string;
    user_id: string;
    currency: string;
    park_id: number;
    country_id: number;
    total_minor: number | string;
  }>(
    tx,
    sql`SELECT s.id, s.pass_code AS code, s.user_id, s.currency, s.park_id, p.country_id, c.total_minor
      FROM passes s JOIN parks p ON p.id = s.park_id
      JOIN pass_charges c ON c.pass_id = s.id AND c.period = ${period}
      WHERE s.id = ${passId}::uuid FOR UPDATE OF s`,
  );
  return row;
}

/** A term's owed days, read under the pass's row lock, by day. */
export function owedDays(tx: Tx, passId: string, period: number) {
  return queryRows<{ id: number; day: string; amount_minor: number | string }>(
    tx,
    sql`SELECT id, to_char(day, 'YYYY-MM-DD') AS day, amount_minor FROM pass_closure_refunds
      WHERE pass_id = ${passId}::uuid AND period = ${period} AND paid_at IS NULL ORDER BY day`,
  );
}

/** The owed days paid: what each gave back, the move that paid them (null: the term had nothing left). */
export async function markPassRefundsPaid(
  tx: Tx,
  rows: { id: number; amountMinor: number }[],
  ledgerKey: string | null,
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  // One statement for the term's days.
  await tx.execute(
    sql`UPDATE pass_closure_refunds r SET amount_minor = d.amount, ledger_key = ${ledgerKey},
        paid_at = ${at.toISOString()}::timestamptz
      FROM unnest(${sql.param(rows.map((x) => x.id))}::int[], ${sql.param(rows.map((x) => x.amountMinor))}::bigint[])
        AS d(id, amount)
      WHERE r.id = d.id`,
  );
}

/** What the park's closures gave back to monthly passes, per currency (the back office). */
export function parkPassRefundTotals(db: Db, parkId: number) {
  return queryRows<{ currency: string; refunded: number }>(
    db,
    sql`SELECT currency, coalesce(sum(amount_minor), 0)::bigint AS refunded
      FROM pass_closure_refunds WHERE park_id = ${parkId} AND paid_at IS NOT NULL
      GROUP BY currency ORDER BY currency`,
  );
}

/** Events not cancelled whose parking window at the park meets one of `closures`. */
export function eventsHit(tx: Tx, parkId: number, closures: readonly string[], now: Date) {
  return queryRows<{ event_id: number; name: string; window_start: Date | string }>(
    tx,
    sql`SELECT e.id AS event_id, e.name, ep.window_start
      FROM event_parks ep JOIN events e ON e.id = ep.event_id JOIN parks p ON p.id = ep.park_id
      WHERE ep.park_id = ${parkId} AND e.status <> 'cancelled' AND ep.window_end > ${now.toISOString()}::timestamptz
        AND window_hits_closure(${days(closures)}, p.time_zone, false, ep.window_start, ep.window_end)
      ORDER BY ep.window_start LIMIT 200`,
  );
}

/** One offer per booking: a booking already offered (an earlier closure) keeps its offer. */
export async function insertOffers(
  tx: Tx,
  rows: (typeof bookingOffers.$inferInsert)[],
): Promise<{ bookingId: string }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(bookingOffers)
    .values(rows)
    .onConflictDoNothing({ target: bookingOffers.bookingId })
    .returning({ bookingId: bookingOffers.bookingId });
}

/** The offer of a booking, locked FOR UPDATE: it is settled once. */
export async function lockOffer(tx: Tx, bookingId: string): Promise<OfferRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`SELECT id FROM booking_offers WHERE booking_id = ${bookingId}::uuid FOR UPDATE`,
  );
  if (!row) return undefined;
  return offerOf(tx, bookingId);
}

export async function offerOf(db: Tx, bookingId: string): Promise<OfferRow | undefined> {
  const [row] = await (db as Db)
    .select()
    .from(bookingOffers)
    .where(sql`${bookingOffers.bookingId} = ${bookingId}::uuid`);
  return row;
}

export async function settleOffer(
  tx: Tx,
  id: number,
  set: Pick<OfferRow, "status" | "settledAt"> &
    Partial<Pick<OfferRow, "refundedMinor" | "differenceMinor" | "rebookedBookingId">>,
): Promise<void> {
  await tx
    .update(bookingOffers)
    .set(set)
    .where(sql`${bookingOffers.id} = ${id}`);
}

/** The booking a driver's offer is about, by its code: another driver's is not found. */
export async function offerByCode(db: Db, userId: string, code: string) {
  const [row] = await queryRows<{
    booking_id: string;
    park_id: number;
    vehicle_type_id: number;
    vehicle_type: string;
    park_name: string;
    time_zone: string;
    cause: OfferRow["cause"];
  }>(
    db,
    sql`SELECT b.id AS booking_id, b.park_id, b.vehicle_type_id, vt.name AS vehicle_type,
        p.name AS park_name, p.time_zone, o.cause
      FROM bookings b JOIN booking_offers o ON o.booking_id = b.id JOIN parks p ON p.id = b.park_id
      JOIN vehicle_types vt ON vt.id = b.vehicle_type_id
      WHERE b.user_id = ${userId}::uuid AND b.booking_code = ${code}`,
  );
  return row;
}

export async function bookingCodeOf(db: Db, id: string | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await queryRows<{ code: string }>(
    db,
    sql`SELECT booking_code AS code FROM bookings WHERE id = ${id}::uuid`,
  );
  return row?.code ?? null;
}

export interface Candidate {
  id: number;
  name: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
}

/**
 * The parks a booking hit at `parkId` may move to, nearest first: active, in the same country,
 * selling spaces of the vehicle type (a capacity and a standard rate). Whether each is open and free
 * for the window is the service's question (the window rules, the capacity engine).
 */
export async function nearestParks(db: Db, parkId: number, vehicleTypeId: number, limit: number) {
  return queryRows<Candidate>(
    db,
    sql`SELECT o.id, o.name, o.address, o.city, o.lat, o.lng
      FROM parks p
      JOIN parks o ON o.country_id = p.country_id AND o.id <> p.id AND o.status = 'active'
      JOIN park_capacities c ON c.park_id = o.id AND c.vehicle_type_id = ${vehicleTypeId} AND c.capacity > 0
      JOIN park_rates r ON r.park_id = o.id AND r.vehicle_type_id = ${vehicleTypeId} AND r.kind = 'standard'
      WHERE p.id = ${parkId}
      ORDER BY power(o.lat - p.lat, 2) + power((o.lng - p.lng) * cos(radians(p.lat)), 2), o.id
      LIMIT ${limit}`,
  );
}

export async function parkPoint(db: Db, parkId: number) {
  const [row] = await queryRows<{ lat: number; lng: number; operator_id: number | null }>(
    db,
    sql`SELECT lat, lng, operator_id FROM parks WHERE id = ${parkId}`,
  );
  return row;
}

/** Open offers whose window has started: refunded by the guarantee's job, a batch at a time. */
export interface DueOffer {
  id: number;
  booking_id: string;
  park_id: number;
  vehicle_type_id: number;
  cause: OfferRow["cause"];
}

/**
 * The open offers whose window has started, in start order, but for the ones a run has already
 * tried (`tried`, their ids): a run walks each once, so one that fails does not hide the others.
 */
export async function dueOffers(db: Db, now: Date, limit: number, tried: number[] = []) {
  return queryRows<DueOffer>(
    db,
    sql`SELECT o.id, o.booking_id, b.park_id, b.vehicle_type_id, o.cause
      FROM booking_offers o JOIN bookings b ON b.id = o.booking_id
      WHERE o.status = 'open' AND b.start_time <= ${now.toISOString()}::timestamptz
        AND NOT (o.id = ANY(${sql.param(tried)}::int[]))
      ORDER BY b.start_time, o.id LIMIT ${limit}`,
  );
}

export interface ParkOfferRow {
  booking_code: string;
  cause: OfferRow["cause"];
  status: OfferRow["status"];
  payer: OfferRow["payer"];
  start_time: Date | string;
  end_time: Date | string;
  time_zone: string;
  currency: string;
  refunded_minor: number;
  difference_minor: number;
  rebooked_park: string | null;
  created_at: Date | string;
  settled_at: Date | string | null;
}

/** A park's offers, newest first (the back office's list of what its closures cost). */
export function parkOffers(db: Db, parkId: number, limit: number, offset: number) {
  return queryRows<ParkOfferRow>(
    db,
    sql`SELECT b.booking_code, o.cause, o.status, o.payer, b.start_time, b.end_time, p.time_zone,
        o.currency, o.refunded_minor, o.difference_minor, np.name AS rebooked_park, o.created_at, o.settled_at
      FROM booking_offers o JOIN bookings b ON b.id = o.booking_id JOIN parks p ON p.id = o.park_id
      LEFT JOIN bookings nb ON nb.id = o.rebooked_booking_id LEFT JOIN parks np ON np.id = nb.park_id
      WHERE o.park_id = ${parkId}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

export async function parkOfferTotals(db: Db, parkId: number) {
  return queryRows<{
    currency: string;
    n: number;
    refunded: number;
    operator_paid: number;
    parkwell_paid: number;
    open: number;
  }>(
    db,
    sql`SELECT currency, count(*)::int AS n, coalesce(sum(refunded_minor), 0)::bigint AS refunded,
        coalesce(sum(difference_minor) FILTER (WHERE payer = 'operator'), 0)::bigint AS operator_paid,
        coalesce(sum(difference_minor) FILTER (WHERE payer = 'parkwell'), 0)::bigint AS parkwell_paid,
        (count(*) FILTER (WHERE status = 'open'))::int AS open
      FROM booking_offers WHERE park_id = ${parkId} GROUP BY currency ORDER BY currency`,
  );
}
