import { shownStatus, type Booking, type BookingFilter, type EventLineTicket } from "@parkwell/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, ApiError, type ApiAnswer } from "../../lib/api";
import { eventAccessHeaders } from "../../lib/event-access";
import { bookingThroughStore, pageThroughStore, savedBookings } from "../../lib/offline-passes";

export const BOOKINGS_PAGE_SIZE = 10;

/** List defaults when fields are missing (total 0, page 1, size 10, pages 1). */
export const bookingsQuery = (filter: BookingFilter, page: number) =>
  queryOptions({
    queryKey: ["bookings", "list", filter, page],
    // Offline, the bookings of the tab kept on this device (lib/offline-passes.ts).
    queryFn: ({ signal }) =>
      pageThroughStore(
        async () => {
          // The documented page, read as the client reads any list (PRODUCT-RULES.md, client data
          // shapes): the rows under `items` or `data`, missing fields defaulted.
          type Page = ApiAnswer<"/bookings/list">;
          const res: Partial<Page> & { data?: Page["items"] } = await api("/bookings/list", {
            query: { page, size: BOOKINGS_PAGE_SIZE, status_filter: filter },
            signal,
          });
          return {
            items: res.items ?? res.data ?? [],
            total: res.total ?? 0,
            page: res.page ?? 1,
            size: res.size ?? BOOKINGS_PAGE_SIZE,
            pages: res.pages ?? 1,
          };
        },
        (now) =>
          savedBookings(now)
            .map((e) => e.data)
            .filter((b) => shownStatus(b, now) === filter),
      ),
    staleTime: 0,
  });

/**
 * One booking; its park's entry instructions come in the language shown, so the key names it.
 * Kept on this device while its QR opens the gate, and shown from there offline
 * (lib/offline-passes.ts).
 */
export const bookingQuery = (code: string, language: string) =>
  queryOptions({
    queryKey: ["bookings", "detail", code, language],
    queryFn: ({ signal }) =>
      bookingThroughStore(code, () =>
        api("/bookings/{bookingCode}", { params: { bookingCode: code }, signal }),
      ),
    retry: false,
    staleTime: 0,
  });

/**
 * What extending a booking to `newEnd` would charge, priced by the server as the extension prices
 * it (the booking's coupon, its charging's price per hour booked); refused as the extension would be.
 * Its key is outside ["bookings"], which every change of a booking invalidates: a quote asked
 * again for a booking just extended or cancelled would be refused. It names the booking's end
 * instead, so an extension asks for a new one.
 */
export const extensionQuery = (
  booking: { id: string; end_time: string },
  newEnd: string,
  language: string,
  link?: string,
) =>
  queryOptions({
    // Its refusal is a sentence in the language shown, so the key names it.
    queryKey: ["booking-extension", booking.id, booking.end_time, newEnd, language],
    queryFn: ({ signal }) =>
      api("/bookings/{id}/extension", {
        params: { id: booking.id },
        query: { new_end_time: newEnd, link },
        signal,
      }),
    retry: false,
    staleTime: 0,
  });

/**
 * What moving a booking to [start, end) would charge or give back, priced by the server as the
 * change prices it (a new booking of that window now, the booking's coupon and charging kept;
 * less by the cancellation policy), with the quote's token the change presents. Outside
 * ["bookings"], as the extension's quote; its key names the booking's window, so a change asks
 * for a new one.
 */
export const windowChangeQuery = (
  booking: { id: string; start_time: string; end_time: string },
  start: string,
  end: string,
  language: string,
) =>
  queryOptions({
    queryKey: ["booking-window", booking.id, booking.start_time, booking.end_time, start, end, language],
    queryFn: ({ signal }) =>
      api("/bookings/{id}/window", {
        params: { id: booking.id },
        query: { start_time: start, end_time: end },
        signal,
      }),
    retry: false,
    staleTime: 0,
  });

export interface CreateBookingInput {
  park_id: number;
  vehicle_type_id: number;
  vehicle_id?: number;
  plate_number?: string;
  start_time: string;
  end_time: string;
  /** Pay with this company (docs/PRODUCT-RULES.md, "Paying with a company"); the wallet when absent. */
  company_id?: number;
  /** A coupon code: its discount off the parking, or the booking is refused with the reason. */
  coupon_code?: string;
  /** One of the park's EV charger groups: one of its chargers is kept for the window (paid at the charger). */
  charger_id?: number;
  /** The window's quote token (GET /bookings/quote): charged the quoted parking (decision 059). */
  quote_token?: string;
}

/** What GET /bookings/quote is asked: a window or an event's parking, with a coupon code. */
export type BookingQuoteAsked = {
  park_id: number;
  vehicle_type_id: number;
  start_time?: string | undefined;
  end_time?: string | undefined;
  event_code?: string | undefined;
  coupon_code: string;
  /** The window's charger group: a group priced per hour is in the price (decision 048). */
  charger_id?: number | undefined;
};

