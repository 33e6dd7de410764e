import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { userVehicles } from "./accounts";
import { parkChargers, parks } from "./parks";
import type { PriceBreakdown } from "../../lib/price-breakdown";
import { vehicleTypes } from "./reference";
import { events } from "./events";
import { payments } from "./wallet";

/** The price parts of a booking's window, in minor units, as priced, with the tax's name. */
export type StoredBreakdown = PriceBreakdown & { taxName?: string };

/**
 * One space of a vehicle type at a park for `[start_time, end_time)`. Capacity is enforced by
 * the service under a lock on `park_capacities` (docs/decisions/008-bookings.md); the GiST index
 * serves its overlap query, and a custom migration adds an exclusion constraint so one vehicle
 * never holds two overlapping active bookings.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingCode: text("booking_code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    vehicleId: integer("vehicle_id").references(() => userVehicles.id, { onDelete: "set null" }),
    /** Normalised plate (copied from the saved vehicle when one is chosen); null until the driver adds it. */
    plateNumber: text("plate_number"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    status: text("status").$type<"active" | "completed" | "cancelled">().notNull().default("active"),
    currency: char("currency", { length: 3 }).notNull(),
    /** Price of the whole current window, fees included. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    /** What the wallet holds for this booking: charges minus refunds. */
    paidMinor: bigint("paid_minor", { mode: "number" }).notNull(),
    breakdown: jsonb("breakdown").$type<StoredBreakdown>().notNull(),
    /** Ledger moves made so far; numbers each move's idempotency key (booking:<id>:<n>). */
    moves: integer("moves").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** When the reminder before the start was queued; null until then (one per booking). */
    startRemindedAt: timestamp("start_reminded_at", { withTimezone: true }),
    /**
     * The end time the reminder before the end was queued for: an extension moves the end, and
     * the new end gets its own reminder; the same end never gets two.
     */
    endRemindedFor: timestamp("end_reminded_for", { withTimezone: true }),
    /** The gate: when the car entered and left, and who recorded it (an attendant). */
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: uuid("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    checkedOutBy: uuid("checked_out_by").references(() => users.id, { onDelete: "set null" }),
    /** The price of the time past the window's end at the exit, by the park's rate (0 when none). */
    overstayMinor: bigint("overstay_minor", { mode: "number" }).notNull().default(0),
    /** What of the overstay the wallet could not pay: owed at the gate. */
    overstayOwedMinor: bigint("overstay_owed_minor", { mode: "number" }).notNull().default(0),
    /** The event this booking parks for: its window is the event's, its price the event's flat one. */
    eventId: integer("event_id").references((): AnyPgColumn => events.id, { onDelete: "restrict" }),
    /** When the e-mail asking for a review was queued (decision 033): once per booking. */
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
    /**
     * The group of EV chargers one of which this booking holds for its window (decision 048): it
     * counts against the group's `count` as the booking counts against the park's capacity.
     */
    chargerId: integer("charger_id").references(() => parkChargers.id, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("bookings_code_key").on(t.bookingCode),
    index("bookings_active_period_idx")
      .using("gist", t.parkId, t.vehicleTypeId, sql`tstzrange(${t.startTime}, ${t.endTime}, '[)')`)
      .where(sql`${t.status} = 'active'`),
    index("bookings_user_start_idx").on(t.userId, t.startTime),
    index("bookings_event_idx")
      .on(t.eventId, t.parkId, t.vehicleTypeId)
      .where(sql`${t.eventId} IS NOT NULL`),
    index("bookings_active_start_idx")
      .on(t.startTime)
      .where(sql`${t.status} = 'active'`),
    index("bookings_active_end_idx")
      .on(t.endTime)
      .where(sql`${t.status} = 'active'`),
    // A charger group's booked windows (charger_peak), as bookings_active_period_idx for spaces.
    index("bookings_charger_period_idx")
      .using("gist", t.chargerId, sql`tstzrange(${t.startTime}, ${t.endTime}, '[)')`)
      .where(sql`${t.status} = 'active' AND ${t.chargerId} IS NOT NULL`),
    // The cars inside (checked in, not out) per park: what holds a park past its bookings' ends.
    index("bookings_inside_idx")
      .on(t.parkId)
      .where(sql`${t.checkedInAt} IS NOT NULL AND ${t.checkedOutAt} IS NULL`),
    // The stays that may still be asked for a review (decision 033): the job reads them by end.
    index("bookings_review_due_idx")
      .on(t.endTime)
      .where(sql`${t.reviewRequestedAt} IS NULL AND ${t.status} <> 'cancelled'`),
    check("bookings_window", sql`${t.endTime} > ${t.startTime}`),
    check("bookings_status_known", sql`${t.status} IN ('active', 'completed', 'cancelled')`),
    check("bookings_money", sql`${t.totalMinor} > 0 AND ${t.paidMinor} >= 0`),
  ],
);

/**
 * A booking's flight, at an airport park (decision 068): the driver's flight number and the day
 * they fly back (on the park's calendar), shown to the attendant and on the pass. One row per
 * booking, written with it or later by the driver; gone with the booking.
 */
export const bookingFlights = pgTable(
  "booking_flights",
  {
    bookingId: uuid("booking_id")
      .primaryKey()
      .references(() => bookings.id, { onDelete: "cascade" }),
    /** IATA or ICAO airline code and number, upper case without spaces ("BA75", "W3105"). */
    flightNumber: text("flight_number"),
    returnDate: date("return_date", { mode: "string" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_flights_some_check", sql`${t.flightNumber} IS NOT NULL OR ${t.returnDate} IS NOT NULL`),
    check("booking_flights_number_check", sql`${t.flightNumber} ~ '^[A-Z0-9]{2,3}[0-9]{1,4}[A-Z]?$'`),
  ],
);

/**
 * A window held for a driver while they pay the difference their wallet is short of
 * (docs/decisions/026-pay-the-difference.md). Written under the same capacity row lock as a booking
 * (`hold_space`), it counts against the park's capacity in `booking_peak` while `status = 'held'`
 * and `expires_at` is ahead, and it keeps its plate busy for its window as an active booking does.
 * The top-up's success books it (`complete_hold`: the booking takes the hold's id and code), or
 * says why it could not; a hold never paid lapses at `expires_at`, and the scheduled job marks it.
 */
export const bookingHolds = pgTable(
  "booking_holds",
  {
    /** The booking's id and code once paid: the checkout knows the booking's page from the start. */
    id: uuid("id").primaryKey(),
    bookingCode: text("booking_code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    vehicleId: integer("vehicle_id").references(() => userVehicles.id, { onDelete: "set null" }),
    plateNumber: text("plate_number"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** The booking's price, fees included, as priced when the hold was taken. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    breakdown: jsonb("breakdown").$type<StoredBreakdown>().notNull(),
    /** The wallet's balance when the hold was taken: the top-up paid `total_minor` minus it (or the minimum). */
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull(),
    /** The top-up that pays the difference (one hold per payment). */
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    /**
     * `held` while the payment may come; `booked` once it did and the booking was made; `expired`
     * when the hold lapsed unpaid (the space is free again); `not_booked` when the payment came but
     * the booking could not be made (space taken after expiry, plate busy, wallet spent): the
     * money stayed in the wallet, `outcome` says why.
     */
    status: text("status").$type<"held" | "booked" | "expired" | "not_booked">().notNull().default("held"),
    outcome: text("outcome"),
    /** The charger group the booking will hold one of (bookings.charger_id); counted while held. */
    chargerId: integer("charger_id").references(() => parkChargers.id, { onDelete: "restrict" }),
    /** The driver's flight at an airport park (decision 068), written to booking_flights once booked. */
    flightNumber: text("flight_number"),
    returnDate: date("return_date", { mode: "string" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("booking_holds_code_key").on(t.bookingCode),
    uniqueIndex("booking_holds_payment_key").on(t.paymentId),
    index("booking_holds_live_idx")
      .using("gist", t.parkId, t.vehicleTypeId, sql`tstzrange(${t.startTime}, ${t.endTime}, '[)')`)
      .where(sql`${t.status} = 'held'`),
    index("booking_holds_charger_idx")
      .on(t.chargerId)
      .where(sql`${t.status} = 'held' AND ${t.chargerId} IS NOT NULL`),
    index("booking_holds_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'held'`),
    check("booking_holds_window", sql`${t.endTime} > ${t.startTime}`),
    check("booking_holds_status_known", sql`${t.status} IN ('held', 'booked', 'expired', 'not_booked')`),
    check("booking_holds_money", sql`${t.totalMinor} > 0`),
  ],
);
