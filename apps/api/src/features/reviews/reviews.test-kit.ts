/** Stays to review, written straight in the database (the booking flow has its own tests). */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

let n = 0;

/** A booking of the car type at `parkId` for [start, end), with its status and exit. */
export async function stay(
  db: Db,
  userId: string,
  parkId: number,
  start: Date,
  end: Date,
  o: { status?: "active" | "completed" | "cancelled"; checkedOutAt?: Date } = {},
): Promise<string> {
  n += 1;
  const id = randomUUID();
  const code = `RV${Date.now().toString(36).toUpperCase()}${n}`;
  const checkedOut = o.checkedOutAt ? o.checkedOutAt.toISOString() : null;
  await db.execute(sql`INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, start_time, end_time,
      status, currency, total_minor, paid_minor, breakdown, checked_out_at, created_at, updated_at)
    VALUES (${id}, ${code}, ${userId}, ${parkId}, 1, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
      ${o.status ?? "completed"}, 'NGN', 100000, 100000, '{}'::jsonb, ${checkedOut}::timestamptz,
      ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz)`);
  return id;
}

/** A park's kept rating beside what its visible reviews say. */
export async function keptAndCounted(db: Db, parkId: number) {
  const result = (await db.execute(sql`SELECT p.rating_count, p.rating_total, p.rating_average::float8 AS avg,
      (SELECT count(*)::int FROM reviews r WHERE r.park_id = p.id AND r.hidden_at IS NULL) AS n,
      (SELECT coalesce(sum(stars), 0)::int FROM reviews r WHERE r.park_id = p.id AND r.hidden_at IS NULL) AS total
    FROM parks p WHERE p.id = ${parkId}`)) as unknown as {
    rows: { rating_count: number; rating_total: number; avg: number | null; n: number; total: number }[];
  };
  const r = result.rows[0]!;
  return {
    kept: {
      count: Number(r.rating_count),
      total: Number(r.rating_total),
      average: r.avg === null ? null : Number(r.avg),
    },
    counted: { count: Number(r.n), total: Number(r.total) },
  };
}
