import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
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
import { EVENT_CATEGORIES, EVENT_STATUSES, EVENT_VISIBILITIES } from "@parkwell/contract";
import { users } from "./auth";
import { operators, parks } from "./parks";
import { countries, vehicleTypes } from "./reference";

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

/**
 * An event at a venue (docs/PRODUCT-RULES.md#events). Times are instants; the venue's zone shows
 * them. A private event is reached by its access code, kept only as a SHA-256 of the normalised code.
 */
export const events = pgTable(
  "events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    eventCode: text("event_code").notNull(),
    name: text("name").notNull(),
    /** `{ en, fr }`: the description per language; either may be empty. */
    description: jsonb("description").$type<{ en: string; fr: string }>().notNull(),
    category: text("category").$type<(typeof EVENT_CATEGORIES)[number]>().notNull(),
    status: text("status").$type<(typeof EVENT_STATUSES)[number]>().notNull().default("draft"),
    visibility: text("visibility").$type<(typeof EVENT_VISIBILITIES)[number]>().notNull().default("public"),
    accessCodeHash: text("access_code_hash"),
    /** The operator whose staff manage the event; null: Parkwell's own staff. */
    operatorId: integer("operator_id").references(() => operators.id, { onDelete: "restrict" }),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    venueName: text("venue_name").notNull(),
    venueAddress: text("venue_address").notNull(),
    city: text("city").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    timeZone: text("time_zone").notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    imageUrl: text("image_url"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("events_code_key").on(t.eventCode),
    index("events_published_start_idx")
      .on(t.countryId, t.startTime)
      .where(sql`${t.status} = 'published' AND ${t.visibility} = 'public'`),
    index("events_operator_idx").on(t.operatorId),
    check("events_window", sql`${t.endTime} > ${t.startTime}`),
    check("events_category_known", sql`${t.category} IN (${list(EVENT_CATEGORIES)})`),
    check("events_status_known", sql`${t.status} IN (${list(EVENT_STATUSES)})`),
    check("events_visibility_known", sql`${t.visibility} IN (${list(EVENT_VISIBILITIES)})`),
    check("events_private_has_code", sql`(${t.visibility} = 'private') = (${t.accessCodeHash} IS NOT NULL)`),
  ],
);

/**
 * A park serving an event, with its buffers. `window_start` and `window_end` are the event's start
 * minus the arrival buffer and its end plus the departure buffer, kept here (the service writes
 * them with the times) because the capacity function reads them for every booking of the park.
 */
export const eventParks = pgTable(
  "event_parks",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    arriveBeforeMinutes: integer("arrive_before_minutes").notNull(),
    departAfterMinutes: integer("depart_after_minutes").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    windowEnd: timestamp("window_end", { withTimezone: true }).notNull(),
    /** The order the organiser lists the parks in (the venue's own first). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.parkId] }),
    index("event_parks_park_idx").on(t.parkId),
    check("event_parks_buffers", sql`${t.arriveBeforeMinutes} >= 0 AND ${t.departAfterMinutes} >= 0`),
    check("event_parks_window", sql`${t.windowEnd} > ${t.windowStart}`),
  ],
);

/**
 * An event park's offer for one vehicle type: the flat price of the window and the allocation,
 * the spaces of the park's capacity held for the event while it is published (booking_peak
 * counts them for every other booking; event bookings draw from them).
 */
export const eventRates = pgTable(
  "event_rates",
  {
    eventId: integer("event_id").notNull(),
    parkId: integer("park_id").notNull(),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    priceMinor: bigint("price_minor", { mode: "number" }).notNull(),
    allocation: integer("allocation").notNull(),
    /**
     * The offer's sold-out fact (decision 051): set by `book_event_space` in the transaction that
     * sells the allocation's last space, cleared by the trigger `bookings_event_offer_reopened`
     * when one of its bookings stops holding a space; an edit of the event writes its rates anew
     * (false). True only while the allocation is taken: an on-sale's refusal reads it without the
     * booking's transaction, and a false one still meets `book_event_space`'s locked check.
     */
    soldOut: boolean("sold_out").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.parkId, t.vehicleTypeId] }),
    foreignKey({
      columns: [t.eventId, t.parkId],
      foreignColumns: [eventParks.eventId, eventParks.parkId],
      name: "event_rates_event_park_fk",
    }).onDelete("cascade"),
    index("event_rates_park_type_idx").on(t.parkId, t.vehicleTypeId),
    check("event_rates_price", sql`${t.priceMinor} > 0`),
    check("event_rates_allocation", sql`${t.allocation} > 0`),
  ],
);
