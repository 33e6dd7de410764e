import { REFERRAL_REFUSALS, REFERRAL_STATUSES } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { purchases } from "./purchases";

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");

/**
 * Referrals (docs/PRODUCT-RULES.md#referrals, docs/decisions/046-referrals.md). A driver's personal
 * code, made the first time they ask for it (GET /referrals/me), then always the same.
 */
export const referralCodes = pgTable("referral_codes", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  code: text("code").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * One invitation: the account registered with a driver's code. One per invitee (unique), so a
 * driver is invited once. `status`: `registered`, then `rewarded` (at the invitee's first paid
 * purchase, the reward booked from the marketing account to both wallets) or `refused` (with its
 * reason: paid nothing). The move from `registered` is the one that pays, so it pays once.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteeId: uuid("invitee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    status: text("status", { enum: REFERRAL_STATUSES }).notNull(),
    refusedReason: text("refused_reason", { enum: REFERRAL_REFUSALS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    rewardedAt: timestamp("rewarded_at", { withTimezone: true }),
    /** The invitee's purchase that paid the reward. */
    purchaseId: uuid("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    /** What the inviter got, in their own wallet's currency (the invitee's is on the ledger). */
    inviterRewardMinor: bigint("inviter_reward_minor", { mode: "number" }),
    inviterCurrency: char("inviter_currency", { length: 3 }),
  },
  (t) => [
    index("referrals_inviter_idx").on(t.inviterId, t.createdAt),
    // A driver is invited once: the one row is the one reward.
    uniqueIndex("referrals_invitee_key").on(t.inviteeId),
    check("referrals_status_check", sql.raw(`status IN (${inList(REFERRAL_STATUSES)})`)),
    check(
      "referrals_reason_check",
      sql.raw(
        `(status = 'refused') = (refused_reason IS NOT NULL) AND (refused_reason IS NULL OR refused_reason IN (${inList(REFERRAL_REFUSALS)}))`,
      ),
    ),
    check("referrals_rewarded_check", sql`(${t.status} = 'rewarded') = (${t.rewardedAt} IS NOT NULL)`),
    check("referrals_not_self", sql`${t.inviterId} <> ${t.inviteeId}`),
  ],
);

/**
 * The devices a driver used, as SHA-256 of the web app's device id: recorded at registration and
 * when the driver opens their referrals page. An invitee registering on one of the inviter's
 * devices is refused (`same_device`).
 */
export const referralDevices = pgTable(
  "referral_devices",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index("referral_devices_hash_idx").on(t.deviceHash),
  ],
);

/**
 * The e-mail domains whose invitees are refused (`blocked_email_domain`): a domain, matching it
 * and its subdomains, where `*` stands for any characters (`mailinator.com`, `guerrillamail.*`).
 */
export const referralEmailRules = pgTable("referral_email_rules", {
  pattern: text("pattern").primaryKey(),
  /** Why the pattern is here (for the back office and the docs), e.g. `disposable`. */
  note: text("note").notNull(),
});
