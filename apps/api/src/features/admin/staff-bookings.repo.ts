import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { parkScopeSql } from "./access.repo";

export interface StaffBookingFilter {
  parkIds: number[] | null;
  parkId?: number | undefined;
  status?: string | undefined;
  /** Days (YYYY-MM-DD) in each park's own zone: bookings whose window touches [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  /** A booking code or a plate (normalised), whole or its start. */
  code?: string | undefined;
  plate?: string | undefined;
  limit: number;
  offset: number;
}

export interface StaffBookingRow {
  booking_code: string;
  status: "active" | "completed" | "cancelled";
  park_id: number;
  park_name: string;
  time_zone: string;
  vehicle_type_id: number;
  vehicle_type: string;
  plate_number: string | null;
  first_name: string;
  start_time: Date | string;
  end_time: Date | string;
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
  total_minor: string;
  paid_minor: string;
  overstay_owed_minor: string;
  currency: string;
  /** The park's country, whose currency decimals the amounts are shown with. */
  country_id: number;
  created_at: Date | string;
  total: string;
}

function whereOf(f: StaffBookingFilter) {
  const where = [
    parkScopeSql(sql`b.park_id`, f.parkIds),
    f.parkId ? sql`b.park_id = ${f.parkId}` : undefined,
    f.status ? sql`b.status = ${f.status}` : undefined,
    f.from ? sql`b.end_time > (${f.from}::date::timestamp AT TIME ZONE p.time_zone)` : undefined,
    f.to ? sql`b.start_time < ((${f.to}::date + 1)::timestamp AT TIME ZONE p.time_zone)` : undefined,
    f.code || f.plate
      ? sql`(${f.code ? sql`b.booking_code LIKE ${`${f.code}%`}` : sql`false`}
          OR ${f.plate ? sql`b.plate_number LIKE ${`${f.plate}%`}` : sql`false`})`
      : undefined,
  ].filter((c) => c !== undefined);
  return sql.join(where, sql` AND `);
}

/** One page of the scope's bookings, newest window first, each row with the filtered total. */
export function listStaffBookings(db: Db, f: StaffBookingFilter): Promise<StaffBookingRow[]> {
  return queryRows<StaffBookingRow>(
    db,
    sql`SELECT b.booking_code, b.status, b.park_id, p.name AS park_name, p.time_zone, b.vehicle_type_id, vt.name AS vehicle_type,
        b.plate_number, u.first_name, b.start_time, b.end_time, b.checked_in_at, b.checked_out_at,
        b.total_minor, b.paid_minor, b.overstay_owed_minor, b.currency, p.country_id,
        b.created_at, count(*) OVER () AS total
      FROM bookings b
      JOIN parks p ON p.id = b.park_id
      JOIN vehicle_types vt ON vt.id = b.vehicle_type_id
      JOIN users u ON u.id = b.user_id
      WHERE ${whereOf(f)}
      ORDER BY b.start_time DESC, b.id
      LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
}

/** The filtered total alone (a page past the end has no row to carry it). */
export async function countStaffBookings(db: Db, f: StaffBookingFilter): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`SELECT count(*) AS n FROM bookings b JOIN parks p ON p.id = b.park_id WHERE ${whereOf(f)}`,
  );
  return Number(row?.n ?? 0);
}
