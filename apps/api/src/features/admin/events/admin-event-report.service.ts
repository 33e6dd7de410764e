/** A back-office event's bookings (in the caller's parks only) and its report. */
import { type AdminEventBookingList, type AdminEventReport } from "@parkwell/contract";
import type { Db } from "../../../db/client";
import { toMajor } from "../../../lib/money";
import { type StaffAccess } from "../access.service";
import { servedCountries } from "../../reference/served-countries";
import * as repo from "./admin-events.repo";
import { iso } from "../../../lib/iso";
import { listPage, offsetOf } from "../../../lib/pagination";
import { bookedMap, requireEvent } from "./admin-event-scope.service";

export async function bookings(
  db: Db,
  access: StaffAccess,
  code: string,
  q: { page: number; size: number },
): Promise<AdminEventBookingList> {
  const event = await requireEvent(db, access, code);
  // Only the bookings at the caller's parks: staff see the event's drivers where they work.
  const rows = await repo.listEventBookings(db, event.id, access.parkIds, {
    limit: q.size,
    offset: offsetOf(q),
  });
  const total = rows[0] ? Number(rows[0].total) : await repo.countEventBookings(db, event.id, access.parkIds);
  const decimals = await servedCountries(db).decimalsOfAll(rows.map((r) => r.currency));
  return listPage(
    rows.map((r) => ({
      booking_code: r.booking_code,
      status: r.status,
      park: { id: Number(r.park_id), name: r.park_name },
      vehicle_type_id: Number(r.vehicle_type_id),
      vehicle_type: r.vehicle_type,
      plate_number: r.plate_number,
      driver_first_name: r.first_name,
      paid: toMajor(Number(r.paid_minor), decimals(r.currency) ?? 0),
      currency: r.currency,
      checked_in_at: r.checked_in_at ? iso(r.checked_in_at) : null,
      created_at: iso(r.created_at),
    })),
    total,
    q,
  );
}

export async function report(db: Db, access: StaffAccess, code: string): Promise<AdminEventReport> {
  const event = await requireEvent(db, access, code);
  // Every figure over the caller's parks only.
  const scope = access.parkIds;
  const totals = await repo.reportTotals(db, event.id, scope);
  const revenue = await repo.revenueOf(db, event.id, scope);
  const decimals = await servedCountries(db).decimalsOfAll(revenue.map((r) => r.currency));
  const parks = await repo.listEventParks(db, event.id, scope);
  const rates = await repo.listEventRates(db, event.id, scope);
  const booked = bookedMap(await repo.bookedOf(db, event.id, scope));
  const capacities = await repo.capacitiesOf(
    db,
    parks.map((p) => Number(p.park_id)),
  );
  return {
    event_code: event.eventCode,
    name: event.name,
    status: event.status,
    time_zone: event.timeZone,
    start_time: iso(event.startTime),
    end_time: iso(event.endTime),
    bookings: {
      total: totals.total,
      active: totals.active,
      completed: totals.completed,
      cancelled: totals.cancelled,
    },
    checked_in: totals.checked_in,
    revenue: revenue.map((r) => ({
      currency: r.currency,
      amount: toMajor(r.minor, decimals(r.currency) ?? 0),
    })),
    parks: await reportParks(db, parks, rates, booked, capacities),
  };
}

async function reportParks(
  db: Db,
  parks: repo.EventParkRow[],
  rates: repo.EventRateRow[],
  booked: Map<string, repo.BookedRow>,
  capacities: Map<string, number>,
): Promise<AdminEventReport["parks"]> {
  const out: AdminEventReport["parks"] = [];
  for (const p of parks) {
    const parkId = Number(p.park_id);
    const start = new Date(p.window_start);
    const end = new Date(p.window_end);
    const types: AdminEventReport["parks"][number]["types"] = [];
    for (const r of rates.filter((x) => x.park_id === parkId)) {
      const key = `${parkId}:${r.vehicle_type_id}`;
      types.push({
        vehicle_type_id: r.vehicle_type_id,
        vehicle_type: r.vehicle_type,
        allocation: r.allocation,
        booked: booked.get(key)?.booked ?? 0,
        checked_in: booked.get(key)?.checked_in ?? 0,
        capacity: capacities.get(key) ?? 0,
        // booking_peak over the window: the other bookings, drive-up sales and every published
        // event's hold, this event's included (its own bookings draw from that hold).
        peak_held: await repo.peakWithout(db, parkId, r.vehicle_type_id, start, end, null),
      });
    }
    out.push({
      park_id: parkId,
      park_name: p.park_name,
      window_start: iso(p.window_start),
      window_end: iso(p.window_end),
      types,
    });
  }
  return out;
}
