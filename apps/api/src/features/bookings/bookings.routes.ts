import { randomBytes } from "node:crypto";
import {
  BOOKING_NOT_FOUND_MESSAGE,
  BookingCodeParamsSchema,
  BookingDetailSchema,
  BookingIdParamsSchema,
  ChangeVehicleBodySchema,
  BookingFlightBodySchema,
  ChangeWindowBodySchema,
  BookingListItemSchema,
  BookingListQuerySchema,
  BookingPageSchema,
  BookingSchema,
  type Booking,
  BookingQuoteQuerySchema,
  BookingQuoteSchema,
  BookingStatusQuerySchema,
  CreateBookingBodySchema,
  ErrorSchema,
  EVENT_ACCESS_HEADER,
  EventLineTicketSchema,
  ExtendBookingBodySchema,
  ExtensionQuoteQuerySchema,
  ExtensionQuoteSchema,
  IdempotencyKeySchema,
  WindowChangeQuoteQuerySchema,
  WindowChangeQuoteSchema,
} from "@parkwell/contract";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import type { Jobs } from "../../jobs/queue";
import { accountLanguage, bookingPassContent } from "../../lib/wallet-pass/content";
import type { PassLinkKind } from "../../lib/wallet-pass/pass-link";
import {
  extensionUrl,
  holderOf,
  LINK_QUERY,
  passHolder,
  PKPASS_RESPONSE,
  pkpassLinkPath,
  pkpassOf,
  sendPkpass,
  walletLinks,
  type PassHolder,
  type WalletPasses,
} from "../../lib/wallet-pass/wallet-pass";
import { requireUser, type Auth } from "../../plugins/auth";
import type { ParkView } from "./bookings-view.repo";
import { bookingDetailView, bookingListViews, bookingViews } from "./bookings-view.service";
import { presentExtensionQuote, presentWindowChangeQuote } from "./bookings.present";
import type { BookingRow } from "./bookings.repo";
import * as service from "./bookings.service";
import { createEventBooking } from "./event-bookings.service";
import type { EventLine } from "./event-line";
import { quoteBooking } from "./booking-quote.service";
import { changeWindow, quoteWindowChange } from "./booking-window.service";
import { changeFlight } from "./booking-flights.service";
import { grantsEventAccess } from "../events/event-access";

export interface BookingRouteDeps {
  db: Db;
  clock: Clock;
  jobs: Jobs;
  qrSecret: string;
  /** Test-only negative control (see bookings.service). */
  unsafeSkipCapacityLock?: boolean;
  /** The on-sale's waiting room for event bookings (decision 051); none: every request goes in. */
  eventLine?: EventLine;
  /** Apple's and Google's wallet passes, where the server has their keys (decision 065). */
  wallet: WalletPasses;
  /** The web app's address: the extension link on an airport booking's pass opens a page there. */
  publicUrl: string;
}

/**
 * QR_SIGNING_SECRET, or else a random one per process (QR codes then change at restart and differ
 * between processes). server.ts refuses to start in production without it.
 */
