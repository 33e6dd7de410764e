import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { payments } from "./wallet";

/**
 * One row per purchase of every kind on the purchase engine (docs/decisions/040-purchase-engine.md):
 * its id is the kind's own row's, its code is unique across kinds, and a driver's Idempotency-Key
 * is answered from here (buyer, kind, key) with the request's fingerprint.
 */
export const purchases = pgTable(
  "purchases",
  {
    id: uuid("id").primaryKey(),
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("purchases_code_key").on(t.code),
    uniqueIndex("purchases_idempotency_key")
      .on(t.userId, t.kind, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index("purchases_user_idx").on(t.userId, t.createdAt),
    // The home page's figures: the purchases and drivers of the last 30 days (parks.repo parkFigures).
    index("purchases_created_idx").on(t.createdAt, t.kind, t.userId),
  ],
);

/**
 * A purchase whose wallet was short, waiting for the top-up of the difference (decision 026,
 * "Every kind"): the kind's request as sent, with the Idempotency-Key the purchase is made with
 * when the top-up is confirmed. `status`: `pending`, then `made` (the purchase's id and code) or
 * `not_made` (`reason`: the refusal's code, the money left in the wallet).
 */
export const purchaseCheckouts = pgTable(
  "purchase_checkouts",
  {
    paymentId: uuid("payment_id")
      .primaryKey()
      .references(() => payments.id, { onDelete: "restrict" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    input: jsonb("input").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    language: text("language").notNull().default("en"),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull(),
    status: text("status", { enum: ["pending", "made", "not_made"] }).notNull(),
    purchaseId: uuid("purchase_id"),
    code: text("code"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("purchase_checkouts_status_check", sql`${t.status} IN ('pending', 'made', 'not_made')`),
    index("purchase_checkouts_user_idx").on(t.userId, t.createdAt),
  ],
);
