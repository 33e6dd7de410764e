import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { parks } from "./parks";

const stars = (column: string) => sql.raw(`${column} BETWEEN 1 AND 5`);

/**
 * A driver's review of a park, one per booking (decision 033), written after the stay. Plain text,
 * never HTML. A hidden review (Parkwell's moderation, with its reason) leaves the park's page and
 * its rating; the kept figures on `parks` (rating_count, rating_total, rating_average) count the
 * visible ones only, changed in the same transaction as the review.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    ease: smallint("ease"),
    safety: smallint("safety"),
    value: smallint("value"),
    body: text("body").notNull().default(""),
    language: text("language").notNull(),
    /** The booking's start: the month shown ("verified stay, November 2026") on the park's clock. */
    stayStart: timestamp("stay_start", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** The operator's one reply. */
    replyBody: text("reply_body"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    repliedBy: uuid("replied_by").references(() => users.id, { onDelete: "set null" }),
    /** Hidden by Parkwell's staff for breaking the rules; the reason is kept. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
    hiddenReason: text("hidden_reason"),
    /** How many drivers reported it (review_reports), for the back office's queue. */
    reports: integer("reports").notNull().default(0),
  },
  (t) => [
    uniqueIndex("reviews_booking_key").on(t.bookingId),
    // A park's page: its visible reviews, newest first, or by stars (and the distribution).
    index("reviews_park_newest_idx")
      .on(t.parkId, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} IS NULL`),
    index("reviews_park_stars_idx")
      .on(t.parkId, t.stars, t.createdAt, t.id)
      .where(sql`${t.hiddenAt} IS NULL`),
    // The back office's list (every review of the user's parks, hidden ones too).
    index("reviews_park_all_idx").on(t.parkId, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    // The home page's satisfaction rate: the visible reviews of the last 12 months, with their stars.
    index("reviews_visible_created_idx")
      .on(t.createdAt, t.stars)
      .where(sql`${t.hiddenAt} IS NULL`),
    check("reviews_stars", stars("stars")),
    check("reviews_ease", sql`ease IS NULL OR ${stars("ease")}`),
    check("reviews_safety", sql`safety IS NULL OR ${stars("safety")}`),
    check("reviews_value", sql`value IS NULL OR ${stars("value")}`),
    check("reviews_body_length", sql`char_length(${t.body}) <= 2000`),
    check("reviews_language", sql`${t.language} IN ('en', 'fr')`),
    check("reviews_reply_once", sql`(${t.replyBody} IS NULL) = (${t.repliedAt} IS NULL)`),
    check("reviews_hidden_reason", sql`(${t.hiddenAt} IS NULL) = (${t.hiddenReason} IS NULL)`),
  ],
);

/** A driver's report of a review (one per driver and review), for Parkwell's moderators. */
export const reviewReports = pgTable(
  "review_reports",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);
