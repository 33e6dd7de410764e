/**
 * What a park has free for one vehicle type over a window: its capacity (park_capacities) minus the
 * peak of active bookings present at once (the database function `booking_peak`, drizzle/0008,
 * which `book_space` uses too). Read by the park pages and the search; the booking writes check
 * capacity under their own lock (bookings.repo).
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";

/** Spaces free over a whole window: capacity minus the peak (never below zero). */
export async function freeSpaces(db: Db, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  return (await freeSpacesOf(db, [parkId], vehicleTypeId, start, end)).get(parkId)!;
}

/**
 * `freeSpaces` for several parks in one statement (a search page with a window): capacity minus
 * the peak per park, and no space where a park has no capacity for the vehicle type.
 */
export async function freeSpacesOf(
  db: Db,
  parkIds: number[],
  vehicleTypeId: number,
  start: Date,
  end: Date,
): Promise<Map<number, { capacity: number; available: number }>> {
  const rows = parkIds.length
    ? await queryRows<{ park_id: number; capacity: number; peak: number }>(
        db,
        sql`SELECT c.park_id, c.capacity,
              CASE WHEN c.capacity > 0 THEN booking_peak(c.park_id, ${vehicleTypeId}::int,
                ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, NULL) ELSE 0 END AS peak
            FROM park_capacities c
            WHERE c.park_id = ANY(${sql.param(parkIds)}::int[]) AND c.vehicle_type_id = ${vehicleTypeId}`,
      )
    : [];
  const byPark = new Map(rows.map((r) => [Number(r.park_id), r]));
  return new Map(
    parkIds.map((id) => {
      const row = byPark.get(id);
      const capacity = Number(row?.capacity ?? 0);
      return [id, { capacity, available: Math.max(0, capacity - Number(row?.peak ?? 0)) }];
    }),
  );
}