/**
 * The booking's price with a coupon code, as POST /bookings would charge it now: the discount, or
 * why the code does not apply (the driver's own uses counted). An event's quote carries its
 * private event's grant, as its booking does.
 */
export const bookingQuoteQuery = (asked: BookingQuoteAsked) =>
  queryOptions({
    queryKey: ["bookings", "quote", asked],
    queryFn: ({ signal }) =>
      api("/bookings/quote", {
        query: asked,
        headers: asked.event_code ? eventAccessHeaders(asked.event_code) : {},
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });

/** One key per attempt of the form: a retried request (double click, flaky network) books once. */
/** A window's booking (the on-sale's line, 202, answers event bookings only). */
export const createBooking = (body: CreateBookingInput, idempotencyKey: string) =>
  api("/bookings", {
    method: "POST",
    body,
    headers: { "idempotency-key": idempotencyKey },
  }) as Promise<Booking>;

/**
 * The same window, held while the wallet's shortfall is paid (decision 026): the answer's payment
 * goes to the provider as a top-up does (or was charged to the saved card `cardId` at once), and
 * its verify books the hold.
 */
export const holdBooking = (body: CreateBookingInput, idempotencyKey: string, cardId?: string) =>
  api("/bookings/hold", {
    method: "POST",
    // A saved card's id pays the difference with it at once (decision 069): no provider page.
    body: { ...body, ...(cardId ? { card_id: cardId } : {}) },
    headers: { "idempotency-key": idempotencyKey },
  });

/** `link`: the extension link of the booking's wallet pass, which stands for the sign-in (decision 068). */
export const extendBooking = (bookingId: string, newEnd: string, link?: string) =>
  api("/bookings/extend", {
    method: "POST",
    body: { booking_id: bookingId, new_end_time: newEnd },
    // Left out when empty: a signed-in driver's extension carries no link.
    query: { link },
  });

/**
 * A booking read with the extension link its wallet pass carries, no sign-in needed (decision
 * 068). Under ["bookings"], so an extension refreshes it as it does the booking's own page.
 */
export const bookingByLinkQuery = (id: string, link: string, language: string) =>
  queryOptions({
    queryKey: ["bookings", "by-link", id, link, language],
    queryFn: ({ signal }) => api("/bookings/{id}/summary", { params: { id }, query: { link }, signal }),
    retry: false,
    staleTime: 0,
  });

export const setBookingStatus = (bookingId: string, status: "cancelled" | "active") =>
  api("/bookings/{id}/status", { params: { id: bookingId }, method: "PUT", query: { status } });

/** A saved vehicle (`vehicle_id`) or a typed plate for an upcoming booking; no money moves. */
export const changeBookingVehicle = (
  bookingId: string,
  choice: { vehicle_id: number } | { plate_number: string },
) => api("/bookings/{id}/vehicle", { params: { id: bookingId }, method: "PUT", body: choice });

/** Gives, changes or (both null) removes an airport booking's flight (decision 068). */
export const changeBookingFlight = (
  bookingId: string,
  body: { flight_number: string | null; return_date: string | null },
) => api("/bookings/{id}/flight", { params: { id: bookingId }, method: "PUT", body });

/** Moves an upcoming booking to [start_time, end_time), with its quote's token. */
export const changeBookingWindow = (
  bookingId: string,
  body: { start_time: string; end_time: string; quote_token: string },
) => api("/bookings/{id}/window", { params: { id: bookingId }, method: "PUT", body });

export interface EventBookingInput {
  event_code: string;
  park_id: number;
  vehicle_type_id: number;
  vehicle_id?: number;
  plate_number?: string;
  coupon_code?: string;
}

/**
 * An event's parking (no times: the event's window at the park); a private event's grant goes with
 * it. On sale, the answer may be a place in the event's line (202, decision 051) instead of the
 * booking: ask again with the same body and key after its retry_after_seconds.
 */
export const createEventBooking = (
  body: EventBookingInput,
  idempotencyKey: string,
): Promise<Booking | EventLineTicket> =>
  api("/bookings", {
    method: "POST",
    body,
    headers: { "idempotency-key": idempotencyKey, ...eventAccessHeaders(body.event_code) },
  });

export const inLine = (answer: Booking | EventLineTicket): answer is EventLineTicket => "place" in answer;

/**
 * A booking or a change refused because its quote no longer holds (expired, the park's prices
 * changed, another window's, or none presented where busy-time rules apply): the price is asked
 * again, and shown before the driver pays again.
 */
export const quoteRefused = (err: unknown) =>
  err instanceof ApiError &&
  (err.code === "quote_expired" ||
    err.code === "quote_changed" ||
    err.code === "quote_invalid" ||
    err.code === "quote_required");
