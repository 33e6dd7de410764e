import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  char,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PlanWindow } from "@parkwell/contract";
import { users } from "./auth";
import { countries } from "./reference";

/**
 * Business accounts (docs/decisions/030-business-accounts.md): a company pays for its members'
 * parking from its own ledger account `company:<id>:<ccy>` (kind `company_wallet`), under the
 * policy its admins set. Every company-paid ledger move has a `company_charges` row naming the
 * member and cost centre; the monthly statement is built from those rows and their receipts.
 */

const citext = customType<{ data: string }>({ dataType: () => "citext" });

export const COMPANY_ROLES = ["owner", "admin", "member"] as const;
export const COMPANY_BILLING = ["wallet", "invoice"] as const;

export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** Its home country: the currency of its limits, of invoice mode and of its first wallet. */
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    billingEmail: citext("billing_email").notNull(),
    taxId: text("tax_id").notNull(),
    /** The postal address printed on its receipts, lines joined by newlines; may be empty. */
    address: text("address").notNull().default(""),
    /** Null until the billing e-mail's link was opened; an unverified company cannot pay. */
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    /** SHA-256 of the verification link's token; cleared once verified. */
    verifyTokenHash: text("verify_token_hash").unique(),
    verifyExpiresAt: timestamp("verify_expires_at", { withTimezone: true }),
    /** `wallet`: prepaid; `invoice`: the home-currency account may go down to minus the credit limit. */
    billing: text("billing", { enum: COMPANY_BILLING }).notNull().default("wallet"),
    /** Set by Parkwell staff only (minor units of the home currency); 0 means no invoice mode. */
    creditLimitMinor: bigint("credit_limit_minor", { mode: "number" }).notNull().default(0),
    /** Set by Parkwell staff: a disabled company cannot pay, and its dashboard says why. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("companies_billing_check", sql`${t.billing} IN ('wallet', 'invoice')`),
    check("companies_credit_limit_check", sql`${t.creditLimitMinor} >= 0`),
    check("companies_invoice_needs_limit", sql`${t.billing} = 'wallet' OR ${t.creditLimitMinor} > 0`),
    index("companies_name_idx").on(t.name, t.id),
  ],
);

/**
 * A user's place in a company. Removing a member sets `removed_at` (the row stays: its charges
 * name it); a user has at most one active membership per company. A company-paid purchase locks
 * its member's row before it reads the month's charges, so two purchases of one member serialize.
 */
export const companyMembers = pgTable(
  "company_members",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    /** A free label the company's admins give ("Sales", "Lagos office"); spend is totalled by it. */
    costCentre: text("cost_centre").notNull().default(""),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    check("company_members_role_check", sql`${t.role} IN ('owner', 'admin', 'member')`),
    uniqueIndex("company_members_active_unique")
      .on(t.companyId, t.userId)
      .where(sql`${t.removedAt} IS NULL`),
    index("company_members_user_idx").on(t.userId),
  ],
);

/** An e-mailed invitation to join a company (the staff invitations' pattern: a hashed token). */
export const companyInvitations = pgTable(
  "company_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    email: citext("email").notNull(),
    role: text("role", { enum: COMPANY_ROLES }).notNull(),
    costCentre: text("cost_centre").notNull().default(""),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    check("company_invitations_role_check", sql`${t.role} IN ('admin', 'member')`),
    index("company_invitations_company_idx").on(t.companyId, t.createdAt),
  ],
);

/**
 * What a company lets its members buy. Null lists mean "any"; null hours mean "at any time";
 * hours are weekly windows on the park's clock (the monthly plans' shape). `paid_switches` names
 * the policy's switches that are on (the contract's `COMPANY_PAY_SWITCHES`, in its order): a switch
 * added later is off for every policy saved before it, and needs no migration. No CHECK lists the
 * names (it would need one); only the API writes them, and a reader ignores a name it does not know.
 */
export const companyPolicies = pgTable("company_policies", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id),
  countryIds: integer("country_ids").array(),
  parkTypes: text("park_types").array(),
  hours: jsonb("hours").$type<PlanWindow[]>(),
  paidSwitches: text("paid_switches").array().notNull(),
  updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A company's money limits in one currency (null: no limit). */
export const companyLimits = pgTable(
  "company_limits",
  {
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    currency: char("currency", { length: 3 }).notNull(),
    perBookingMinor: bigint("per_booking_minor", { mode: "number" }),
    perMemberMonthMinor: bigint("per_member_month_minor", { mode: "number" }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.currency] }),
    check(
      "company_limits_positive",
      sql`coalesce(${t.perBookingMinor}, 1) > 0 AND coalesce(${t.perMemberMonthMinor}, 1) > 0`,
    ),
  ],
);

export const COMPANY_CHARGE_KINDS = [
  "booking",
  "extension",
  "window_change",
  "renewal",
  "overstay",
  "order",
  "pass",
  "vehicle_docs",
  "refund",
  "topup",
] as const;

/**
 * One row per ledger move that touches a company account: a member's purchase (positive), its
 * refund (negative), a top-up (kind `topup`, no member). Written in the move's transaction; the
 * month's rows of a member are what the monthly cap sums.
 */
export const companyCharges = pgTable(
  "company_charges",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    /** The member who bought; null for a top-up. */
    memberId: bigint("member_id", { mode: "number" }).references(() => companyMembers.id),
    userId: uuid("user_id").references(() => users.id),
    costCentre: text("cost_centre").notNull().default(""),
    kind: text("kind", { enum: COMPANY_CHARGE_KINDS }).notNull(),
    /** The ledger move's idempotency key (its receipt has the same `ledger_key`). */
    ledgerKey: text("ledger_key").notNull().unique(),
    /** The booking code, order number or payment reference. */
    reference: text("reference"),
    currency: char("currency", { length: 3 }).notNull(),
    /** Signed: what the company paid (positive) or got back (negative). */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("company_charges_nonzero", sql`${t.amountMinor} <> 0`),
    index("company_charges_company_idx").on(t.companyId, t.at, t.id),
    index("company_charges_member_idx").on(t.memberId, t.at),
  ],
);
