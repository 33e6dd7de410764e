/** A booking as the gate shows it (GateBooking), amounts in major units. Pure: the row is read by gate.repo.ts. */
import type { ChargerConnector, GateBooking } from "@parkwell/contract";
import { toMajor } from "../../../lib/money";
import type { GateBookingRow } from "./gate.repo";

export function presentGateBooking(b: GateBookingRow): GateBooking {
  return {
    id: b.id,
    booking_code: b.bookingCode,
    status: b.status,
    plate_number: b.plateNumber,
    vehicle_type_id: b.vehicleTypeId,
    vehicle_type: b.vehicleType,
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    park: { id: b.parkId, name: b.parkName, time_zone: b.timeZone },
    driver_first_name: b.driverFirstName,
    event_name: b.eventName,
    checked_in_at: b.checkedInAt?.toISOString() ?? null,
    checked_out_at: b.checkedOutAt?.toISOString() ?? null,
    currency: b.currency,
    overstay_amount: toMajor(b.overstayMinor, b.decimals),
    overstay_owed: toMajor(b.overstayOwedMinor, b.decimals),
    charger:
      b.chargerId === null
        ? null
        : {
            id: b.chargerId,
            connector: b.chargerConnector as ChargerConnector,
            power_kw: Number(b.chargerPowerKw),
          },
    flight:
      b.flightNumber === null && b.returnDate === null
        ? null
        : { flight_number: b.flightNumber, return_date: b.returnDate },
  };
}
