import { z } from "zod";
import { AdminPageQuerySchema } from "./admin";
import { PageQuerySchema, idParam, pageOf } from "./common";

import {
  REVIEW_HIDE_REASON_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_REPORT_REASON_MAX,
  REVIEW_SORTS,
  REVIEW_TEXT_MAX,
} from "./review-values";

function stars(name: string) {
  const wrong = `${name} must be a whole number of stars from 1 to 5`;
  return z.number({ error: wrong }).int({ error: wrong }).min(1, { error: wrong }).max(5, { error: wrong });
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .max(max, { error: `${name} must be at most ${max} characters` });

const ReviewFieldsShape = {
  /** The whole stay, 1 to 5. */
  stars: stars("stars"),
  /** Optional parts, 1 to 5 each; null or absent: not rated. */
  ease: stars("ease").nullable().optional(),
  safety: stars("safety").nullable().optional(),
  value: stars("value").nullable().optional(),
  /** Plain text (never HTML), in the driver's language; may be empty. */
  text: text("text", REVIEW_TEXT_MAX).optional(),
};

export const ReviewCreateBodySchema = z
  .object({
    booking_id: z.uuid({ error: "booking_id must be a booking's id" }),
    ...ReviewFieldsShape,
  })
  .meta({ id: "ReviewCreateBody" });
export type ReviewCreateBody = z.infer<typeof ReviewCreateBodySchema>;

export const ReviewEditBodySchema = z.object(ReviewFieldsShape).meta({ id: "ReviewEditBody" });
export type ReviewEditBody = z.infer<typeof ReviewEditBodySchema>;

export const ReviewIdParamsSchema = z.object({ id: idParam("id") });

export const ParkReviewsQuerySchema = PageQuerySchema.extend({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(", ")}` }).default("newest"),
});
export type ParkReviewsQuery = z.infer<typeof ParkReviewsQuerySchema>;

const ReplySchema = z.object({
  text: z.string(),
  /** When the operator replied (ISO). */
  at: z.string(),
});

/** A review as anyone sees it on a park's page: the driver's first name, the stay's month, the reply. */
export const PublicReviewSchema = z
  .object({
    id: z.number().int(),
    park_id: z.number().int(),
    stars: z.number().int(),
    ease: z.number().int().nullable(),
    safety: z.number().int().nullable(),
    value: z.number().int().nullable(),
    /** Plain text: show it as text (links are not links), keeping its line breaks. */
    text: z.string(),
    /** The language the driver wrote in ("en" or "fr"). */
    language: z.string(),
    /** The driver's first name only. */
    first_name: z.string(),
    /** The month the stay began, on the park's clock: "2026-11". */
    stay_month: z.string(),
    /** Always true: there is no review without a stay (the "verified stay" mark). */
    verified_stay: z.literal(true),
    created_at: z.string(),
    /** When the driver last changed it (null: never). */
    edited_at: z.string().nullable(),
    reply: ReplySchema.nullable(),
  })
  .meta({ id: "PublicReview" });
export type PublicReview = z.infer<typeof PublicReviewSchema>;

export const ParkReviewPageSchema = pageOf(PublicReviewSchema).meta({ id: "ParkReviewPage" });

/** The driver's own review, with what they may still do with it. */
export const OwnReviewSchema = PublicReviewSchema.extend({
  booking_id: z.string(),
  /** Until when it may be edited (ISO); deleting is possible at any time. */
  editable_until: z.string(),
  editable: z.boolean(),
  /** Hidden by Parkwell for breaking the rules: no longer shown on the park's page. */
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
}).meta({ id: "OwnReview" });
export type OwnReview = z.infer<typeof OwnReviewSchema>;

/** A park's rating: average (2 decimals, null without reviews), count and count per star. */
export const ReviewSummarySchema = z
  .object({
    park_id: z.number().int(),
    average: z.number().nullable(),
    count: z.number().int(),
    /** Visible reviews per number of stars, "1" to "5". */
    distribution: z.object({
      "1": z.number().int(),
      "2": z.number().int(),
      "3": z.number().int(),
      "4": z.number().int(),
      "5": z.number().int(),
    }),
  })
  .meta({ id: "ReviewSummary" });
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewReportBodySchema = z
  .object({ reason: text("reason", REVIEW_REPORT_REASON_MAX).optional() })
  .meta({ id: "ReviewReportBody" });

export const ReviewReportedSchema = z.object({ reported: z.literal(true) });

/** Back office: a review with its park, its reports and its moderation. */
export const AdminReviewSchema = PublicReviewSchema.extend({
  park_name: z.string(),
  booking_code: z.string(),
  reports: z.number().int(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  hidden_at: z.string().nullable(),
}).meta({ id: "AdminReview" });
export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const AdminReviewPageSchema = pageOf(AdminReviewSchema).meta({ id: "AdminReviewPage" });

export const AdminReviewsQuerySchema = AdminPageQuerySchema.extend({
  park_id: idParam("park_id").optional(),
  /** visible, hidden, reported (at least one report), unanswered (no reply yet). */
  status: z
    .enum(["all", "visible", "hidden", "reported", "unanswered"], {
      error: "status must be one of all, visible, hidden, reported, unanswered",
    })
    .default("all"),
});
export type AdminReviewsQuery = z.infer<typeof AdminReviewsQuerySchema>;

export const ReviewReplyBodySchema = z
  .object({
    text: text("text", REVIEW_REPLY_MAX).refine((s) => s.trim().length > 0, {
      error: "Write the reply",
    }),
  })
  .meta({ id: "ReviewReplyBody" });

export const ReviewHideBodySchema = z
  .object({
    reason: text("reason", REVIEW_HIDE_REASON_MAX).refine((s) => s.trim().length > 0, {
      error: "Give the reason for hiding the review",
    }),
  })
  .meta({ id: "ReviewHideBody" });
