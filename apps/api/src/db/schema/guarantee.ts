import { GUARANTEE_CAUSES, GUARANTEE_OFFER_STATUSES, GUARANTEE_PAYERS } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { operators, parks } from "./parks";

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
