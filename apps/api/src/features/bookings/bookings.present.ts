import type {
  Booking,
  BookingDetail,
  BookingQuote,
  BookingStatus,
  ExtensionQuote,
  WindowChangeQuote,
} from "@parkwell/contract";
import type { PriceBreakdown } from "../../lib/price-breakdown";
import { presentCoupon } from "../purchases/coupons.present";
import type { PurchaseCoupon } from "../purchases/coupons.service";
import type { ParkForBooking } from "./booking-core.service";
import type { Language } from "../../lib/language";
import { toMajor } from "../../lib/money";
import {
  busyTimeOf,
  chargingOf,
  parkTexts,
  presentParkCharger,
  presentTaxes,
  windowPrice,
} from "../parks/parks.present";
import { cancellationLines, refundMinor, type CancellationLinesMinor } from "./bookings.domain";
import type { bookingMoves, ParkView } from "./bookings-view.repo";
import type { BookingContext, PresentOptions } from "./bookings-view.service";
import type { BookingRow } from "./bookings.repo";
import { signQr } from "./qr";

type Context = BookingContext;
/** A wallet move of a booking, as its view reads it. */
type BookingMove = Awaited<ReturnType<typeof bookingMoves>>[number];

/** A booking as the API shows it, in major units of its currency. */
export function presentBooking(
  b: BookingRow,
  ctx: Context,
  qrSecret: string,
  now: Date,
  language: Language = "en",
): Booking {
  const park = ctx.parks.get(b.parkId);
  const decimals = park?.decimals ?? 2;
  const m = (minor: number) => toMajor(minor, decimals);
  // Once the car is in, the booking is no longer cancelled: no refund to show.
  const refund =
    b.status === "active" && b.checkedInAt === null ? refundMinor(b, now) : { percent: null, amountMinor: 0 };
  const lines = cancellationLines(b.breakdown, b, refund.amountMinor);
  const major = (l: CancellationLinesMinor) => ({
    parking: m(l.parkingMinor),
    charging: m(l.chargingMinor),
    service_fee: m(l.serviceFeeMinor),
    booking_fee: m(l.bookingFeeMinor),
    tax: m(l.taxMinor),
    total: m(l.totalMinor),
  });
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
      type: park?.type ?? "",
      time_zone: park?.time_zone ?? "UTC",
      lat: park?.lat ?? 0,
      lng: park?.lng ?? 0,
      ...(park ? entryTexts(park, language) : { entry_instructions: "", text_language: language }),
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
    flight: ctx.flights.get(b.id) ?? null,
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
      taxes: presentTaxes(b.breakdown, b.breakdown.taxName ?? "", decimals),
      total: m(b.breakdown.totalMinor),
      ...(b.breakdown.couponCode
        ? { coupon_discount: m(b.breakdown.couponDiscountMinor ?? 0), coupon_code: b.breakdown.couponCode }
        : {}),
      ...chargingOf(b.breakdown, m),
      ...busyTimeOf(b.breakdown, m),
    },
    // Once its window has ended without the car coming in, nothing is left to enter for: no code.
    // A car still inside keeps its code to leave with.
    qr: entryEnded(b, now)
      ? null
      : signQr(
          {
            code: b.bookingCode,
            park: b.parkId,
            start: b.startTime.toISOString(),
            end: b.endTime.toISOString(),
          },
          qrSecret,
        ),
    checked_in_at: b.checkedInAt?.toISOString() ?? null,
    checked_out_at: b.checkedOutAt?.toISOString() ?? null,
    cancellation: {
      allowed: refund.percent !== null,
      refund_percent: refund.percent,
      refund_amount: m(refund.amountMinor),
      refund: major(lines.refund),
      kept: major(lines.kept),
    },
    created_at: b.createdAt.toISOString(),
    event: eventOf(b, ctx),
    paid_by_company: ctx.payers.get(b.id) ?? null,
    charger: chargerOf(b, ctx, decimals),
  };
}

