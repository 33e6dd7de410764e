import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * A device's Web Push subscription (decision 066): where its push service takes messages
 * (`endpoint`), the keys its messages are encrypted for, and which reminders the driver chose for
 * this device. An endpoint is one device's: subscribing it again, from another account, moves it.
 * Removed when the driver turns notifications off or signs out there, and when the push service
 * answers that it is gone (404 or 410).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** The reminders this device gets (PUSH_REMINDERS). */
    reminders: text("reminders").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("push_subscriptions_user_idx").on(t.userId),
    check(
      "push_subscriptions_reminders_check",
      sql`${t.reminders} <@ ARRAY['booking_start', 'booking_end', 'pass_renewal', 'document_expiry']::text[]`,
    ),
  ],
);
