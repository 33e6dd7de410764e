import { and, count, desc, eq, gt, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { bookings, countries, fees, parkCapacities, parkRates, parks } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

export type BookingRow = typeof bookings.$inferSelect;

/** The SQLSTATE of a driver error, looking through Drizzle's wrapper. */
export function pgCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i += 1) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Everything pricing and the window rules need about a park and one vehicle type, in one query. */
export async function findParkForBooking(db: Db, parkId: number, vehicleTypeId: number) {
  const [row] = await db
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
    .where(eq(parks.id, parkId));
  return row;
}
export type ParkForBooking = NonNullable<Awaited<ReturnType<typeof findParkForBooking>>>;

/**
 * Serialises every writer of one park and vehicle type (docs/decisions/008-bookings.md). Runs at
 * READ COMMITTED so the next statement sees what the previous lock holder committed.
 * `lock: false` exists only for the negative-control test that proves the race test can fail.
 */
export async function lockCapacity(tx: Tx, parkId: number, vehicleTypeId: number, lock = true) {
  const rows = await queryRows<{ capacity: number }>(
    tx as Db,
    sql`SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId}
        ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0]?.capacity ?? 0;
}

/**
 * Peak number of active bookings present at once inside `[start, end)`. With half-open windows the
 * occupancy only rises at a booking's start, so the peak is at the window start or at one of the
 * starts inside it (research/payments.md 5.1 B).
 */
export async function peakOccupancy(
  db: Tx,
  parkId: number,
  vehicleTypeId: number,
  start: Date,
  end: Date,
  excludeId: string | null = null,
): Promise<number> {
  const s = start.toISOString();
  const e = end.toISOString();
  const rows = await queryRows<{ peak: number }>(
    db as Db,
    sql`WITH b AS (
          SELECT start_time, end_time FROM bookings
          WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId} AND status = 'active'
            AND tstzrange(start_time, end_time, '[)') && tstzrange(${s}::timestamptz, ${e}::timestamptz, '[)')
            AND id IS DISTINCT FROM ${excludeId}::uuid),
        pts AS (SELECT ${s}::timestamptz AS t UNION SELECT start_time FROM b WHERE start_time > ${s}::timestamptz)
        SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int AS peak
        FROM pts`,
  );
  return Number(rows[0]?.peak ?? 0);
}

/** Spaces free over a whole window: capacity minus the peak (never below zero). */
export async function freeSpaces(db: Db, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  const [cap] = await db
    .select({ capacity: parkCapacities.capacity })
    .from(parkCapacities)
    .where(and(eq(parkCapacities.parkId, parkId), eq(parkCapacities.vehicleTypeId, vehicleTypeId)));
  const capacity = cap?.capacity ?? 0;
  const peak = capacity > 0 ? await peakOccupancy(db, parkId, vehicleTypeId, start, end) : 0;
  return { capacity, available: Math.max(0, capacity - peak) };
}

/** Whether this user's plate already holds an active booking overlapping the window. */
export async function plateBusy(
  db: Tx,
  userId: string,
  plate: string,
  start: Date,
  end: Date,
  excludeId: string | null = null,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db as Db,
    sql`SELECT 1 AS one FROM bookings WHERE user_id = ${userId} AND plate_number = ${plate} AND status = 'active'
          AND start_time < ${end.toISOString()}::timestamptz AND end_time > ${start.toISOString()}::timestamptz
          AND id IS DISTINCT FROM ${excludeId}::uuid LIMIT 1`,
  );
  return rows.length > 0;
}

export async function insertBooking(tx: Tx, row: typeof bookings.$inferInsert): Promise<BookingRow> {
  const [created] = await tx.insert(bookings).values(row).returning();
  return created!;
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
