import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { preparedPerDb, preparedRows, queryRows, type Db } from "../../db/client";
import {
  bookingFlights,
  bookings,
  eventParks,
  eventRates,
  events,
  parkRates,
  parks,
  purchases,
  users,
} from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { parkView } from "./bookings-view.repo";

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Everything pricing, the window rules and the answer (`view`) need about a park and one vehicle
 * type, with its capacity (null: no space of this type), in one statement that also locks the
 * capacity row (FOR UPDATE). That lock serialises every writer of one park and type across
 * processes (docs/decisions/008-bookings.md); at READ COMMITTED the write's next statement takes a
 * new snapshot, so it sees what the previous holder committed. `lock: false` exists only for the
 * negative-control test that proves the race test can fail.
 */
export async function lockParkForBooking(tx: Tx, parkId: number, vehicleTypeId: number, lock = true) {
  const query = parkForBooking(tx as Db, lock).prepare(
    lock ? "booking_lock_park" : "booking_read_park_unlocked",
  );
  const [row] = await query.execute({ parkId, vehicleTypeId });
  return row;
}

/**
 * Shares the park's row (FOR KEY SHARE) until the transaction ends: a change of its country or time
 * zone, which holds the row FOR UPDATE, waits for this writer, or this writer waits for it and its
 * next statement reads the park as changed (docs/decisions/008-bookings.md).
 */
