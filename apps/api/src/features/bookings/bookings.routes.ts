import { randomBytes } from "node:crypto";
import {
  BOOKING_NOT_FOUND_MESSAGE,
  BookingCodeParamsSchema,
  BookingDetailSchema,
  BookingIdParamsSchema,
  ChangeVehicleBodySchema,
  BookingListQuerySchema,
  BookingPageSchema,
  BookingSchema,
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
} from "@parkwell/contract";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import type { Jobs } from "../../jobs/queue";
import { requireUser, type Auth } from "../../plugins/auth";
import type { ParkView } from "./bookings-view.repo";
import { bookingDetailView, bookingListViews, bookingViews } from "./bookings-view.service";
import { presentExtensionQuote } from "./bookings.present";
import type { BookingRow } from "./bookings.repo";
import * as service from "./bookings.service";
import { createEventBooking } from "./event-bookings.service";
import type { EventLine } from "./event-line";
import { quoteBooking } from "./booking-quote.service";
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

export function bookingsRoutes(deps: BookingRouteDeps, auth: Auth): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const options = (req: FastifyRequest, known: ParkView[] = []) => ({
    qrSecret: deps.qrSecret,
    now: clock(),
    language: requestLanguage(req.headers["accept-language"]),
    known,
  });
  const one = async (req: FastifyRequest, row: BookingRow, park?: ParkView) =>
    (await bookingViews(db, [row], options(req, park ? [park] : [])))[0]!;

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

    app.post(
      "/bookings/extend",
      {
        schema: {
          tags,
          operationId: "extendBooking",
          summary: "Move an active booking's end later, paying the difference",
          body: ExtendBookingBodySchema,
          response: { 200: BookingSchema, ...errors },
        },
      },
      async (req) => {
        const { booking, park } = await service.extendBooking(
          deps,
          requireUser(req).id,
          bookingId(req.body.booking_id),
          req.body.new_end_time,
        );
        return one(req, booking, park);
      },
    );

    app.get(
      "/bookings/:id/extension",
      {
        schema: {
          tags,
          operationId: "quoteBookingExtension",
          summary:
            "What extending the booking to new_end_time would charge, priced as the extension prices it (its coupon, its charging's price per hour); nothing is written",
          params: BookingIdParamsSchema,
          querystring: ExtensionQuoteQuerySchema,
          response: { 200: ExtensionQuoteSchema, ...errors },
        },
      },
      async (req) => {
        const { breakdown, due, park } = await service.quoteExtension(
          deps,
          requireUser(req).id,
          bookingId(req.params.id),
          req.query.new_end_time,
        );
        return presentExtensionQuote(park, breakdown, due);
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
        return bookingDetailView(db, row, options(req));
      },
    );
  };
}
