import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/** The providers that keep cards (decision 069): the adapters with `savedCards`. */
export const SAVED_CARD_PROVIDERS = ["paystack", "stripe", "demo"] as const;

/**
 * A card a driver saved during a top-up (decision 069): the provider's reusable code for it
 * (Paystack's authorization code, Stripe's payment method) and the customer it belongs to there
 * (Paystack: the e-mail it was paid with; Stripe: the customer), with what the driver is shown of
 * it. Removing it forgets it at the provider and keeps the row, for the payments that name it.
 */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: SAVED_CARD_PROVIDERS }).notNull(),
    methodRef: text("method_ref").notNull(),
    customerRef: text("customer_ref"),
    brand: text("brand").notNull(),
    last4: char("last4", { length: 4 }).notNull(),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    /** The wallet currency it was saved for: it pays that wallet only. */
    currency: char("currency", { length: 3 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("saved_cards_method_unique").on(t.provider, t.methodRef),
    index("saved_cards_user_idx").on(t.userId, t.createdAt),
    check("saved_cards_provider_check", sql`${t.provider} IN ('paystack', 'stripe', 'demo')`),
  ],
);

/**
 * A driver's automatic reload (decision 069): when the wallet's balance is under the threshold,
 * the card is charged the amount. A declined charge pauses it until the driver saves it again.
 */
export const autoReloads = pgTable(
  "auto_reloads",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: uuid("card_id")
      .notNull()
      .references(() => savedCards.id),
    currency: char("currency", { length: 3 }).notNull(),
    thresholdMinor: bigint("threshold_minor", { mode: "number" }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    pauseReason: text("pause_reason"),
    lastReloadAt: timestamp("last_reload_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("auto_reloads_amounts_check", sql`${t.thresholdMinor} > 0 AND ${t.amountMinor} > 0`)],
);
