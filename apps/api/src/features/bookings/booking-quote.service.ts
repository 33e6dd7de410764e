/**
 * GET /bookings/quote: what POST /bookings would charge the driver now, with a coupon code, priced
 * as the booking prices it (the window's rate or the event's flat price, the country's fees, the
 * coupon off the parking, the charging of a per-hour charger group named with `charger_id`): the discount, or the sentence why the code does not apply. A window the
 * park cannot take, or an event that cannot be booked, is the booking's own error. A window's
 * quote is priced with the park's busy-time rules as they apply now (decision 059) and carries the
 * `quote_token` the booking presents to be charged that parking, until `quote_expires_at`.
 */
import type { BookingQuote, BookingQuoteQuery } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { couponOnBooking, pricedWindow, quoteTokenOf } from "./booking-core.service";
import { presentBookingQuote } from "./bookings.present";
import { eventOffer } from "./event-bookings.service";

export async function quoteBooking(
  db: Db,
  userId: string,
  q: BookingQuoteQuery,
  now: Date,
  hasAccess: (eventCode: string) => boolean,
  language: Language,
  quoteSecret: string,
): Promise<BookingQuote> {
  if (q.event_code !== undefined) {
    const asked = { event_code: q.event_code, park_id: q.park_id, vehicle_type_id: q.vehicle_type_id };
    const { park, price: listed } = await eventOffer(db, asked, now, hasAccess);
    const priced = await couponOnBooking(db, park, {
      code: q.coupon_code,
      kind: "event_booking",
      userId,
      breakdown: listed,
      now,
    });
    return presentBookingQuote(park, priced, language);
  }
  const { start_time: start, end_time: end } = q;
  if (!start || !end) throw AppError.validation({ start_time: "start_time is required" });
  const { park, ...priced } = await pricedWindow(db, {
    parkId: q.park_id,
    vehicleTypeId: q.vehicle_type_id,
    start,
    end,
    now,
    code: q.coupon_code,
    userId,
    chargerId: q.charger_id,
    pricing: { as: "quote" },
  });
  const held = quoteTokenOf(
    quoteSecret,
    {
      userId,
      parkId: park.id,
      vehicleTypeId: q.vehicle_type_id,
      start,
      end,
      currency: park.currency,
      breakdown: priced.breakdown,
    },
    now,
  );
  return {
    ...presentBookingQuote(park, priced, language),
    quote_token: held.token,
    quote_expires_at: held.expiresAt.toISOString(),
  };
}
