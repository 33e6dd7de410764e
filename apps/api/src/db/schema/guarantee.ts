import { GUARANTEE_CAUSES, GUARANTEE_OFFER_STATUSES, GUARANTEE_PAYERS } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
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
import { users } from "./auth";
import { bookings } from "./bookings";
import { operators, parks } from "./parks";
import { passes } from "./passes";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * The space guarantee's offer to a driver whose booking a closure or a capacity cut hit
 * (docs/decisions/058-space-guarantee.md): a space at another park for the same window at no extra
 * cost, or a full refund; refunded by itself when the window starts with the offer still open.
 * One per booking: the offer is settled once (its row locked), rebooked or refunded.
 */
export const bookingOffers = pgTable(
  "booking_offers",
  {
    id: serial("id").primaryKey(),
    bookingId: uuid("booking_id")
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** The park that closed or cut its spaces. */
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    cause: text("cause", { enum: GUARANTEE_CAUSES }).notNull(),
    /** Who pays a rebooking's difference: the park's operator (it closed its own park) or Parkwell. */
    payer: text("payer", { enum: GUARANTEE_PAYERS }).notNull(),
    /** The operator that pays, when `payer` is `operator`. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "restrict" }),
    status: text("status", { enum: GUARANTEE_OFFER_STATUSES }).notNull().default("open"),
    currency: char("currency", { length: 3 }).notNull(),
    /** What came back to the driver (or the company that paid) when the booking was closed. */
    refundedMinor: bigint("refunded_minor", { mode: "number" }).notNull().default(0),
    /** What the guarantee paid on top of the first booking's money for the new one. */
    differenceMinor: bigint("difference_minor", { mode: "number" }).notNull().default(0),
    rebookedBookingId: uuid("rebooked_booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The staff member whose change made the offer. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("booking_offers_cause", sql`${t.cause} IN (${inList(GUARANTEE_CAUSES)})`),
    check("booking_offers_payer", sql`${t.payer} IN (${inList(GUARANTEE_PAYERS)})`),
    check("booking_offers_status", sql`${t.status} IN (${inList(GUARANTEE_OFFER_STATUSES)})`),
    check("booking_offers_operator_pays", sql`(${t.payer} = 'operator') = (${t.operatorId} IS NOT NULL)`),
    index("booking_offers_park_idx").on(t.parkId, t.createdAt),
    index("booking_offers_open_idx")
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * What a closure gave back to a monthly pass (docs/decisions/060-closures-and-passes.md): one row
 * per pass term and closure day, the day's share of the term's price, written in the closure's
 * transaction and paid after its commit in the pass's own (its row locked). The unique key pays
 * each once (a closure saved twice, taken back and added again, or confirmed twice); the days paid
 * together share one refund move (`ledger_key`, null when the term had nothing left to give).
 */
export const passClosureRefunds = pgTable(
  "pass_closure_refunds",
  {
    id: serial("id").primaryKey(),
    passId: uuid("pass_id")
      .notNull()
      .references(() => passes.id, { onDelete: "cascade" }),
    /** The pass term (pass_charges.period) whose price the day's share comes out of. */
    period: integer("period").notNull(),
    /** The closure day, on the park's clock. */
    day: date("day", { mode: "string" }).notNull(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    currency: char("currency", { length: 3 }).notNull(),
    /** The day's share of the term's price; once paid, what came back (at most what the term still held). */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** The refund move (`pass:<id>:closure:<period>:<first day>`) this day was paid by. */
    ledgerKey: text("ledger_key"),
    /** When it was paid (null: owed, paid right after the closure's commit or by the guarantee's job). */
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The staff member whose change closed the day. */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("pass_closure_refunds_key").on(t.passId, t.period, t.day),
    index("pass_closure_refunds_park_idx").on(t.parkId),
    index("pass_closure_refunds_owed_idx")
      .on(t.passId, t.period)
      .where(sql`${t.paidAt} IS NULL`),
    check("pass_closure_refunds_money", sql`${t.amountMinor} >= 0`),
  ],
);
