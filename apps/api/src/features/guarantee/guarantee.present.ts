/** The space guarantee's answers (pure): the driver's offer and a park's offers in the back office. */
import type { AdminGuaranteeOfferPage, BookingOffer, GuaranteeAlternative } from "@parkwell/contract";
import { toMajor } from "../../lib/money";
import type { ParkOfferRow, OfferRow } from "./guarantee.repo";
import type { Alternative } from "./guarantee.service";

const iso = (d: Date | string) => new Date(d).toISOString();

/** A park a booking may move to (freeAlternatives), in the booking currency's major units. */
export function presentAlternative(a: Alternative, decimals: number): GuaranteeAlternative {
  const m = (minor: number) => toMajor(minor, decimals);
  return {
    park_id: a.park.id,
    name: a.park.name,
    address: a.park.address,
    city: a.park.city,
    distance_km: a.distanceKm,
    free_spaces: a.freeSpaces,
    price: m(a.priceMinor),
    covered: m(a.coveredMinor),
    returned: m(a.returnedMinor),
  };
}

export function presentBookingOffer(v: {
  booking: {
    bookingCode: string;
    startTime: Date;
    endTime: Date;
    currency: string;
    paidMinor: number;
    parkId: number;
  };
  offer: OfferRow;
  parkName: string;
  timeZone: string;
  vehicleType: string;
  decimals: number;
  alternatives: Alternative[];
  rebookedCode: string | null;
}): BookingOffer {
  const m = (minor: number) => toMajor(minor, v.decimals);
  const { booking: b, offer } = v;
  return {
    booking_code: b.bookingCode,
    status: offer.status,
    cause: offer.cause,
    park: { id: b.parkId, name: v.parkName, time_zone: v.timeZone },
    vehicle_type: v.vehicleType,
    start_time: b.startTime.toISOString(),
    end_time: b.endTime.toISOString(),
    currency: b.currency.trim(),
    paid: m(offer.status === "open" ? b.paidMinor : offer.refundedMinor),
    decide_by: b.startTime.toISOString(),
    alternatives: v.alternatives.map((a) => presentAlternative(a, v.decimals)),
    rebooked_booking_code: v.rebookedCode,
    refunded: offer.status === "refunded" ? m(offer.refundedMinor) : null,
  };
}

export function presentParkOffers(
  page: { items: ParkOfferRow[]; total: number; page: number; size: number; pages: number },
  totals: {
    currency: string;
    refunded: number;
    operator_paid: number;
    parkwell_paid: number;
    open: number;
    passes_refunded: number;
  }[],
  decimalsOf: (currency: string) => number,
): AdminGuaranteeOfferPage {
  return {
    ...page,
    items: page.items.map((r) => {
      const d = decimalsOf(r.currency.trim());
      return {
        booking_code: r.booking_code,
        cause: r.cause,
        status: r.status,
        payer: r.payer,
        start_time: iso(r.start_time),
        end_time: iso(r.end_time),
        time_zone: r.time_zone,
        currency: r.currency.trim(),
        refunded: toMajor(Number(r.refunded_minor), d),
        difference: toMajor(Number(r.difference_minor), d),
        rebooked_park: r.rebooked_park,
        created_at: iso(r.created_at),
        settled_at: r.settled_at === null ? null : iso(r.settled_at),
      };
    }),
    totals: totals.map((t) => {
      const d = decimalsOf(t.currency.trim());
      return {
        currency: t.currency.trim(),
        refunded: toMajor(Number(t.refunded), d),
        operator_paid: toMajor(Number(t.operator_paid), d),
        parkwell_paid: toMajor(Number(t.parkwell_paid), d),
        open: Number(t.open),
        passes_refunded: toMajor(Number(t.passes_refunded), d),
      };
    }),
  };
}