export function qrSecret(given: string | undefined, log: FastifyBaseLogger): string {
  if (given) return given;
  log.warn("QR_SIGNING_SECRET is unset: booking QR codes are signed with a random per-process secret");
  return randomBytes(32).toString("hex");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id names no booking of this user: the same 404 as another user's booking. */
const bookingId = (id: string) => {
  if (!UUID.test(id)) throw AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
  return id.toLowerCase();
};

const tags = ["Bookings"];
const errors = { 401: ErrorSchema, 402: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };

/** How a route presents bookings: with their QR, on the park's clock, in the request's language. */
function presenters(deps: BookingRouteDeps) {
  const options = (req: FastifyRequest, known: ParkView[] = []) => ({
    qrSecret: deps.qrSecret,
    now: deps.clock(),
    language: requestLanguage(req.headers["accept-language"]),
    known,
  });
  const one = async (req: FastifyRequest, row: BookingRow, park?: ParkView) =>
    (await bookingViews(deps.db, [row], options(req, park ? [park] : [])))[0]!;
  return { options, one };
}

/**
 * A booking's wallet pass and its extension: the routes that open with the owner's bearer token
 * or with a link signed into their address (`?link=`), which needs no sign-in. The .pkpass's plain
 * link (decision 065) lets the phone hand the file to Wallet; an airport booking's pass carries an
 * extension link (decision 068) that reads the booking, quotes and extends it.
 */
export function bookingLinkRoutes(deps: BookingRouteDeps, auth: Auth): FastifyPluginAsyncZod {
  const { one, options } = presenters(deps);
  /** Who asks: the signed-in owner, else the owner the link names for this booking. */
  const holder = (req: FastifyRequest, link: string | undefined, kind: PassLinkKind, ref: string) =>
    passHolder(req.authUser, link, kind, ref, deps.qrSecret, deps.clock()) ?? holderOf(requireUser(req));
  return async (app) => {
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.get(
      "/bookings/:id/wallet-pass.pkpass",
      {
        onRequest: auth.tokenOrLink,
        schema: {
          tags,
          operationId: "getBookingWalletPass",
          summary:
            "The booking as an Apple Wallet pass (.pkpass) of its state now: park, window on the park's clock, plate and gate QR, voided once cancelled or over; by bearer token, or by the plain link its page gave (`link`, 15 minutes); 404 when the server has no Apple Wallet keys",
          params: BookingIdParamsSchema,
          querystring: LINK_QUERY,
          response: { 200: PKPASS_RESPONSE, ...errors },
        },
      },
      async (req, reply) => {
        const ref = req.params.id.toLowerCase();
        const owner = holder(req, req.query.link, "booking", ref);
        const row = await service.getBooking(deps.db, owner.userId, bookingId(ref));
        const booking = await one(req, row);
        return sendPkpass(
          reply,
          pkpassOf(deps.wallet, passContent(deps, booking, owner)),
          booking.booking_code,
        );
      },
    );

    app.get(
      "/bookings/:id/summary",
      {
        onRequest: auth.tokenOrLink,
        schema: {
          tags,
          operationId: "getBookingSummary",
          summary:
            "The booking as the list shows it (its open offer included), by bearer token or by the extension link its wallet pass carries (`link`): what the page that extends it from the pass reads",
          params: BookingIdParamsSchema,
          querystring: LINK_QUERY,
          response: { 200: BookingListItemSchema, ...errors },
        },
      },
      async (req) => {
        const ref = req.params.id.toLowerCase();
        const owner = holder(req, req.query.link, "extension", ref);
        const row = await service.getBooking(deps.db, owner.userId, bookingId(ref));
        return (await bookingListViews(deps.db, [row], options(req)))[0]!;
      },
    );

    app.get(
      "/bookings/:id/extension",
      {
        onRequest: auth.tokenOrLink,
        schema: {
          tags,
          operationId: "quoteBookingExtension",
          summary:
            "What extending the booking to new_end_time would charge, priced as the extension prices it (its coupon, its charging's price per hour); nothing is written. By bearer token or the booking's extension link (`link`)",
          params: BookingIdParamsSchema,
          querystring: ExtensionQuoteQuerySchema.extend(LINK_QUERY.shape),
          response: { 200: ExtensionQuoteSchema, ...errors },
        },
      },
      async (req) => {
        const ref = req.params.id.toLowerCase();
        const owner = holder(req, req.query.link, "extension", ref);
        const { breakdown, due, park } = await service.quoteExtension(
          deps,
          owner.userId,
          bookingId(ref),
          req.query.new_end_time,
        );
        return presentExtensionQuote(park, breakdown, due);
      },
    );

    app.post(
      "/bookings/extend",
      {
        onRequest: auth.tokenOrLink,
        schema: {
          tags,
          operationId: "extendBooking",
          summary:
            "Move an active booking's end later, paying the difference; by bearer token or the booking's extension link (`link`), which charges its owner's wallet as they would",
          querystring: LINK_QUERY,
          body: ExtendBookingBodySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const ref = req.body.booking_id.toLowerCase();
        const owner = holder(req, req.query.link, "extension", ref);
        const { booking, park } = await service.extendBooking(
          deps,
          owner.userId,
          bookingId(ref),
          req.body.new_end_time,
        );
        return one(req, booking, park);
      },
    );
  };
}

/**
 * What a booking's wallet pass shows for its owner: at an airport park, with the link that
 * extends it from the pass (decision 068).
 */
function passContent(deps: BookingRouteDeps, booking: Booking, owner: PassHolder) {
  const extend =
    booking.park.type === "airport"
      ? extensionUrl(deps.publicUrl, booking, owner, deps.qrSecret, deps.clock())
      : null;
  return bookingPassContent(booking, accountLanguage(owner.language), extend);
}

export function bookingsRoutes(deps: BookingRouteDeps, auth: Auth): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const { options, one } = presenters(deps);

  return async (app) => {
    // Before body validation, so a caller without a token gets 401, not a 422 about the body.
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    app.post(
      "/bookings",
      {
        schema: {
          tags,
          operationId: "createBooking",
          summary: "Book a space for a window, or an event's parking, and pay from the wallet",
          headers: z.object({
            "idempotency-key": IdempotencyKeySchema.optional(),
            /** A private event's access grant (POST /events/access), for an event booking. */
            [EVENT_ACCESS_HEADER]: z.string().max(512).optional(),
          }),
          body: CreateBookingBodySchema,
          response: { 200: BookingSchema, 201: BookingSchema, 202: EventLineTicketSchema, ...errors },
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        const key = req.headers["idempotency-key"];
        const answer =
          req.body.kind === "event"
            ? await createEventBooking(
                deps,
                user.id,
                req.body,
                key,
                (code) => grantsEventAccess(req.headers[EVENT_ACCESS_HEADER], code, deps.qrSecret, clock()),
                deps.eventLine,
              )
            : await service.createBooking(deps, user.id, req.body, key, deps.qrSecret);
        if (!("booking" in answer) || !answer.booking) {
          // In the on-sale's line: not yet a booking (decision 051).
          const { place, waitSeconds, retryAfterSeconds } = answer.inLine!;
          return reply
            .code(202)
            .header("retry-after", String(Math.ceil(retryAfterSeconds)))
            .send({ place, wait_seconds: waitSeconds, retry_after_seconds: retryAfterSeconds });
        }
        const { booking, park, replayed } = answer;
        const body = await one(req, booking, park);
        if (replayed) return reply.code(201).header("idempotent-replayed", "true").send(body);
        return reply.code(201).send(body);
      },
    );

    app.get(
      "/bookings/quote",
      {
        schema: {
          tags,
          operationId: "quoteBooking",
          summary:
            "What POST /bookings would charge now for a window or an event's parking, with a coupon code's discount or why it does not apply; a window's quote_token holds its parking for the booking",
          headers: z.object({
            /** A private event's access grant (POST /events/access), for an event's quote. */
            [EVENT_ACCESS_HEADER]: z.string().max(512).optional(),
          }),
          querystring: BookingQuoteQuerySchema,
          response: { 200: BookingQuoteSchema, ...errors },
        },
      },
      async (req) =>
        quoteBooking(
          db,
          requireUser(req).id,
          req.query,
          clock(),
          (code) => grantsEventAccess(req.headers[EVENT_ACCESS_HEADER], code, deps.qrSecret, clock()),
          requestLanguage(req.headers["accept-language"]),
          deps.qrSecret,
        ),
    );

    app.get(
      "/bookings/list",
      {
        schema: {
          tags,
          operationId: "listBookings",
          summary: "The user's bookings, newest start first",
          querystring: BookingListQuerySchema,
          response: { 200: BookingPageSchema, ...errors },
        },
      },
      async (req) => {
        const page = await service.listBookings(db, clock(), requireUser(req).id, req.query);
        return { ...page, items: await bookingListViews(db, page.items, options(req)) };
      },
    );

    app.put(
      "/bookings/:id/status",
      {
        schema: {
          tags,
          operationId: "setBookingStatus",
          summary: "Cancel (status=cancelled, refund by the policy) or renew (status=active)",
          params: BookingIdParamsSchema,
          querystring: BookingStatusQuerySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const result = await service.changeStatus(
          deps,
          requireUser(req).id,
          bookingId(req.params.id),
          req.query.status,
        );
        return one(req, result.booking, result.park);
      },
    );

    app.put(
      "/bookings/:id/vehicle",
      {
        schema: {
          tags,
          operationId: "changeBookingVehicle",
          summary: "Put another vehicle (saved vehicle or plate) on an upcoming booking; no money moves",
          params: BookingIdParamsSchema,
          body: ChangeVehicleBodySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const { booking } = await service.changeVehicle(deps, user.id, bookingId(req.params.id), req.body);
        return one(req, booking);
      },
    );

    app.put(
      "/bookings/:id/flight",
      {
        schema: {
          tags,
          operationId: "changeBookingFlight",
          summary:
            "Give or change the flight of a booking at an airport park (its number and the day the driver flies back, within the booking's days), until the booking ends; both null clears it; no money moves",
          params: BookingIdParamsSchema,
          body: BookingFlightBodySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const booking = await changeFlight(deps, user.id, bookingId(req.params.id), req.body);
        return one(req, booking);
      },
    );

    app.get(
      "/bookings/:id/window",
      {
        schema: {
          tags,
          operationId: "quoteBookingWindow",
          summary:
            "What moving the booking to [start_time, end_time) would charge or give back, priced as the change prices it (a new booking of that window now, the booking's coupon and its charging's price per hour kept; less by the cancellation policy), with the quote_token the change presents; nothing is written",
          params: BookingIdParamsSchema,
          querystring: WindowChangeQuoteQuerySchema,
          response: { 200: WindowChangeQuoteSchema, ...errors },
        },
      },
      async (req) => {
        const { start_time: start, end_time: end } = req.query;
        const quote = await quoteWindowChange(
          deps,
          requireUser(req).id,
          bookingId(req.params.id),
          { start, end },
          deps.qrSecret,
        );
        return presentWindowChangeQuote(quote);
      },
    );

    app.put(
      "/bookings/:id/window",
      {
        schema: {
          tags,
          operationId: "changeBookingWindow",
          summary:
            "Move an active booking's start and end (the car not in yet): the difference with what it paid is charged, or given back by the cancellation policy",
          params: BookingIdParamsSchema,
          body: ChangeWindowBodySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const id = bookingId(req.params.id);
        const { booking, park } = await changeWindow(deps, user.id, id, req.body, deps.qrSecret);
        return one(req, booking, park);
      },
    );

    app.get(
      "/bookings/:bookingCode",
      {
        schema: {
          tags,
          operationId: "getBooking",
          summary: "One booking with its park, vehicle, payments, refunds and signed QR payload",
          params: BookingCodeParamsSchema,
          response: { 200: BookingDetailSchema, ...errors },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const row = await service.getBookingByCode(db, user.id, req.params.bookingCode);
        const detail = await bookingDetailView(db, row, options(req));
        const content = () => passContent(deps, detail, holderOf(user));
        const path = () =>
          pkpassLinkPath(
            `/bookings/${detail.id}/wallet-pass.pkpass`,
            { k: "booking", r: detail.id, u: user.id, l: user.language },
            deps.qrSecret,
            clock(),
          );
        return { ...detail, wallet: await walletLinks(deps.wallet, content, path, clock()) };
      },
    );
  };
}
