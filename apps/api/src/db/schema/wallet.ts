import { PAYMENT_PROVIDERS } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  char,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The wallet's double-entry ledger (docs/decisions/005-wallet-ledger.md). Entries are the truth;
 * `balance_minor` is a cache updated in the same transaction as the entries, and the database
 * itself refuses a user wallet below zero, an unbalanced transaction and any change to an entry.
 */
export const ACCOUNT_KINDS = [
  "user_wallet",
  "provider_clearing",
  "platform_revenue",
  "owner_payable",
  // `held:<user>:<ccy>`: a top-up's part beyond the wallet's cap, kept for support to return.
  "held_excess",
  // `company:<id>:<ccy>`: a business account's wallet (docs/decisions/030-business-accounts.md).
  "company_wallet",
  // `marketing:<ccy>:<shard>`: Parkwell's marketing spend (referral rewards are paid from it).
  "marketing_spend",
] as const;

export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * `user:<uuid>:<ccy>`, `clearing:<provider>:<ccy>`, `revenue:<ccy>`, `held:<uuid>:<ccy>`,
     * `marketing:<ccy>:<shard>`: one row per key.
     */
    key: text("key").notNull().unique(),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: ACCOUNT_KINDS }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull().default(0),
    allowNegative: boolean("allow_negative").notNull().default(false),
    /**
     * How far below zero the balance may go (minor units): a company in invoice mode, up to the
     * credit limit Parkwell's staff set. 0 for every other account; `ledger_post` honours it.
     */
    creditLimitMinor: bigint("credit_limit_minor", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "wallet_accounts_kind_check",
      sql`${t.kind} IN ('user_wallet', 'provider_clearing', 'platform_revenue', 'owner_payable', 'held_excess', 'company_wallet', 'marketing_spend')`,
    ),
    check(
      "wallet_accounts_balance_check",
      sql`${t.allowNegative} OR ${t.balanceMinor} >= -${t.creditLimitMinor}`,
    ),
    check(
      "wallet_accounts_credit_only_company",
      sql`${t.creditLimitMinor} = 0 OR (${t.kind} = 'company_wallet' AND ${t.creditLimitMinor} > 0)`,
    ),
    // A user's wallet may never be allowed to go negative, whatever a caller passes.
    check("wallet_accounts_user_not_negative", sql`${t.kind} <> 'user_wallet' OR NOT ${t.allowNegative}`),
    // Nor a company's: below zero only down to its credit limit (invoice mode).
    check(
      "wallet_accounts_company_not_negative",
      sql`${t.kind} <> 'company_wallet' OR NOT ${t.allowNegative}`,
    ),
    check("wallet_accounts_owner_check", sql`(${t.kind} = 'user_wallet') = (${t.ownerUserId} IS NOT NULL)`),
    uniqueIndex("wallet_accounts_one_per_user_ccy")
      .on(t.ownerUserId, t.currency)
      .where(sql`${t.kind} = 'user_wallet'`),
    // Operators' accounts (decision 056) are read by their key's prefix (an operator's shards, every
    // operator's balance) among every user's wallet: this small index holds only them.
    index("wallet_accounts_operator_idx")
      .on(t.key)
      .where(sql`${t.kind} = 'owner_payable'`),
  ],
);

export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** topup | booking_charge | refund | adjustment … */
    kind: text("kind").notNull(),
    /** `topup:<provider>:<ref>`, `booking:<id>:<move>`…: a second post with the same key is a no-op. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    reference: text("reference"),
    description: text("description"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_created_idx").on(t.createdAt)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => walletAccounts.id),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    balanceAfterMinor: bigint("balance_after_minor", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("ledger_entries_nonzero", sql`${t.amountMinor} <> 0`),
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
  ],
);

export const PAYMENT_STATUSES = ["initialized", "pending", "succeeded", "failed"] as const;

/** One top-up attempt at a provider. */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Ours, given to the client and to Paystack/demo as their reference. */
    reference: text("reference").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id (Paystack reference, Stripe pi_…, Wave cos-…); null until it answers. */
    providerReference: text("provider_reference"),
    currency: char("currency", { length: 3 }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("initialized"),
    failureReason: text("failure_reason"),
    /** A short lease instead of a transaction held across the provider call. */
    verifyLeaseUntil: timestamp("verify_lease_until", { withTimezone: true }),
    /**
     * The part of a settled top-up that did not fit under the wallet's cap, held in the user's
     * `held:` account; above zero, the payment waits for support.
     */
    heldMinor: bigint("held_minor", { mode: "number" }).notNull().default(0),
    ledgerTransactionId: uuid("ledger_transaction_id")
      .unique()
      .references(() => ledgerTransactions.id),
    paymentInfo: jsonb("payment_info"),
    /** The caller's Idempotency-Key for add-funds, with a fingerprint of what it was sent with. */
    clientKey: text("client_key"),
    clientFingerprint: text("client_fingerprint"),
    /** The driver asked to keep the card this top-up is paid with (decision 069). */
    saveCard: boolean("save_card").notNull().default(false),
    /** The saved card it was charged to, at once (one tap, a reload); null for a provider's page. */
    savedCardId: uuid("saved_card_id"),
    /** The provider's customer the payment was made for (Stripe, when a card is to be saved). */
    customerRef: text("customer_ref"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payments_amount_positive", sql`${t.amountMinor} > 0`),
    check(
      "payments_provider_check",
      sql`${t.provider} IN (${sql.raw(PAYMENT_PROVIDERS.map((p) => `'${p}'`).join(", "))})`,
    ),
    check("payments_status_check", sql`${t.status} IN ('initialized', 'pending', 'succeeded', 'failed')`),
    check(
      "payments_succeeded_has_ledger",
      sql`(${t.status} = 'succeeded') = (${t.ledgerTransactionId} IS NOT NULL)`,
    ),
    check("payments_held_within_amount", sql`${t.heldMinor} >= 0 AND ${t.heldMinor} <= ${t.amountMinor}`),
    uniqueIndex("payments_provider_reference_unique").on(t.provider, t.providerReference),
    index("payments_held_idx")
      .on(t.createdAt)
      .where(sql`${t.heldMinor} > 0`),
    uniqueIndex("payments_client_key_unique").on(t.userId, t.clientKey),
    index("payments_user_idx").on(t.userId, t.createdAt),
  ],
);

/** Provider events seen, so a replayed delivery is acknowledged and ignored. */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    payload: jsonb("payload"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
