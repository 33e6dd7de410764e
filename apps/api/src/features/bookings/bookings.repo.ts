import { and, count, desc, eq, getTableColumns, gt, sql, type SQL } from "drizzle-orm";
import { queryRows, runPrepared, type Db } from "../../db/client";
import { bookings, countries, fees, parkCapacities, parkRates, parks } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { parkView } from "./bookings-view.repo";

export type BookingRow = typeof bookings.$inferSelect;

/** The SQLSTATE of a driver error, looking through Drizzle's wrapper. */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i += 1) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Everything pricing, the window rules and the answer (`view`) need about a park and one vehicle
 * type, with its capacity (null: no space of this type), in one statement that also locks the
 * capacity row (FOR UPDATE). That lock serialises every writer of one park and type across
 * processes (docs/decisions/008-bookings.md); at READ COMMITTED the write's next statement takes a
 * new snapshot, so it sees what the previous holder committed. `lock: false` exists only for the
 * negative-control test that proves the race test can fail.
 */
export async function lockParkForBooking(tx: Tx, parkId: number, vehicleTypeId: number, lock = true) {
  const [row] = await runPrepared(
    lock ? "booking_lock_park" : "booking_read_park_unlocked",
    (tx as Db)
      .select({
        id: parks.id,
        status: parks.status,
        open24h: parks.open24h,
        openingHours: parks.openingHours,
        timeZone: parks.timeZone,
        currency: countries.currency,
        decimals: countries.currencyDecimals,
        taxName: fees.taxName,
        serviceFeeMinor: fees.serviceFeeMinor,
        bookingFeeBps: fees.bookingFeeBps,
        taxBps: fees.taxBps,
        hourlyMinor: parkRates.hourlyMinor,
        dailyMaxMinor: parkRates.dailyMaxMinor,
        capacity: sql<number | null>`(SELECT capacity FROM park_capacities
        WHERE park_id = ${parks.id} AND vehicle_type_id = ${vehicleTypeId} ${lock ? sql`FOR UPDATE` : sql``})`,
        view: parkView,
      })
      .from(parks)
      .innerJoin(countries, eq(countries.id, parks.countryId))
      .innerJoin(fees, eq(fees.countryId, parks.countryId))
      .leftJoin(
        parkRates,
        and(
          eq(parkRates.parkId, parks.id),
          eq(parkRates.vehicleTypeId, vehicleTypeId),
          eq(parkRates.kind, "standard"),
        ),
      )
      .where(eq(parks.id, parkId)),
  );
  return row;
}
export type ParkForBooking = NonNullable<Awaited<ReturnType<typeof lockParkForBooking>>>;

/**
 * Peak number of active bookings present at once inside `[start, end)`. With half-open windows the
 * occupancy only rises at a booking's start, so the peak is at the window start or at one of the
 * starts inside it (research/payments.md 5.1 B). A fragment: each caller reads it in its own statement.
 */
function peakSql(parkId: number, vehicleTypeId: number, start: Date, end: Date, excludeId: string | null) {
  const s = start.toISOString();
  const e = end.toISOString();
  return sql`(WITH b AS (
          SELECT start_time, end_time FROM bookings
          WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId} AND status = 'active'
            AND tstzrange(start_time, end_time, '[)') && tstzrange(${s}::timestamptz, ${e}::timestamptz, '[)')
            AND id IS DISTINCT FROM ${excludeId}::uuid),
        pts AS (SELECT ${s}::timestamptz AS t UNION SELECT start_time FROM b WHERE start_time > ${s}::timestamptz)
        SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
        FROM pts)`;
}

/** Spaces free over a whole window: capacity minus the peak (never below zero). */
export async function freeSpaces(db: Db, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  const [cap] = await db
    .select({ capacity: parkCapacities.capacity })
    .from(parkCapacities)
    .where(and(eq(parkCapacities.parkId, parkId), eq(parkCapacities.vehicleTypeId, vehicleTypeId)));
  const capacity = cap?.capacity ?? 0;
  if (capacity === 0) return { capacity, available: 0 };
  const [row] = await queryRows<{ peak: number }>(
    db,
    sql`SELECT ${peakSql(parkId, vehicleTypeId, start, end, null)} AS peak`,
  );
  return { capacity, available: Math.max(0, capacity - Number(row?.peak ?? 0)) };
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
 * Inserts a booking and returns, from the same statement, the peak occupancy its window had
 * without it (a statement does not see its own insert). Called after the capacity lock, so this
 * statement's snapshot holds every booking committed by the lock's previous holders.
 */
export async function insertBooking(
  tx: Tx,
  row: typeof bookings.$inferInsert,
): Promise<{ booking: BookingRow; peakBefore: number }> {
  const [created] = await runPrepared(
    "booking_insert",
    tx
      .insert(bookings)
      .values(row)
      .returning({
        ...getTableColumns(bookings),
        peakBefore: peakSql(row.parkId, row.vehicleTypeId, row.startTime, row.endTime, null).mapWith(Number),
      }),
  );
  const { peakBefore, ...booking } = created!;
  return { booking, peakBefore };
}

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

export async function findByIdempotencyKey(db: Db, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.idempotencyKey, key)));
  return row;
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

export const filters = {
  active: () => eq(bookings.status, "active"),
  upcoming: (now: Date) => and(eq(bookings.status, "active"), gt(bookings.startTime, now)),
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