/** The charger group the booking holds one of, priced in the booking's currency (paid at the charger). */
function chargerOf(b: BookingRow, ctx: Context, decimals: number): Booking["charger"] {
  const c = b.chargerId === null ? undefined : ctx.chargers.get(b.chargerId);
  if (!c) return null;
  const { count: _count, ...shown } = presentParkCharger(c, { currency: b.currency, decimals });
  return shown;
}

/** An active booking whose window is over and whose car never came in: its code would open nothing. */
export const entryEnded = (b: Pick<BookingRow, "status" | "checkedInAt" | "endTime">, now: Date) =>
  b.status === "active" && b.checkedInAt === null && now.getTime() >= b.endTime.getTime();

function eventOf(b: BookingRow, ctx: Context): Booking["event"] {
  const e = b.eventId === null ? undefined : ctx.events.get(b.eventId);
  if (!e) return null;
  return {
    event_code: e.event_code,
    name: e.name,
    venue_name: e.venue_name,
    start_time: e.start_time.toISOString(),
    end_time: e.end_time.toISOString(),
    status: e.status,
  };
}

/** The park's entry instructions in `language` when it has them, and the language they are in. */
function entryTexts(park: ParkView, language: Language) {
  const texts = parkTexts(
    {
      description: "",
      entryInstructions: park.entry_instructions,
      textLanguage: park.text_language,
      translations: park.translations,
    },
    language,
  );
  return { entry_instructions: texts.entry_instructions, text_language: texts.text_language };
}

/**
 * A booking with the wallet's payments and refunds for it, in major units of its currency, and the
 * cause of its space guarantee offer still open (null when none is).
 */
export function presentBookingDetail(
  row: BookingRow,
  ctx: Context,
  moves: BookingMove[],
  o: PresentOptions,
  openOffer: BookingDetail["open_offer"],
): BookingDetailRead {
  const decimals = ctx.parks.get(row.parkId)?.decimals ?? 2;
  const toMove = (m: BookingMove) => ({
    kind: m.kind,
    amount: toMajor(Math.abs(Number(m.amount_minor)), decimals),
    currency: m.currency,
    created_at: new Date(m.created_at).toISOString(),
  });
  return {
    ...presentBooking(row, ctx, o.qrSecret, o.now, o.language),
    payments: moves.filter((m) => Number(m.amount_minor) < 0).map(toMove),
    refunds: moves.filter((m) => Number(m.amount_minor) > 0).map(toMove),
    open_offer: openOffer,
  };
}

/** A booking's page as its view reads it: the route adds its wallet passes (in the driver's language). */
export type BookingDetailRead = Omit<BookingDetail, "wallet">;

/** GET /bookings/{id}/extension: the longer booking's whole price and what extending charges now. */
export function presentExtensionQuote(
  park: ParkForBooking,
  breakdown: PriceBreakdown,
  dueMinor: number,
): ExtensionQuote {
  return { price: windowPrice(breakdown, park), amount_due: toMajor(dueMinor, park.decimals) };
}

/** GET /bookings/quote's answer: the price after the coupon, and the verdict on the code. */
export function presentBookingQuote(
  park: ParkForBooking,
  priced: { coupon: PurchaseCoupon | null; breakdown: PriceBreakdown },
  language: Language,
): BookingQuote {
  return {
    price: windowPrice(priced.breakdown, park),
    coupon: presentCoupon(priced.coupon, (minor) => toMajor(minor, park.decimals), language),
  };
}

/**
 * GET /bookings/{id}/window: the new window's whole price, what moving there charges or gives back
 * now, and the quote's token that holds its parking for the change.
 */
export function presentWindowChangeQuote(q: {
  park: ParkForBooking;
  breakdown: PriceBreakdown;
  due: number;
  refund: { percent: number | null; amountMinor: number };
  token: { token: string; expiresAt: Date };
}): WindowChangeQuote {
  const m = (minor: number) => toMajor(minor, q.park.decimals);
  return {
    price: windowPrice(q.breakdown, q.park),
    amount_due: m(q.due),
    refund_amount: m(q.refund.amountMinor),
    refund_percent: q.refund.percent,
    quote_token: q.token.token,
    quote_expires_at: q.token.expiresAt.toISOString(),
  };
}
