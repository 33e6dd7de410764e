import {
  ErrorSchema,
  OwnReviewSchema,
  PageQuerySchema,
  ParkReviewPageSchema,
  ParkRefParamsSchema,
  ParkReviewsQuerySchema,
  ReviewCreateBodySchema,
  ReviewEditBodySchema,
  ReviewIdParamsSchema,
  ReviewReportBodySchema,
  ReviewReportedSchema,
  ReviewSummarySchema,
  pageOf,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { requireUser, type Auth } from "../../plugins/auth";
import type { LimiterFactory } from "../../plugins/throttle";
import * as reviews from "./reviews.service";
import { TOO_MANY_REPORTS } from "../../lib/messages/reviews";

/** Reports one driver may send in an hour: a reader reports the odd review, a script floods. */
const REPORTS_PER_HOUR = 10;

const OwnReviewPageSchema = pageOf(OwnReviewSchema).meta({ id: "OwnReviewPage" });

/** A park's reviews and rating, for anyone (the park's page). */
export function parkReviewRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ["Reviews"];
    const errors = { 404: ErrorSchema, 422: ErrorSchema };
    app.get(
      "/front/parks/:park/reviews",
      {
        schema: {
          tags,
          operationId: "listParkReviews",
          summary:
            "A park's (by id, slug or park code) visible reviews, newest, highest or lowest first, paged",
          params: ParkRefParamsSchema,
          querystring: ParkReviewsQuerySchema,
          response: { 200: ParkReviewPageSchema, ...errors },
        },
      },
      async (req) => reviews.parkReviews(db, req.params.park, req.query),
    );
    app.get(
      "/front/parks/:park/rating",
      {
        schema: {
          tags,
          operationId: "getParkRating",
          summary: "A park's rating: the average stars, the number of reviews and their distribution",
          params: ParkRefParamsSchema,
          response: { 200: ReviewSummarySchema, ...errors },
        },
      },
      async (req) => reviews.parkRating(db, req.params.park),
    );
  };
}

/** A driver's own reviews (bearer): write one after a stay, change it within 7 days, delete it, report others. */
export function driverReviewRoutes(
  deps: reviews.ReviewDeps,
  auth: Auth,
  limiter: LimiterFactory,
): FastifyPluginAsyncZod {
  return async (app) => {
    auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });
    const tags = ["Reviews"];
    const errors = { 401: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    const reportLimit = limiter({
      name: "review-reports-user",
      max: REPORTS_PER_HOUR,
      timeWindowMs: 60 * 60_000,
      key: (req) => requireUser(req).id,
      message: TOO_MANY_REPORTS,
    }).hit;

    app.post(
      "/reviews",
      {
        schema: {
          tags,
          operationId: "createReview",
          summary: "Review the park of one of your bookings, once the stay is over (once per booking)",
          body: ReviewCreateBodySchema,
          response: { 201: OwnReviewSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply.code(201).send(await reviews.createReview(deps, requireUser(req).id, req.body)),
    );

    app.get(
      "/reviews/mine",
      {
        schema: {
          tags,
          operationId: "listMyReviews",
          summary: "Your reviews, newest first, with whether each can still be changed",
          querystring: PageQuerySchema,
          response: { 200: OwnReviewPageSchema, ...errors },
        },
      },
      async (req) => reviews.myReviews(deps, requireUser(req).id, req.query),
    );

    app.get(
      "/bookings/:id/review",
      {
        schema: {
          tags,
          operationId: "getMyReviewOfBooking",
          summary: "Your review of one of your bookings' stays (null when you have not written one)",
          params: z.object({ id: z.uuid({ error: "id must be a booking's id" }) }),
          response: { 200: OwnReviewSchema.nullable(), ...errors },
        },
      },
      async (req) => reviews.reviewOfBooking(deps, requireUser(req).id, req.params.id),
    );

    app.put(
      "/reviews/:id",
      {
        schema: {
          tags,
          operationId: "editReview",
          summary: "Change your review, within 7 days of writing it",
          params: ReviewIdParamsSchema,
          body: ReviewEditBodySchema,
          response: { 200: OwnReviewSchema, ...errors },
        },
      },
      async (req) => reviews.editReview(deps, requireUser(req).id, req.params.id, req.body),
    );

    app.delete(
      "/reviews/:id",
      {
        schema: {
          tags,
          operationId: "deleteReview",
          summary: "Delete your review (at any time)",
          params: ReviewIdParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (req, reply) => {
        await reviews.deleteReview(deps, requireUser(req).id, req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.post(
      "/reviews/:id/reports",
      {
        preHandler: reportLimit,
        schema: {
          tags,
          operationId: "reportReview",
          summary: "Report a review that breaks the rules to Parkwell (10 reports an hour)",
          params: ReviewIdParamsSchema,
          body: ReviewReportBodySchema,
          response: { 201: ReviewReportedSchema, ...errors, 403: ErrorSchema, 429: ErrorSchema },
        },
      },
      async (req, reply) =>
        reply
          .code(201)
          .send(await reviews.reportReview(deps, requireUser(req).id, req.params.id, req.body.reason)),
    );
  };
}
