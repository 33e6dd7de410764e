import {
  AdminReviewPageSchema,
  AdminReviewSchema,
  AdminReviewsQuerySchema,
  ErrorSchema,
  ReviewHideBodySchema,
  ReviewIdParamsSchema,
  ReviewReplyBodySchema,
} from "@parkwell/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { auditActor, requireStaff, type AdminAccess } from "../../../plugins/admin-access";
import * as reviews from "./admin-reviews.service";

/**
 * The back office's reviews (decision 033): the reviews of the user's parks, the operator's one
 * reply (`reviews.update`, the "reviews.reply"), and Parkwell's moderation
 * (`review_moderation.update`: hide with a reason).
 */
export function adminReviewsRoutes(
  deps: { db: Db; clock: Clock },
  admin: AdminAccess,
): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  return async (app) => {
    const tags = ["Back office: reviews"];
    const err = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema };
    admin.auth.guard(app);
    app.addHook("onSend", async (_req, reply) => {
      reply.header("cache-control", "no-store");
    });

    app.get(
      "/admin/reviews",
      {
        onRequest: admin.permit("reviews.view"),
        schema: {
          tags,
          operationId: "listAdminReviews",
          summary: "The reviews of your parks, newest first (the most reported first for status=reported)",
          querystring: AdminReviewsQuerySchema,
          response: { 200: AdminReviewPageSchema, ...err },
        },
      },
      async (req) => reviews.listReviews(db, requireStaff(req), req.query),
    );

    app.post(
      "/admin/reviews/:id/reply",
      {
        onRequest: admin.permit("reviews.update"),
        schema: {
          tags,
          operationId: "replyToReview",
          summary: "Reply to a review of your park, once",
          params: ReviewIdParamsSchema,
          body: ReviewReplyBodySchema,
          response: { 200: AdminReviewSchema, ...err },
        },
      },
      async (req) =>
        reviews.replyToReview(db, clock, requireStaff(req), auditActor(req), req.params.id, req.body.text),
    );

    app.post(
      "/admin/reviews/:id/hide",
      {
        onRequest: admin.permit("review_moderation.update"),
        schema: {
          tags,
          operationId: "hideReview",
          summary: "Hide a review that breaks the rules, with the reason (Parkwell's staff)",
          params: ReviewIdParamsSchema,
          body: ReviewHideBodySchema,
          response: { 200: AdminReviewSchema, ...err },
        },
      },
      async (req) =>
        reviews.hideReview(db, clock, requireStaff(req), auditActor(req), req.params.id, req.body.reason),
    );
  };
}