export async function shareParkRow(tx: Tx, parkId: number): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM parks WHERE id = ${parkId} FOR KEY SHARE`);
}

/** The same read without the lock, built once per database: a new booking prices from it (`book_space` locks). */
export async function readParkForBooking(db: Db, parkId: number, vehicleTypeId: number) {
  const [row] = await unlockedParkRead(db).execute({ parkId, vehicleTypeId });
  return row;
}
const unlockedParkRead = preparedPerDb((db) =>
  parkForBooking(db, false).prepare("booking_read_park_unlocked"),
);

/** Several parks as a booking reads them, in one statement (the space guarantee's candidates). */
export async function readParksForBooking(db: Db, parkIds: readonly number[], vehicleTypeId: number) {
  if (parkIds.length === 0) return [];
  return parkSelect(db, false)
    .where(inArray(parks.id, [...parkIds]))
    .execute({ vehicleTypeId });
}

function parkForBooking(db: Db, lock: boolean) {
  return parkSelect(db, lock).where(eq(parks.id, sql.placeholder("parkId")));
}

function parkSelect(db: Db, lock: boolean) {
  const vehicleTypeId = sql.placeholder("vehicleTypeId");
  return db
    .select({
      id: parks.id,
      status: parks.status,
      open24h: parks.open24h,
      openingHours: parks.openingHours,
      timeZone: parks.timeZone,
      overnightStays: parks.overnightStays,
      closures: parks.closures,
      countryId: parks.countryId,
      /** Its state or province: which taxes it charges (decision 047). */
      stateId: parks.stateId,
      /** Its tax district, if any: taxes in addition to its state's (decision 049). */
      taxDistrictId: parks.taxDistrictId,
      hourlyMinor: parkRates.hourlyMinor,
      dailyMaxMinor: parkRates.dailyMaxMinor,
      /** What the vehicle type is called (a receipt's line names it). */
      vehicleTypeName: sql<string | null>`(SELECT name FROM vehicle_types WHERE id = ${vehicleTypeId})`,
      /** Whether it has busy-time rules in force (decision 059): a window is then booked with a quote's token. */
      hasRateRules: sql<boolean>`EXISTS (SELECT 1 FROM park_rate_rules WHERE park_id = ${parks.id} AND active)`,
      capacity: sql<number | null>`(SELECT capacity FROM park_capacities
        WHERE park_id = ${parks.id} AND vehicle_type_id = ${vehicleTypeId} ${lock ? sql`FOR UPDATE` : sql``})`,
      view: parkView,
    })
    .from(parks)
    .leftJoin(
      parkRates,
      and(
        eq(parkRates.parkId, parks.id),
        eq(parkRates.vehicleTypeId, vehicleTypeId),
        eq(parkRates.kind, "standard"),
      ),
    );
}
/** A park as a booking reads it; its country's currency and fees are the served countries' (booking-core). */
export type ParkRead = NonNullable<Awaited<ReturnType<typeof lockParkForBooking>>>;

/**
 * Peak number of active bookings present at once inside `[start, end)`: the database function
 * `booking_peak` (drizzle/0008), which `book_space` uses too. A fragment: each caller reads it in
 * its own statement, later than its capacity lock.
 */
function peakSql(parkId: number, vehicleTypeId: number, start: Date, end: Date, excludeId: string | null) {
  return sql`booking_peak(${parkId}::int, ${vehicleTypeId}::int, ${start.toISOString()}::timestamptz,
    ${end.toISOString()}::timestamptz, ${excludeId}::uuid)`;
}

/**
 * For a booking changing its window, under the capacity lock: the peak occupancy of the other
 * bookings in `[start, end)` and whether its plate holds another active booking there, in one read.
 */
export async function occupancy(
  tx: Tx,
  b: { id: string; userId: string; parkId: number; vehicleTypeId: number; plateNumber: string | null },
  start: Date,
  end: Date,
): Promise<{ peak: number; plateBusy: boolean }> {
  const plateBusy = b.plateNumber
    ? sql`EXISTS (SELECT 1 FROM bookings WHERE user_id = ${b.userId} AND plate_number = ${b.plateNumber}
          AND status = 'active' AND id <> ${b.id}::uuid
          AND start_time < ${end.toISOString()}::timestamptz AND end_time > ${start.toISOString()}::timestamptz)`
    : sql`false`;
  const [row] = await queryRows<{ peak: number; plate_busy: boolean }>(
    tx as Db,
    sql`SELECT ${peakSql(b.parkId, b.vehicleTypeId, start, end, b.id)} AS peak, ${plateBusy} AS plate_busy`,
  );
  return { peak: Number(row?.peak ?? 0), plateBusy: Boolean(row?.plate_busy) };
}

/**
 * `unavailable`: an event booking's event is no longer published or has no such offer; `moved`: the
 * park charges in another currency than the booking was priced in (its country changed meanwhile);
 * `closed`: a closure day saved meanwhile covers the window (book_space, window_hits_closure).
 */
export type BookSpaceStatus =
  | "booked"
  | "full"
  | "missing_accounts"
  | "unavailable"
  | "moved"
  | "closed"
  | "charger_full"
  | "charger_gone";

/**
 * A new booking and its wallet charge in one statement, the database function `book_space`
 * (drizzle/0021; its charge and insert, pay_and_insert_booking, shared with book_event_space since
 * 0030; the park's row and currency since 0031; docs/decisions/008-bookings.md): it shares the
 * park's row, locks the capacity row, checks in later statements that the park still charges in
 * the booking's currency and the peak, posts the charge and inserts the booking, in one round trip
 * and one transaction. A short wallet raises SQLSTATE PW402, a busy plate 23P01, a reused
 * idempotency key 23505; each rolls everything back.
 */
export async function bookSpace(db: Tx, row: BookingRow, accounts: SpaceCharge): Promise<BookSpaceStatus> {
  const [result] = await bookSpaceStatement(db, spaceParams(row, accounts));
  return result!.status;
}
/**
 * What a new booking's statement charges and claims besides its row: the accounts of its charge,
 * and the buyer's Idempotency-Key with the request's fingerprint (its `purchases` row).
 */
export interface SpaceCharge {
  wallet: string;
  revenue: string;
  idempotencyKey: string | null;
  requestHash: string | null;
}

/** The parameters `book_space` and `book_event_space` share: the booking's row and its charge's accounts. */
function spaceParams(row: BookingRow, accounts: SpaceCharge) {
  return {
    id: row.id,
    code: row.bookingCode,
    user: row.userId,
    park: row.parkId,
    type: row.vehicleTypeId,
    vehicle: row.vehicleId,
    plate: row.plateNumber,
    start: row.startTime.toISOString(),
    end: row.endTime.toISOString(),
    currency: row.currency,
    total: row.totalMinor,
    breakdown: JSON.stringify(row.breakdown),
    key: accounts.idempotencyKey,
    hash: accounts.requestHash,
    now: row.createdAt.toISOString(),
    wallet: accounts.wallet,
    revenue: accounts.revenue,
  };
}
const p = (name: string) => sql.placeholder(name);
const bookSpaceStatement = preparedRows<{ status: BookSpaceStatus }>(
  "book_space",
  sql`SELECT book_space(${p("id")}::uuid, ${p("code")}, ${p("user")}::uuid,
    ${p("park")}::int, ${p("type")}::int, ${p("vehicle")}::int, ${p("plate")}, ${p("start")}::timestamptz,
    ${p("end")}::timestamptz, ${p("currency")}, ${p("total")}::bigint, ${p("breakdown")}::jsonb, ${p("key")},
    ${p("hash")}, ${p("now")}::timestamptz, ${p("wallet")}, ${p("revenue")}) AS status`,
);

/**
 * A new event booking and its charge in one statement, the database function `book_event_space`
 * (drizzle/0028): under the same capacity row lock it checks that the event is still published
 * and that its allocation at the park has room, then charges and inserts as `book_space` does.
 */
export async function bookEventSpace(
  db: Tx,
  row: BookingRow,
  accounts: SpaceCharge,
): Promise<BookSpaceStatus> {
  const [result] = await bookEventSpaceStatement(db, { event: row.eventId, ...spaceParams(row, accounts) });
  return result!.status;
}
const bookEventSpaceStatement = preparedRows<{ status: BookSpaceStatus }>(
  "book_event_space",
  sql`SELECT book_event_space(${p("event")}::int, ${p("id")}::uuid, ${p("code")}, ${p("user")}::uuid,
    ${p("park")}::int, ${p("type")}::int, ${p("vehicle")}::int, ${p("plate")}, ${p("start")}::timestamptz,
    ${p("end")}::timestamptz, ${p("currency")}, ${p("total")}::bigint, ${p("breakdown")}::jsonb, ${p("key")},
    ${p("hash")}, ${p("now")}::timestamptz, ${p("wallet")}, ${p("revenue")}) AS status`,
);

export async function updateBooking(tx: Tx, id: string, set: Partial<typeof bookings.$inferInsert>) {
  await tx.update(bookings).set(set).where(eq(bookings.id, id));
}

/** A user's booking by id or code; another user's booking is simply not found. */
export async function findBooking(
  db: Tx,
  userId: string,
  by: { id: string } | { code: string },
  forUpdate = false,
): Promise<BookingRow | undefined> {
  const where = and(
    eq(bookings.userId, userId),
    "id" in by ? eq(bookings.id, by.id) : eq(bookings.bookingCode, by.code),
  );
  const q = tx(db).select().from(bookings).where(where);
  const [row] = forUpdate ? await q.for("update") : await q;
  return row;
}
const tx = (db: Tx) => db as Db;

/**
 * The purchase a driver made of `kind` (a booking's) with an Idempotency-Key, with its booking, in
 * one read (the key's replay): the request's fingerprint and the booking (null when it has none);
 * undefined when the key is new.
 */
export async function bookingOfKey(
  db: Tx,
  userId: string,
  kind: string,
  key: string,
): Promise<{ requestHash: string | null; booking: BookingRow | null } | undefined> {
  const [row] = await tx(db)
    .select({ requestHash: purchases.requestHash, booking: bookings })
    .from(purchases)
    .leftJoin(bookings, and(eq(bookings.id, purchases.id), eq(bookings.userId, userId)))
    .where(and(eq(purchases.userId, userId), eq(purchases.kind, kind), eq(purchases.idempotencyKey, key)));
  return row;
}

/** An active booking by id, locked (FOR UPDATE), whoever it belongs to: the organiser's cancellation. */
export async function findActiveForUpdate(db: Tx, id: string): Promise<BookingRow | undefined> {
  const [row] = await tx(db)
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.status, "active")))
    .for("update");
  return row;
}

/** Up to `limit` active bookings of an event, in id order (the organiser's cancellation, in batches). */
export function activeBookingsOfEvent(db: Db, eventId: number, limit: number) {
  return db
    .select({ id: bookings.id, parkId: bookings.parkId, vehicleTypeId: bookings.vehicleTypeId })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), eq(bookings.status, "active")))
    .orderBy(bookings.id)
    .limit(limit);
}

export async function listBookings(
  db: Db,
  userId: string,
  filter: SQL | undefined,
  size: number,
  offset: number,
) {
  const where = and(eq(bookings.userId, userId), filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(where)
      .orderBy(desc(bookings.startTime), desc(bookings.id))
      .limit(size)
      .offset(offset),
    db.select({ n: count() }).from(bookings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** `active` is a booking in progress now; one that has not started is `upcoming`. */
/** The list's filters, as the contract's `shownStatus` tells a booking's status to its driver. */
export const filters = {
  active: (now: Date) =>
    and(
      eq(bookings.status, "active"),
      or(lte(bookings.startTime, now), isNotNull(bookings.checkedInAt)),
      gt(bookings.endTime, now),
    ),
  upcoming: (now: Date) =>
    and(eq(bookings.status, "active"), gt(bookings.startTime, now), isNull(bookings.checkedInAt)),
  completed: () => eq(bookings.status, "completed"),
  cancelled: () => eq(bookings.status, "cancelled"),
};

/** Marks every active booking whose end has passed as completed: one statement, safe from any number of processes. */
export async function completeEnded(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(bookings)
    .set({ status: "completed", updatedAt: now })
    .where(and(eq(bookings.status, "active"), sql`${bookings.endTime} <= ${now.toISOString()}::timestamptz`))
    .returning({ id: bookings.id });
  return rows.length;
}

/** A booking with what its e-mails need of its driver, by id (mail jobs: no user in the request). */
export async function findBookingForMail(db: Db, id: string) {
  const [found] = await db
    .select({
      row: bookings,
      email: users.email,
      language: users.language,
      reminders: users.bookingReminders,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.id, id), sql`${users.disabledAt} IS NULL`));
  return found;
}

export interface DueReminder {
  id: string;
  edge: "start" | "end";
  at: Date;
}

/**
 * Marks, and answers, the bookings whose reminder is due at `now`, for drivers who keep e-mail
 * reminders on or have a device that chose this reminder (decision 066): before the start, once
 * per booking, unless it was booked inside the lead (the driver has just seen it); before the
 * end, once per end time, once the stay has begun (an extension moves the end, and the new end
 * has its own reminder). The row locks of the UPDATE make a second run
 * at the same time wait and then skip what the first marked.
 */
export async function markDueReminders(
  tx: Tx,
  now: Date,
  leads: { beforeStartMinutes: number; beforeEndMinutes: number },
): Promise<DueReminder[]> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: string; edge: "start" | "end"; at: string | Date }>(
    tx as Db,
    sql`WITH start_due AS (
      UPDATE bookings b SET start_reminded_at = ${at}::timestamptz
      FROM users u
      WHERE u.id = b.user_id AND u.disabled_at IS NULL
        AND (u.booking_reminders OR EXISTS (SELECT 1 FROM push_subscriptions p
          WHERE p.user_id = u.id AND 'booking_start' = ANY (p.reminders)))
        AND b.status = 'active' AND b.start_reminded_at IS NULL
        AND b.start_time > ${at}::timestamptz
        AND b.start_time <= ${at}::timestamptz + make_interval(mins => ${leads.beforeStartMinutes})
        AND b.created_at <= b.start_time - make_interval(mins => ${leads.beforeStartMinutes})
      RETURNING b.id, 'start'::text AS edge, b.start_time AS at
    ), end_due AS (
      UPDATE bookings b SET end_reminded_for = b.end_time
      FROM users u
      WHERE u.id = b.user_id AND u.disabled_at IS NULL
        AND (u.booking_reminders OR EXISTS (SELECT 1 FROM push_subscriptions p
          WHERE p.user_id = u.id AND 'booking_end' = ANY (p.reminders)))
        AND b.status = 'active' AND b.end_reminded_for IS DISTINCT FROM b.end_time
        AND b.start_time <= ${at}::timestamptz
        AND b.end_time > ${at}::timestamptz
        AND b.end_time <= ${at}::timestamptz + make_interval(mins => ${leads.beforeEndMinutes})
      RETURNING b.id, 'end'::text AS edge, b.end_time AS at
    )
    SELECT * FROM start_due UNION ALL SELECT * FROM end_due`,
  );
  return rows.map((r) => ({ id: r.id, edge: r.edge, at: new Date(r.at) }));
}

/** `book_event_space`'s test of an offer's allocation (`event_rates`), here without the capacity lock. */
const offerSoldOut = sql<boolean | null>`event_booked(${eventRates.eventId}, ${eventRates.parkId},
  ${eventRates.vehicleTypeId}) >= ${eventRates.allocation}`;

/**
 * The event of a code with, when the park serves it, its window there and its offer for the vehicle
 * type, and whether that offer's allocation was sold out when read: the count `book_event_space`
 * compares under the capacity lock (the database's `event_booked`), read here without it.
 */
export async function readEventOffer(db: Db, code: string, parkId: number, vehicleTypeId: number) {
  const [row] = await db
    .select({
      id: events.id,
      status: events.status,
      visibility: events.visibility,
      endTime: events.endTime,
      windowStart: eventParks.windowStart,
      windowEnd: eventParks.windowEnd,
      priceMinor: eventRates.priceMinor,
      soldOut: offerSoldOut,
    })
    .from(events)
    .leftJoin(eventParks, and(eq(eventParks.eventId, events.id), eq(eventParks.parkId, parkId)))
    .leftJoin(
      eventRates,
      and(
        eq(eventRates.eventId, events.id),
        eq(eventRates.parkId, parkId),
        eq(eventRates.vehicleTypeId, vehicleTypeId),
      ),
    )
    .where(eq(events.eventCode, code));
  return row;
}

/**
 * A booking's flight as it is now (decision 068): written, replaced, or deleted when it has none.
 */
export async function saveFlight(
  tx: Tx | Db,
  bookingId: string,
  flight: { flight_number: string | null; return_date: string | null } | null,
  now: Date,
): Promise<void> {
  if (flight === null) {
    await tx.delete(bookingFlights).where(eq(bookingFlights.bookingId, bookingId));
    return;
  }
  const row = { flightNumber: flight.flight_number, returnDate: flight.return_date, updatedAt: now };
  await tx
    .insert(bookingFlights)
    .values({ bookingId, ...row })
    .onConflictDoUpdate({ target: bookingFlights.bookingId, set: row });
}

/** What a flight is checked against: the park's type and clock. */
export async function parkOfFlight(tx: Tx | Db, parkId: number) {
  const [row] = await tx
    .select({ type: parks.type, timeZone: parks.timeZone })
    .from(parks)
    .where(eq(parks.id, parkId));
  return row;
}
