import { normalisePlate } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { requireParkInScope, type StaffAccess } from "./access.service";
import { servedCountries } from "../reference/served-countries";
import * as repo from "./staff-bookings.repo";
import { offsetOf, listPage } from "../../lib/pagination";
import { presentStaffBooking } from "./staff-bookings.present";

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
    rows.map((r, i) => presentStaffBooking(r, decimals[i]!)),
    total,
    q,
  );
}
