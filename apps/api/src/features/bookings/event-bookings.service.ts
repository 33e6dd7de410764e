/**
 * Booking an event's parking (docs/PRODUCT-RULES.md#events): the window is the event's at the
 * chosen park (its buffers applied), the price the park's flat one for the vehicle type plus the
 * country's fees, and the space comes out of the event's allocation there, through
 * `book_event_space` under the park's capacity lock.
 */
import {
  EVENT_ENDED_MESSAGE,
  EVENT_PARK_MISSING_MESSAGE,
  EVENT_SOLD_OUT_MESSAGE,
  EVENT_VEHICLE_TYPE_MISSING_MESSAGE,
  type CreateEventBookingBody,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { eventNotFound } from "../events/events.service";
import { priceFlat } from "../parks/pricing.domain";
import { withTaxesAt } from "../reference/tax-rates.domain";
import {
  closedWindow,
  currencyChanged,
  readParkWithCountry,
  priceWithCoupon,
  type BookingDeps,
} from "./booking-core.service";
import * as repo from "./bookings.repo";
import * as eventRepo from "./event-bookings.repo";
import type { EventLine, LineAnswer } from "./event-line";
import type { BookingRow } from "./bookings.repo";
import type { ParkView } from "./bookings-view.repo";
import { newBookingRow, placeBooking, startBooking } from "./bookings.service";

export const eventSoldOut = () => new AppError(409, "event_sold_out", EVENT_SOLD_OUT_MESSAGE);

/**
 * An event's parking at a park for a vehicle type as a driver may book it now: the offer, the park,
 * the window (the event's, its buffers applied) and the park's flat price with the country's fees;
 * or the error that says why not (unknown or private without its grant, ended, no such park or
 * vehicle type at the event).
 */
export async function eventOffer(
  db: Db,
  body: { event_code: string; park_id: number; vehicle_type_id: number },
  now: Date,
  hasAccess: (eventCode: string) => boolean,
) {
  const offer = await repo.readEventOffer(db, body.event_code, body.park_id, body.vehicle_type_id);
  if (!offer || offer.status !== "published") throw eventNotFound();
  if (offer.visibility === "private" && !hasAccess(body.event_code)) throw eventNotFound();
  if (offer.endTime <= now) {
    throw new AppError(422, "event_ended", EVENT_ENDED_MESSAGE, { event_code: EVENT_ENDED_MESSAGE });
  }
  if (!offer.windowStart || !offer.windowEnd) {
    throw AppError.validation({ park_id: EVENT_PARK_MISSING_MESSAGE });
  }
  if (offer.priceMinor === null) {
    throw AppError.validation({ vehicle_type_id: EVENT_VEHICLE_TYPE_MISSING_MESSAGE });
  }
  const park = await readParkWithCountry(db, body.park_id, body.vehicle_type_id);
  if (!park || park.status !== "active") throw AppError.validation({ park_id: EVENT_PARK_MISSING_MESSAGE });
  const window = { start: offer.windowStart, end: offer.windowEnd };
  const price = {
    ...priceFlat(offer.priceMinor, withTaxesAt(park, park, now, "window"), window.start, window.end),
    taxName: park.taxName,
  };
  return { offer, park, window, price };
}

/**
 * The offer's sold-out fact (decision 051) and what a refusal from it must still respect, read
 * before anything else; none when a company pays (its membership and policy answer first, in their
 * transaction).
 */
function soldOutFact(
  deps: BookingDeps,
  userId: string,
  body: CreateEventBookingBody,
  idempotencyKey: string | undefined,
) {
  if (body.company_id) return Promise.resolve(undefined);
  return eventRepo.readSoldOutFact(deps.db, {
    code: body.event_code,
    parkId: body.park_id,
    vehicleTypeId: body.vehicle_type_id,
    userId,
    key: idempotencyKey ?? null,
  });
}

/**
 * Whether the fact answers the request: the event published, visible to the caller and not ended,
 * its park active, the offer's allocation sold, and the request no replay of an earlier purchase
 * (its key unknown). Anything else goes the whole way, where the same checks answer as before. A
 * winner's retry is replayed; a fact that is false (not yet set, or cleared by a cancellation)
 * meets book_event_space's check under the lock.
 */
function refusable(
  deps: BookingDeps,
  body: CreateEventBookingBody,
  fact: eventRepo.EventSoldOutFact,
  hasAccess: (eventCode: string) => boolean,
): boolean {
  if (!fact.sold_out || fact.keyed) return false;
  if (fact.status !== "published" || fact.park_status !== "active") return false;
  if (fact.visibility === "private" && !hasAccess(body.event_code)) return false;
  return new Date(fact.end_time) > deps.clock();
}

/**
 * `hasAccess(code)`: whether the request carries the access grant of a private event with this
 * code. Without it a private event is as unknown as a missing one.
 */
export async function createEventBooking(
  deps: BookingDeps,
  userId: string,
  body: CreateEventBookingBody,
  idempotencyKey: string | undefined,
  hasAccess: (eventCode: string) => boolean,
  line?: EventLine,
): Promise<EventBookingAnswer> {
  const fact = await soldOutFact(deps, userId, body, idempotencyKey);
  if (fact && refusable(deps, body, fact, hasAccess)) throw eventSoldOut();
  // The waiting room (decision 051), for an offer the caller may book: a replay of a purchase
  // made, and what is no such offer (unknown, private without its grant, ended), go straight to
  // their answer.
  const waits = fact && !fact.keyed && fact.status === "published" && new Date(fact.end_time) > deps.clock();
  if (!line || !waits || (fact.visibility === "private" && !hasAccess(body.event_code)))
    return bookEvent(deps, userId, body, idempotencyKey, hasAccess);
  const turn = await line.enter(body.event_code, userId, Date.now());
  if (!turn.admitted) return { inLine: turn };
  try {
    return await bookEvent(deps, userId, body, idempotencyKey, hasAccess);
  } finally {
    await turn.leave();
  }
}

export type EventBookingAnswer =
  | { booking: BookingRow; park?: ParkView; replayed: boolean; inLine?: undefined }
  | { inLine: Extract<LineAnswer, { admitted: false }>; booking?: undefined };

async function bookEvent(
  deps: BookingDeps,
  userId: string,
  body: CreateEventBookingBody,
  idempotencyKey: string | undefined,
  hasAccess: (eventCode: string) => boolean,
): Promise<{ booking: BookingRow; park?: ParkView; replayed: boolean }> {
  const { db } = deps;
  const started = await startBooking(deps, userId, body, idempotencyKey);
  if (started.replayed) return { booking: started.replayed, replayed: true };
  const { now } = started.new;

  const { offer, park, window, price } = await eventOffer(db, body, now, hasAccess);
  const breakdown = await priceWithCoupon(db, park, {
    code: body.coupon_code,
    kind: "event_booking",
    userId,
    breakdown: price,
    now,
  });
  const booking = newBookingRow(started.new, park, window.start, window.end, breakdown, offer.id);
  // A sold-out allocation is refused without queueing on the capacity lock (an on-sale's refusals
  // outnumber its winners): a stale "sold out" is the answer a moment later, and a stale "room
  // left" still meets book_event_space's own check under the lock.
  const placed = await placeBooking(
    deps,
    started.new,
    booking,
    park,
    "event_booking",
    (tx, keys) => repo.bookEventSpace(tx, booking, keys),
    offer.soldOut ? "full" : null,
  );
  if (placed.replayed) return { booking: placed.replayed, replayed: true };
  if (placed.status === "full") throw eventSoldOut();
  if (placed.status === "unavailable") throw eventNotFound();
  if (placed.status === "moved") throw currencyChanged();
  // A closure saved while the space was booked: the window's refusal, as book_space's `closed`.
  if (placed.status === "closed")
    throw await closedWindow(db, { ...booking, start: booking.startTime, end: booking.endTime });
  if (placed.status !== "booked") throw new Error(`book_event_space answered ${placed.status}`);
  return { booking, park: park.view, replayed: false };
}
