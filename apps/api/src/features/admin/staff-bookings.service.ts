import { normalisePlate, type StaffBooking } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { toMajor } from "../../lib/money";
import { requireParkInScope, type StaffAccess } from "./access.service";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./staff-bookings.repo";
import { iso } from "../../lib/iso";
import { offsetOf, listPage } from "../../lib/pagination";

export interface StaffBookingsQuery {
  page: number;
  size: number;
  park_id?: number | undefined;
  status?: "active" | "completed" | "cancelled" | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

/**
 * The bookings at the user's parks, for the desk and the gate: a park outside the scope is a 404
 * (as one that does not exist), and the driver is shown by first name only.
 */
export async function listBookings(db: Db, access: StaffAccess, q: StaffBookingsQuery) {
  if (q.park_id) await requireParkInScope(db, access, q.park_id);
  // Only what a code or a plate may hold reaches LIKE: no wildcard from the user. A search left
  // with nothing matches nothing.
  const term = q.search?.toUpperCase().replace(/\s+/g, "");
  const code = term?.replace(/[^A-Z0-9-]/g, "") || (term ? "!" : undefined);
  const plate = term ? normalisePlate(term).replace(/[^A-Z0-9]/g, "") || undefined : undefined;
  const filter: repo.StaffBookingFilter = {
    parkIds: access.parkIds,
    parkId: q.park_id,
    status: q.status,
    from: q.from,
    to: q.to,
    code,
    plate,
    limit: q.size,
    offset: offsetOf(q),
  };
  const rows = await repo.listStaffBookings(db, filter);
  const total = rows[0] ? Number(rows[0].total) : await repo.countStaffBookings(db, filter);
  const served = servedCountries(db);
  const decimals = await Promise.all(
    rows.map(async (r) => (await served.byId(Number(r.country_id)))!.currencyDecimals),
  );
  return listPage(
    rows.map((r, i) => present(r, decimals[i]!)),
    total,
    q,
  );
}

function present(r: repo.StaffBookingRow, decimals: number): StaffBooking {
  const m = (minor: string) => toMajor(Number(minor), decimals);
  return {
    booking_code: r.booking_code,
    status: r.status,
    park: { id: r.park_id, name: r.park_name, time_zone: r.time_zone },
    vehicle_type_id: r.vehicle_type_id,
    vehicle_type: r.vehicle_type,
    plate_number: r.plate_number,
    driver_first_name: r.first_name,
    start_time: iso(r.start_time),
    end_time: iso(r.end_time),
    checked_in_at: r.checked_in_at ? iso(r.checked_in_at) : null,
    checked_out_at: r.checked_out_at ? iso(r.checked_out_at) : null,
    amount: m(r.total_minor),
    paid: m(r.paid_minor),
    overstay_owed: m(r.overstay_owed_minor),
    currency: r.currency,
    created_at: iso(r.created_at),
  };
}
