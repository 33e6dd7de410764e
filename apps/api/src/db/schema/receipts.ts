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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { RECEIPT_KINDS } from "@parkwell/contract";
import type {
  ReceiptLineRecord,
  ReceiptParty,
  ReceiptTaxRecord,
  TaxRegistration,
} from "../../lib/receipt-records";
import { users } from "./auth";
import { parks } from "./parks";
import { countries } from "./reference";

/**
 * Receipts (tax invoices) and credit notes (docs/decisions/029-receipts.md). A purchase's
 * transaction writes its receipt with the ledger move it documents (`ledger_key`, one receipt per
 * move); the number (`NG-2026-000123`) is given right after the commit, in order, from the one
 * counter of the country and year, so numbers are gap-free whatever rolls back. Once written a
 * receipt never changes: the database lets an UPDATE only give a number to a receipt without one,
 * and refuses every DELETE (migration 0038).
 */

/** Parkwell's company in a country: the seller every receipt of that country names. */
export const billingEntities = pgTable("billing_entities", {
  countryId: integer("country_id")
    .primaryKey()
    .references(() => countries.id),
  legalName: text("legal_name").notNull(),
  /** The postal address, lines joined by newlines. */
  address: text("address").notNull(),
  /** The tax registration printed on receipts (TIN, BN/GST, NINEA, EIN). */
  taxId: text("tax_id").notNull(),
  /**
   * Every tax registration a receipt must print, when there are several (Canada: the GST/HST number
   * and Québec's QST number); empty, `tax_id` alone. Each program's name is translated on the receipt.
   */
  taxIds: jsonb("tax_ids")
    .$type<TaxRegistration[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  email: text("email").notNull(),
});

/** The last number given per country and year; its row lock orders the numbering. */
export const receiptSequences = pgTable(
  "receipt_sequences",
  {
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    year: smallint("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.year] })],
);

export const receipts = pgTable(
  "receipts",
  {
    /** The order of issue: numbering follows it. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** `<country>-<year>-<six digits>`; null for the moment between the purchase and its numbering. */
    number: text("number"),
    sequence: integer("sequence"),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    /** The calendar year of `issued_at` on the seller's clock (the country's first zone). */
    year: smallint("year").notNull(),
    kind: text("kind", { enum: RECEIPT_KINDS }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The ledger transaction this receipt documents (its idempotency key); one receipt per move. */
    ledgerKey: text("ledger_key").notNull(),
    /** The receipt a credit note reverses (part of). */
    reversesId: bigint("reverses_id", { mode: "number" }),
    /** What was bought: booking code, order code, pass code or payment reference. */
    reference: text("reference").notNull(),
    parkId: integer("park_id").references(() => parks.id, { onDelete: "restrict" }),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    /** The clock the receipt's times are shown on: the park's, or the country's for a top-up. */
    timeZone: text("time_zone").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    decimals: smallint("decimals").notNull(),
    seller: jsonb("seller").$type<ReceiptParty>().notNull(),
    buyer: jsonb("buyer").$type<ReceiptParty>().notNull(),
    /** Amounts before tax, signed minor units (a credit note's are negative). */
    lines: jsonb("lines").$type<ReceiptLineRecord[]>().notNull(),
    taxes: jsonb("taxes").$type<ReceiptTaxRecord[]>().notNull(),
    /** Lines plus taxes: what the ledger move took from (or gave back to) the wallet. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("receipts_number_key").on(t.number),
    uniqueIndex("receipts_ledger_key").on(t.ledgerKey),
    uniqueIndex("receipts_sequence_key").on(t.countryId, t.year, t.sequence),
    index("receipts_user_idx").on(t.userId, t.issuedAt),
    index("receipts_reference_idx").on(t.reference),
    index("receipts_unnumbered_idx")
      .on(t.countryId, t.id)
      .where(sql`${t.number} IS NULL`),
    check("receipts_kind_check", sql.raw(`kind IN (${RECEIPT_KINDS.map((k) => `'${k}'`).join(", ")})`)),
    check("receipts_credit_note_reverses", sql`(${t.kind} = 'credit_note') = (${t.reversesId} IS NOT NULL)`),
    check(
      "receipts_total_sign",
      sql`(${t.kind} = 'credit_note' AND ${t.totalMinor} < 0) OR (${t.kind} <> 'credit_note' AND ${t.totalMinor} > 0)`,
    ),
    check("receipts_numbered_together", sql`(${t.number} IS NULL) = (${t.sequence} IS NULL)`),
  ],
);
