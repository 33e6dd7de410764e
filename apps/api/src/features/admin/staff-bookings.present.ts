/** A booking as staff see it in the back office, from its row (pure). */
import { type StaffBooking } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type * as repo from "./staff-bookings.repo";
import { iso } from "../../lib/iso";

export function presentStaffBooking(r: repo.StaffBookingRow, decimals: number): StaffBooking {
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
