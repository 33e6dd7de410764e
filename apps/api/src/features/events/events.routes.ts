import {
  ErrorSchema,
  EVENT_ACCESS_EVENT_CEILING,
  EVENT_ACCESS_HEADER,
  EVENT_ACCESS_TRIES,
  EVENT_ACCESS_WINDOW_MINUTES,
  EventAccessBodySchema,
  EventAccessSchema,
  EventCodeParamsSchema,
  EventDetailSchema,
  EventListQuerySchema,
  EventPageSchema,
} from "@parkwell/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { requestLanguage } from "../../lib/language";
import { clientKey, throttledAttempt, type LimiterFactory } from "../../plugins/throttle";
import * as service from "./events.service";

export const EVENT_ACCESS_TOO_MANY_MESSAGE =
  "Too many wrong access codes: wait a few minutes before trying again";
export const EVENT_ACCESS_EVENT_TOO_MANY_MESSAGE =
  "Too many wrong access codes have been entered for this event: wait a few minutes before trying again";

/** The event an access code is entered for, as the body's schema normalised it ("EV-7K2Q9"). */
const eventOf = (req: FastifyRequest) => (req.body as { event_code: string }).event_code;

export interface EventRouteDeps {
  db: Db;
  clock: Clock;
  /** The app's signing secret, from which access grants derive their own key (event-access.ts). */
  qrSecret: string;
}

/** Public event parking: the events list, an event's page, and a private event's access code. */
export function eventsRoutes(deps: EventRouteDeps, limiter: LimiterFactory): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Events"];
    const errors = { 404: ErrorSchema, 422: ErrorSchema };
    // Wrong access codes, counted before the look-up and kept only for wrong codes: a code is
    // short enough to be typed, so guessing must stay slow (decision 023, "Amendment"). Per
    // address and event, so a guesser behind a shared address (a venue's Wi-Fi, a carrier's NAT)
    // holds back only the event they guess at, from that address; and per event across every
    // address, so guessing one event's code from many addresses stays bounded too. A right code
    // is checked only within both limits: answered past them, its 200 among the 429s would tell
    // a sweep the code.
    const wrongCodes = limiter({
      name: "event-access-ip-event",
      max: EVENT_ACCESS_TRIES,
      timeWindowMs: EVENT_ACCESS_WINDOW_MINUTES * 60_000,
      key: (req) => `${clientKey(req)}|${eventOf(req)}`,
      message: EVENT_ACCESS_TOO_MANY_MESSAGE,
    });
    const wrongCodesForEvent = limiter({
      name: "event-access-event",
      max: EVENT_ACCESS_EVENT_CEILING,
      timeWindowMs: EVENT_ACCESS_WINDOW_MINUTES * 60_000,
      key: eventOf,
      message: EVENT_ACCESS_EVENT_TOO_MANY_MESSAGE,
    });

    app.get(
      "/events",
      {
        schema: {
          tags,
          operationId: "listEvents",
          summary: "Upcoming public events with parking: by country, text, category, days and distance",
          querystring: EventListQuerySchema,
          response: { 200: EventPageSchema, 422: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply
          .header("cache-control", "public, max-age=30")
          .send(await service.listEvents(deps.db, req.query, deps.clock())),
    );

    app.get(
      "/events/:eventCode",
      {
        schema: {
          tags,
          operationId: "getEvent",
          summary:
            "An event with its parks, flat prices, windows and spaces left (a private one needs its grant)",
          params: EventCodeParamsSchema,
          headers: z.object({
            /** A private event's access grant, from POST /events/access. */
            [EVENT_ACCESS_HEADER]: z.string().max(512).optional(),
          }),
          response: { 200: EventDetailSchema, ...errors },
        },
      },
      async (req, reply) => {
        const event = await service.getEvent(
          deps.db,
          req.params.eventCode,
          { grant: req.headers[EVENT_ACCESS_HEADER], secret: deps.qrSecret },
          deps.clock(),
          requestLanguage(req.headers["accept-language"]),
        );
        // Spaces left change with every booking, and a private event is never for a shared cache.
        return reply.header("cache-control", "no-store").header("vary", "accept-language").send(event);
      },
    );

    app.post(
      "/events/access",
      {
        schema: {
          tags,
          operationId: "openPrivateEvent",
          summary: "A private event's access grant, for its organiser's access code entered for that event",
          body: EventAccessBodySchema,
          response: { 200: EventAccessSchema, ...errors, 429: ErrorSchema },
        },
      },
      async (req, reply) => {
        reply.header("cache-control", "no-store");
        return throttledAttempt(
          req,
          reply,
          // The address's own limit first: refused there, the event's ceiling is not counted.
          [wrongCodes, wrongCodesForEvent],
          (err) => err instanceof AppError && err.code === "event_not_found",
          () =>
            service.grantAccess(
              deps.db,
              req.body.event_code,
              req.body.access_code,
              deps.qrSecret,
              deps.clock(),
            ),
        );
      },
    );
  };
}
