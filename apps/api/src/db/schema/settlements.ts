import {
  COMMISSION_PRODUCTS,
  OPERATOR_LINE_KINDS,
  PAYOUT_ACCOUNT_STATUSES,
  PAYOUT_PROVIDERS,
  PAYOUT_STATUSES,
  SETTLEMENT_PERIODS,
} from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { operators, parks } from "./parks";
import { receipts } from "./receipts";
import { countries } from "./reference";

/**
 * Operators' money (issue #65, decision 056). Every sale of an operator's space credits the
 * operator's account in the ledger (`operator:<id>:<ccy>`) with its share in the purchase's own
 * transaction, and every refund reverses it; a line here describes each such move (one per ledger
 * key), so a statement lists them and the balance is their sum. A period's close claims the lines
 * not yet settled (`settlement_id`) under the account's row lock, so a line is in exactly one
 * statement; a payout is one per statement.
 */

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * Parkwell's commission, in basis points of the parking amount: per operator (optionally per
 * product), else the operator's country's default (optionally per product), effective from an
 * instant. Rows are never changed: a new rate is a new row, so a sale keeps the rate it was made at.
 */
export const commissionRates = pgTable(
  "commission_rates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Null: a country's default. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "cascade" }),
    /** Set for a country's default, null for an operator's rate. */
    countryId: integer("country_id").references(() => countries.id),
    /** Null: every product. */
    product: text("product", { enum: COMMISSION_PRODUCTS }),
    rateBps: integer("rate_bps").notNull(),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("commission_rates_bps", sql`${t.rateBps} BETWEEN 0 AND 10000`),
    check("commission_rates_owner", sql`(${t.operatorId} IS NULL) <> (${t.countryId} IS NULL)`),
    check(
      "commission_rates_product",
      sql`${t.product} IS NULL OR ${t.product} IN (${inList(COMMISSION_PRODUCTS)})`,
    ),
    unique("commission_rates_one_per_instant")
      .on(t.operatorId, t.countryId, t.product, t.effectiveFrom)
      .nullsNotDistinct(),
  ],
);

/** One statement: an operator's account in one currency over one period, closed. */
export const settlements = pgTable(
  "settlements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "restrict" }),
    currency: char("currency", { length: 3 }).notNull(),
    period: text("period", { enum: SETTLEMENT_PERIODS }).notNull(),
    /** [start, end) on the clock `time_zone` (the operator's country's) at the close. */
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull(),
    openingMinor: bigint("opening_minor", { mode: "number" }).notNull(),
    /** Parking sold (gross), refunded (negative), Parkwell's commission net of refunds, adjustments, payouts out and back. */
    salesMinor: bigint("sales_minor", { mode: "number" }).notNull(),
    refundsMinor: bigint("refunds_minor", { mode: "number" }).notNull(),
    commissionMinor: bigint("commission_minor", { mode: "number" }).notNull(),
    /** Drive-up sales the operator collected at its gate (gross): its own money, counted, not owed. */
    collectedMinor: bigint("collected_minor", { mode: "number" }).notNull(),
    adjustmentsMinor: bigint("adjustments_minor", { mode: "number" }).notNull(),
    payoutsMinor: bigint("payouts_minor", { mode: "number" }).notNull(),
    closingMinor: bigint("closing_minor", { mode: "number" }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
    /** When the statement's e-mail was queued to the operator's managers. */
    mailedAt: timestamp("mailed_at", { withTimezone: true }),
  },
  (t) => [
    check("settlements_period", sql`${t.period} IN (${inList(SETTLEMENT_PERIODS)})`),
    check("settlements_window", sql`${t.periodStart} < ${t.periodEnd}`),
    check(
      "settlements_sums",
      sql`${t.closingMinor} = ${t.openingMinor} + ${t.salesMinor} + ${t.refundsMinor} - ${t.collectedMinor} - ${t.commissionMinor} + ${t.adjustmentsMinor} + ${t.payoutsMinor}`,
    ),
    unique("settlements_one_per_period").on(t.operatorId, t.currency, t.periodStart),
    index("settlements_period_idx").on(t.periodStart),
  ],
);

