import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  char,
  check,
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
import { parks } from "./parks";
import type { PriceBreakdown } from "../../lib/price-breakdown";
import { vehicleTypes } from "./reference";
import { events } from "./events";

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
    idempotencyKey: text("idempotency_key"),
    requestHash: text("request_hash"),
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
  },
  (t) => [
    uniqueIndex("bookings_code_key").on(t.bookingCode),
    uniqueIndex("bookings_idempotency_key")
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
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
    // The cars inside (checked in, not out) per park: what holds a park past its bookings' ends.
    index("bookings_inside_idx")
      .on(t.parkId)
      .where(sql`${t.checkedInAt} IS NOT NULL AND ${t.checkedOutAt} IS NULL`),
    check("bookings_window", sql`${t.endTime} > ${t.startTime}`),
    check("bookings_status_known", sql`${t.status} IN ('active', 'completed', 'cancelled')`),
    check("bookings_money", sql`${t.totalMinor} > 0 AND ${t.paidMinor} >= 0`),
  ],
);
