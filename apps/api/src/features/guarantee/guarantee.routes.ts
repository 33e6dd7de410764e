/** The driver's side of the space guarantee: the offer, a space elsewhere, or the refund (decision 058). */
import {
  BookingOfferParamsSchema,
  BookingOfferSchema,
  BookingSchema,
  ErrorSchema,
  IdempotencyKeySchema,
  RebookBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLanguage } from "../../lib/language";
import { requireUser, type Auth } from "../../plugins/auth";
import { bookingViews } from "../bookings/bookings-view.service";
import { presentBookingOffer } from "./guarantee.present";
import { offerView, rebookOffer, refundOffer, type GuaranteeDeps } from "./guarantee.service";

export function guaranteeRoutes(
  deps: GuaranteeDeps & { qrSecret: string },
  auth: Auth,
): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const tags = ["Bookings"];
  const errors = { 401: ErrorSchema, 402: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
  const offer = async (userId: string, code: string) =>
    presentBookingOffer(await offerView(deps, userId, code));
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/booking-offers/:code",
      {
        schema: {
          tags,
          operationId: "getBookingOffer",
          summary:
            "The space guarantee's offer for a booking a closure hit: the parks free for its window, nearest first, at no extra cost, or the full refund",
          params: BookingOfferParamsSchema,
          response: { 200: BookingOfferSchema, ...errors },
        },
      },
      async (req) => offer(requireUser(req).id, req.params.code),
    );

    app.post(
      "/booking-offers/:code/rebook",
      {
        schema: {
          tags,
          operationId: "rebookBookingOffer",
          summary:
            "Take a space at one of the offered parks for the same window: the first booking's money and the guarantee pay for it; replays with the same Idempotency-Key",
          headers: z.object({ "idempotency-key": IdempotencyKeySchema.optional() }),
          params: BookingOfferParamsSchema,
          body: RebookBodySchema,
          response: { 201: BookingSchema, ...errors },
        },
      },
      async (req, reply) => {
        const userId = requireUser(req).id;
        const key = req.headers["idempotency-key"];
        const { booking, replayed } = await rebookOffer(deps, userId, req.params.code, req.body.park_id, key);
        const [body] = await bookingViews(db, [booking], {
          qrSecret: deps.qrSecret,
          now: clock(),
          language: requestLanguage(req.headers["accept-language"]),
        });
        if (replayed) reply.header("idempotent-replayed", "true");
        return reply.code(201).send(body!);
      },
    );

    app.post(
      "/booking-offers/:code/refund",
      {
        schema: {
          tags,
          operationId: "refundBookingOffer",
          summary: "Take the full refund (fees included) of a booking a closure hit, now",
          params: BookingOfferParamsSchema,
          response: { 200: BookingOfferSchema, ...errors },
        },
      },
      async (req) => {
        const userId = requireUser(req).id;
        await refundOffer(deps, userId, req.params.code);
        return offer(userId, req.params.code);
      },
    );
  };
}
