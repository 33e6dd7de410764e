import type { Booking, BookingStatus } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import { refundMinor } from "./bookings.domain";
import type { bookingContext } from "./bookings-view.repo";
import type { BookingRow } from "./bookings.repo";
import { signQr } from "./qr";

type Context = Awaited<ReturnType<typeof bookingContext>>;

/** A booking as the API shows it, in major units of its currency. */
export function presentBooking(b: BookingRow, ctx: Context, qrSecret: string, now: Date): Booking {
  const park = ctx.parks.get(b.parkId);
  const decimals = park?.decimals ?? 2;
  const m = (minor: number) => toMajor(minor, decimals);
  const refund =
    b.status === "active"
      ? refundMinor(
          {
            startTime: b.startTime,
            parkingMinor: b.breakdown.parkingMinor,
            totalMinor: b.totalMinor,
            paidMinor: b.paidMinor,
          },
          now,
        )
      : { percent: null, amountMinor: 0 };
  return {
    id: b.id,
    booking_code: b.bookingCode,
    status: b.status as BookingStatus,
    park: {
      id: b.parkId,
      slug: park?.slug ?? "",
      park_code: park?.park_code ?? "",
      name: park?.name ?? "",
      address: park?.address ?? "",
      city: park?.city ?? "",
      time_zone: park?.time_zone ?? "UTC",
      lat: park?.lat ?? 0,
      lng: park?.lng ?? 0,
      entry_instructions: park?.entry_instructions ?? "",
    },
    vehicle_type_id: b.vehicleTypeId,
    vehicle: {
      id: b.vehicleId,
      plate_number: b.plateNumber,
      vehicle_type_id: b.vehicleTypeId,
      vehicle_type: ctx.types.get(b.vehicleTypeId) ?? "",
    },
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    amount: m(b.totalMinor),
    paid: m(b.paidMinor),
    currency: b.currency,
    breakdown: {
      hours: b.breakdown.hours,
      days: b.breakdown.days,
      parking: m(b.breakdown.parkingMinor),
      service_fee: m(b.breakdown.serviceFeeMinor),
      booking_fee: m(b.breakdown.bookingFeeMinor),
      tax: m(b.breakdown.taxMinor),
      tax_name: b.breakdown.taxName ?? "",
      total: m(b.breakdown.totalMinor),
    },
    qr: signQr(
      {
        code: b.bookingCode,
        park: b.parkId,
        start: b.startTime.toISOString(),
        end: b.endTime.toISOString(),
      },
      qrSecret,
    ),
    cancellation: {
      allowed: refund.percent !== null,
      refund_percent: refund.percent,
      refund_amount: m(refund.amountMinor),
    },
    created_at: b.createdAt.toISOString(),
  };
}
