import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { parks } from "./parks";
import { passes } from "./passes";
import { countries } from "./reference";

/**
 * A driver's claim about a booking or a monthly pass's term (decision 057): the reason, what they
 * wrote, a photo kept privately, where they were when they allowed it, and the decision with its
 * money. One claim per booking and one per pass term (the unique indexes). A refund is the
 * purchase's own move through the purchase engine (`refund_ledger_key`, with its credit note); when
 * Parkwell bears it, the operator's share given back is `kept_ledger_key` (postOperatorMove). A
 * `rebook` decision names the booking made at another park (`rebooked_booking_id`); its money is
 * the rebooking's (decision 058), not the claim's, so `refund_minor` stays 0.
 */
export const claims = pgTable(
  "claims",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    code: text("code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    passId: uuid("pass_id").references(() => passes.id, { onDelete: "restrict" }),
    /** The pass's term claimed for (pass_charges.period); null for a booking. */
    passPeriod: integer("pass_period"),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    reason: text("reason").notNull(),
    details: text("details"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    photoKey: text("photo_key"),
    currency: char("currency", { length: 3 }).notNull(),
    /** open; refunded (in full or in part); declined; rebooked. */
    status: text("status").notNull().default("open"),
    filedAt: timestamp("filed_at", { withTimezone: true }).notNull(),
    /** filed_at plus the country's claim_decision_hours, fixed at filing. */
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    decision: text("decision"),
    decisionReason: text("decision_reason"),
    /** Null for a claim the rules resolved at once. */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedByRule: text("decided_by_rule"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    refundMinor: bigint("refund_minor", { mode: "number" }).notNull().default(0),
    refundLedgerKey: text("refund_ledger_key"),
    keptLedgerKey: text("kept_ledger_key"),
    /** rebook: the booking made at another park for the rest of the window (decision 057). */
    rebookedBookingId: uuid("rebooked_booking_id").references(() => bookings.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
    /** What the driver asked for when filing: `rebook` ("Find me a space nearby"), else null (a refund). */
    remedy: text("remedy"),
    /**
     * The attendant's confirmation (decided_by_rule `attendant_confirmed`, decided_by the attendant):
     * its Idempotency-Key, so a replay answers the decision made rather than "already decided".
     */
    decisionKey: text("decision_key"),
  },
  (t) => [
    uniqueIndex("claims_code_key").on(t.code),
    uniqueIndex("claims_booking_key")
      .on(t.bookingId)
      .where(sql`${t.bookingId} IS NOT NULL`),
    uniqueIndex("claims_pass_term_key")
      .on(t.passId, t.passPeriod)
      .where(sql`${t.passId} IS NOT NULL`),
    uniqueIndex("claims_idempotency_key")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index("claims_user_idx").on(t.userId, t.filedAt),
    // The staff queue: open claims by their due time, per park.
    index("claims_queue_idx").on(t.status, t.dueAt),
    index("claims_park_idx").on(t.parkId, t.filedAt),
    check(
      "claims_one_subject",
      sql`(${t.bookingId} IS NULL) <> (${t.passId} IS NULL) AND (${t.passId} IS NULL) = (${t.passPeriod} IS NULL)`,
    ),
    check(
      "claims_reason_known",
      sql`${t.reason} IN ('park_full', 'barrier_closed', 'not_as_described', 'charged_wrongly')`,
    ),
    check("claims_status_known", sql`${t.status} IN ('open', 'refunded', 'declined', 'rebooked')`),
    check(
      "claims_decided",
      sql`(${t.status} = 'open') = (${t.decision} IS NULL) AND (${t.decision} IS NULL) = (${t.decidedAt} IS NULL)
        AND (${t.decision} IS NULL OR ${t.decision} IN ('refund_full', 'refund_part', 'decline', 'rebook'))
        AND ((${t.decision} = 'decline') = (${t.status} = 'declined'))
        AND ((${t.decision} = 'rebook') = (${t.status} = 'rebooked'))
        AND ((${t.decision} IS NOT DISTINCT FROM 'rebook') = (${t.rebookedBookingId} IS NOT NULL))`,
    ),
    check(
      "claims_refund",
      sql`${t.refundMinor} >= 0 AND (${t.refundMinor} > 0) = (${t.refundLedgerKey} IS NOT NULL)
        AND (${t.status} = 'refunded') = (${t.refundMinor} > 0)`,
    ),
    check(
      "claims_location",
      sql`(${t.latitude} IS NULL) = (${t.longitude} IS NULL)
        AND (${t.latitude} IS NULL OR (${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180))`,
    ),
  ],
);