/** Each move on an operator's account: what it was, where it came from, and its statement once closed. */
export const operatorLines = pgTable(
  "operator_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "restrict" }),
    currency: char("currency", { length: 3 }).notNull(),
    kind: text("kind", { enum: OPERATOR_LINE_KINDS }).notNull(),
    /** The ledger move on the operator's account this line is (one line per move). */
    ledgerKey: text("ledger_key").notNull().unique(),
    /** The receipt or credit note the sale or refund was documented by. */
    receiptId: bigint("receipt_id", { mode: "number" }).references(() => receipts.id),
    parkId: integer("park_id").references(() => parks.id, { onDelete: "restrict" }),
    product: text("product", { enum: COMMISSION_PRODUCTS }),
    /** A booking, pass or sale code, a payout's number. */
    reference: text("reference"),
    /** The parking amount sold (negative: refunded); 0 for a payout or an adjustment. */
    grossMinor: bigint("gross_minor", { mode: "number" }).notNull(),
    commissionBps: integer("commission_bps"),
    /** Parkwell's commission on the gross (negative: given back with a refund). */
    commissionMinor: bigint("commission_minor", { mode: "number" }).notNull(),
    /**
     * What the move did to the operator's balance: gross minus commission for a sale or refund,
     * minus the commission for a drive-up sale the operator collected, the amount of an
     * adjustment, minus a payout, plus a payout's return.
     */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** An adjustment's reason, a returned payout's failure. */
    note: text("note"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    settlementId: bigint("settlement_id", { mode: "number" }).references(() => settlements.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("operator_lines_kind", sql`${t.kind} IN (${inList(OPERATOR_LINE_KINDS)})`),
    check("operator_lines_nonzero", sql`${t.amountMinor} <> 0`),
    index("operator_lines_open_idx")
      .on(t.operatorId, t.currency, t.id)
      .where(sql`${t.settlementId} IS NULL`),
    index("operator_lines_settlement_idx").on(t.settlementId, t.id),
    index("operator_lines_receipt_idx").on(t.receiptId),
  ],
);

/**
 * Where an operator is paid in a currency: a Paystack transfer recipient (bank code, account
 * number resolved to its name), a Stripe connected account, a Wave mobile money number. A change
 * is `pending` until confirmed from the e-mail, then waits 48 hours (`usable_from`) before a payout
 * uses it. `destination` (the full number) is kept for the provider only: the API shows `last4`.
 */
export const payoutAccounts = pgTable(
  "payout_accounts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    currency: char("currency", { length: 3 }).notNull(),
    provider: text("provider", { enum: PAYOUT_PROVIDERS }).notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("pending"),
    /** The name the provider resolved the account to (or the connected account's name). */
    holderName: text("holder_name").notNull(),
    bankCode: text("bank_code"),
    bankName: text("bank_name"),
    last4: text("last4").notNull(),
    /** The account or mobile number, for the provider only; never sent to a client. */
    destination: text("destination").notNull(),
    /** The provider's handle: Paystack's RCP_…, Stripe's acct_…; null for Wave. */
    providerRecipient: text("provider_recipient"),
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    usableFrom: timestamp("usable_from", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payout_accounts_provider", sql`${t.provider} IN (${inList(PAYOUT_PROVIDERS)})`),
    check("payout_accounts_status", sql`${t.status} IN (${inList(PAYOUT_ACCOUNT_STATUSES)})`),
    check(
      "payout_accounts_active_confirmed",
      sql`${t.status} NOT IN ('active', 'replaced') OR (${t.confirmedAt} IS NOT NULL AND ${t.usableFrom} IS NOT NULL)`,
    ),
    uniqueIndex("payout_accounts_one_active")
      .on(t.operatorId, t.currency)
      .where(sql`${t.status} = 'active'`),
    uniqueIndex("payout_accounts_token").on(t.confirmTokenHash),
  ],
);

/** One payout per statement: the closed period's balance sent through the country's provider. */
export const payouts = pgTable(
  "payouts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "restrict" }),
    settlementId: bigint("settlement_id", { mode: "number" })
      .notNull()
      .references(() => settlements.id)
      .unique(),
    currency: char("currency", { length: 3 }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    provider: text("provider", { enum: PAYOUT_PROVIDERS }),
    payoutAccountId: integer("payout_account_id").references(() => payoutAccounts.id),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull().default("waiting"),
    /** Why it waits, or why it failed or was reversed (the provider's words). */
    reason: text("reason"),
    /** Sent to the provider with every attempt (Paystack's reference, Stripe's and Wave's Idempotency-Key). */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    providerReference: text("provider_reference"),
    /** A short lease on the row while the job calls the provider (never inside a transaction). */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    details: jsonb("details"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("payouts_amount_positive", sql`${t.amountMinor} > 0`),
    check("payouts_status", sql`${t.status} IN (${inList(PAYOUT_STATUSES)})`),
    uniqueIndex("payouts_provider_reference").on(t.provider, t.providerReference),
    index("payouts_status_idx").on(t.status, t.id),
    index("payouts_operator_idx").on(t.operatorId, t.id),
  ],
);
