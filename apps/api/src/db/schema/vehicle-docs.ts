import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  bigserial,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ENGINE_BANDS,
  VEHICLE_DOC_REQUEST_TYPES,
  VEHICLE_DOC_STAGES,
  VEHICLE_DOC_TYPES,
} from "@parkwell/contract";
import { userVehicles } from "./accounts";
import { users } from "./auth";
import { addresses, coupons } from "./marketplace";
import { parks } from "./parks";
import { countries, states } from "./reference";

/**
 * Vehicle document renewal in Nigeria (docs/decisions/031-vehicle-documents.md): the fee tables
 * staff maintain, the requests drivers pay for from their wallet, their documents and timeline,
 * and the expiry dates of the papers (for the reminders).
 */

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * A government fee (or the insurer's tariff) for a document in a state, for a vehicle use and
 * engine band; `any` when the fee does not depend on it. The most specific row wins.
 */
export const vehicleDocFees = pgTable(
  "vehicle_doc_fees",
  {
    id: serial("id").primaryKey(),
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    documentType: text("document_type").notNull(),
    /** private | commercial | any. */
    vehicleUse: text("vehicle_use").notNull().default("any"),
    /** An engine band (ENGINE_BANDS) or any. */
    engineBand: text("engine_band").notNull().default("any"),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("vehicle_doc_fees_key").on(t.stateId, t.documentType, t.vehicleUse, t.engineBand),
    check("vehicle_doc_fees_document_check", sql`${t.documentType} IN (${list(VEHICLE_DOC_TYPES)})`),
    check("vehicle_doc_fees_use_check", sql`${t.vehicleUse} IN ('private', 'commercial', 'any')`),
    check("vehicle_doc_fees_band_check", sql`${t.engineBand} IN (${list([...ENGINE_BANDS, "any"])})`),
    check("vehicle_doc_fees_fee_check", sql`${t.feeMinor} >= 0`),
  ],
);

/** Parkwell's service charge per request, per country (data, edited in the back office). */
export const vehicleDocServiceCharges = pgTable(
  "vehicle_doc_service_charges",
  {
    countryId: integer("country_id")
      .primaryKey()
      .references(() => countries.id),
    serviceChargeMinor: bigint("service_charge_minor", { mode: "number" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("vehicle_doc_service_charges_check", sql`${t.serviceChargeMinor} >= 0`)],
);

/**
 * An insurer selling comprehensive motor insurance: its premium is `rate_bps` of the vehicle's
 * declared value, never below `minimum_premium_minor` (how Nigerian insurers price it).
 */
export const vehicleDocInsurers = pgTable(
  "vehicle_doc_insurers",
  {
    id: serial("id").primaryKey(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    name: text("name").notNull(),
    rateBps: integer("rate_bps").notNull(),
    minimumPremiumMinor: bigint("minimum_premium_minor", { mode: "number" }).notNull(),
    active: boolean("active").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("vehicle_doc_insurers_name_key").on(t.countryId, t.name),
    check("vehicle_doc_insurers_rate_check", sql`${t.rateBps} BETWEEN 50 AND 2000`),
    check("vehicle_doc_insurers_minimum_check", sql`${t.minimumPremiumMinor} >= 0`),
  ],
);

export const vehicleDocRequests = pgTable(
  "vehicle_doc_requests",
  {
    id: uuid("id").primaryKey(),
    /** `VD-XXXXXX`, read aloud and typed (lib/readable-code). */
    code: text("code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    /** The saved vehicle (vehicle papers); null for a driver's licence. */
    vehicleId: integer("vehicle_id").references(() => userVehicles.id, { onDelete: "set null" }),
    /** The plate as it was when the request was sent. */
    plateNumber: text("plate_number"),
    type: text("type").notNull(),
    stage: text("stage").notNull(),
    /** The state whose office issues the papers. */
    stateId: integer("state_id")
      .notNull()
      .references(() => states.id),
    vehicleUse: text("vehicle_use"),
    engineBand: text("engine_band"),
    /** Delivery to a saved address (its text kept as it was), or pickup at a park. */
    addressId: integer("address_id").references(() => addresses.id, { onDelete: "set null" }),
    addressText: text("address_text"),
    pickupParkId: integer("pickup_park_id").references(() => parks.id, { onDelete: "restrict" }),
    currency: char("currency", { length: 3 }).notNull(),
    feesMinor: bigint("fees_minor", { mode: "number" }).notNull(),
    serviceChargeMinor: bigint("service_charge_minor", { mode: "number" }).notNull(),
    deliveryChargeMinor: bigint("delivery_charge_minor", { mode: "number" }).notNull(),
    /** A coupon's discount, taken off Parkwell's service charge (never the fees or premiums). */
    discountMinor: bigint("discount_minor", { mode: "number" }).notNull().default(0),
    couponId: integer("coupon_id").references(() => coupons.id, { onDelete: "set null" }),
    couponCode: text("coupon_code"),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull(),
    taxName: text("tax_name").notNull(),
    taxBps: integer("tax_bps").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    /** The charge's ledger key (`vehicle_docs:<id>:1`); each later move is `:<moves + 1>`. */
    ledgerKey: text("ledger_key").notNull(),
    moves: integer("moves").notNull().default(1),
    /** The staff's question while the stage is info_needed, and the driver's answer. */
    question: text("question"),
    answer: text("answer"),
    /** Comprehensive insurance: the insurer (its name as it was), the declared value and the rate priced. */
    insurerId: integer("insurer_id").references(() => vehicleDocInsurers.id, { onDelete: "restrict" }),
    insurerName: text("insurer_name"),
    insuredValueMinor: bigint("insured_value_minor", { mode: "number" }),
    insuranceRateBps: integer("insurance_rate_bps"),
    insuranceMinimumMinor: bigint("insurance_minimum_minor", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("vehicle_doc_requests_code_key").on(t.code),
    uniqueIndex("vehicle_doc_requests_ledger_key").on(t.ledgerKey),
    index("vehicle_doc_requests_user_idx").on(t.userId, t.createdAt),
    index("vehicle_doc_requests_queue_idx").on(t.stage, t.createdAt),
    check("vehicle_doc_requests_type_check", sql`${t.type} IN (${list(VEHICLE_DOC_REQUEST_TYPES)})`),
    check("vehicle_doc_requests_stage_check", sql`${t.stage} IN (${list(VEHICLE_DOC_STAGES)})`),
    check(
      "vehicle_doc_requests_delivery_check",
      sql`(${t.addressText} IS NULL) <> (${t.pickupParkId} IS NULL)`,
    ),
    check(
      "vehicle_doc_requests_total_check",
      sql`${t.totalMinor} = ${t.feesMinor} + ${t.serviceChargeMinor} - ${t.discountMinor} + ${t.deliveryChargeMinor} + ${t.taxMinor}`,
    ),
    check(
      "vehicle_doc_requests_discount_check",
      sql`${t.discountMinor} >= 0 AND ${t.discountMinor} <= ${t.serviceChargeMinor} AND (${t.discountMinor} = 0 OR ${t.couponCode} IS NOT NULL)`,
    ),
    check(
      "vehicle_doc_requests_insurance_check",
      sql`(${t.insurerName} IS NULL) = (${t.insuredValueMinor} IS NULL) AND (${t.insuredValueMinor} IS NULL) = (${t.insuranceRateBps} IS NULL) AND (${t.insuredValueMinor} IS NULL) = (${t.insuranceMinimumMinor} IS NULL)`,
    ),
    check(
      "vehicle_doc_requests_refund_check",
      sql`${t.refundedMinor} >= 0 AND ${t.refundedMinor} <= ${t.totalMinor}`,
    ),
  ],
);

/** The documents of a request, each with the fee charged for it. */
export const vehicleDocRequestItems = pgTable(
  "vehicle_doc_request_items",
  {
    id: serial("id").primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => vehicleDocRequests.id, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    feeMinor: bigint("fee_minor", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("vehicle_doc_request_items_key").on(t.requestId, t.documentType),
    check("vehicle_doc_request_items_document_check", sql`${t.documentType} IN (${list(VEHICLE_DOC_TYPES)})`),
  ],
);

/** A request's timeline: each stage it reached, who moved it and why. */
export const vehicleDocEvents = pgTable(
  "vehicle_doc_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => vehicleDocRequests.id, { onDelete: "cascade" }),
    stage: text("stage").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** driver | staff. */
    actorRole: text("actor_role").notNull(),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("vehicle_doc_events_request_idx").on(t.requestId, t.at)],
);

/**
 * When a vehicle's (or a driver's) paper expires: recorded by staff for a completed request, or
 * typed by the driver for papers renewed elsewhere. The reminders mark what they sent.
 */
export const vehicleDocumentExpiries = pgTable(
  "vehicle_document_expiries",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Null for a driver's licence. */
    vehicleId: integer("vehicle_id").references(() => userVehicles.id, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    expiresOn: date("expires_on").notNull(),
    /** request | driver. */
    source: text("source").notNull(),
    requestId: uuid("request_id").references(() => vehicleDocRequests.id, { onDelete: "set null" }),
    reminded30At: timestamp("reminded_30_at", { withTimezone: true }),
    reminded7At: timestamp("reminded_7_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    // One current date per paper: a vehicle's per vehicle, a licence per driver.
    uniqueIndex("vehicle_document_expiries_vehicle_key")
      .on(t.vehicleId, t.documentType)
      .where(sql`${t.vehicleId} IS NOT NULL`),
    uniqueIndex("vehicle_document_expiries_licence_key")
      .on(t.userId, t.documentType)
      .where(sql`${t.vehicleId} IS NULL`),
    index("vehicle_document_expiries_due_idx").on(t.expiresOn),
    check("vehicle_document_expiries_document_check", sql`${t.documentType} IN (${list(VEHICLE_DOC_TYPES)})`),
    check("vehicle_document_expiries_source_check", sql`${t.source} IN ('request', 'driver')`),
  ],
);

/**
 * A request's files (decisions 031 and 032): what the driver sent (`driver_upload`: the current
 * papers, a means of identification) and the scans staff send back (`issued_scan`). The bytes are
 * in the private file storage under `storage_key`; 90 days after the request is closed the file is
 * removed, the key cleared and `purged_at` set, and the row stays to say a document was sent.
 */
export const vehicleDocFiles = pgTable(
  "vehicle_doc_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => vehicleDocRequests.id, { onDelete: "cascade" }),
    /** driver_upload | issued_scan. */
    kind: text("kind").notNull(),
    label: text("label").notNull(),
    /** Null once the file is purged. */
    storageKey: text("storage_key"),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    purgedAt: timestamp("purged_at", { withTimezone: true }),
  },
  (t) => [
    index("vehicle_doc_files_request_idx").on(t.requestId, t.createdAt),
    uniqueIndex("vehicle_doc_files_key").on(t.storageKey),
    check("vehicle_doc_files_kind_check", sql`${t.kind} IN ('driver_upload', 'issued_scan')`),
    check(
      "vehicle_doc_files_type_check",
      sql`${t.contentType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check("vehicle_doc_files_size_check", sql`${t.sizeBytes} > 0 AND ${t.sizeBytes} <= 10485760`),
    check("vehicle_doc_files_purged_check", sql`(${t.storageKey} IS NULL) = (${t.purgedAt} IS NOT NULL)`),
  ],
);
