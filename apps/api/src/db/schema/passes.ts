import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
  char,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { parks } from "./parks";
import { vehicleTypes } from "./reference";

/**
 * A monthly parking plan of one park (docs/PRODUCT-RULES.md#monthly-passes): the weekly hours it
 * covers (plan_windows), a monthly price per vehicle type (plan_prices), how many passes may be
 * sold at once (the allocation) and the shortest term a driver may buy.
 */
export const parkingPlans = pgTable(
  "parking_plans",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    /** `{ en, fr }`: the plan's name per language. */
    name: jsonb("name").$type<{ en: string; fr: string }>().notNull(),
    /** draft: being set up, sold to nobody; on_sale; closed: sold no more (passes sold stay valid). */
    status: text("status").notNull().default("draft"),
    /** The most passes valid at once. */
    allocation: integer("allocation").notNull(),
    /** any: a pass parks in any free space; named: the park keeps one marked space per pass. */
    spaceMode: text("space_mode").notNull().default("any"),
    /** The shortest term sold, in months: 1, 3 or 12. */
    minTermMonths: smallint("min_term_months").notNull().default(1),
    /** Discounts for longer terms, in basis points of the monthly price. */
    discount3mBps: integer("discount_3m_bps").notNull().default(0),
    discount12mBps: integer("discount_12m_bps").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("parking_plans_park_idx").on(t.parkId),
    check("parking_plans_status_known", sql`${t.status} IN ('draft', 'on_sale', 'closed')`),
    check("parking_plans_space_mode_known", sql`${t.spaceMode} IN ('any', 'named')`),
    check("parking_plans_allocation", sql`${t.allocation} > 0`),
    check("parking_plans_term_known", sql`${t.minTermMonths} IN (1, 3, 12)`),
    check(
      "parking_plans_discounts",
      sql`${t.discount3mBps} BETWEEN 0 AND 5000 AND ${t.discount12mBps} BETWEEN 0 AND 5000`,
    ),
  ],
);

/**
 * One weekly stretch a plan covers, on the park's clock: ISO weekday (1 Monday … 7 Sunday), from
 * `start_minute` after midnight to `end_minute`; an end at or before the start runs past midnight
 * into the next day (nights). 24/7 is seven rows from 0 to 1440.
 */
export const planWindows = pgTable(
  "plan_windows",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => parkingPlans.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    startMinute: smallint("start_minute").notNull(),
    endMinute: smallint("end_minute").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.weekday, t.startMinute] }),
    check("plan_windows_weekday", sql`${t.weekday} BETWEEN 1 AND 7`),
    check(
      "plan_windows_minutes",
      sql`${t.startMinute} BETWEEN 0 AND 1439 AND ${t.endMinute} BETWEEN 1 AND 1440 AND ${t.endMinute} <> ${t.startMinute}`,
    ),
  ],
);

/**
 * A plan's monthly price for one vehicle type, in minor units of `currency`: the park's currency
 * when the price was set (migration 0048). A park that moved country since keeps the plan's old
 * prices in their own currency: the plan is neither reopened nor sold until they are entered again.
 */
export const planPrices = pgTable(
  "plan_prices",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => parkingPlans.id, { onDelete: "cascade" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    monthlyMinor: bigint("monthly_minor", { mode: "number" }).notNull(),
    currency: char("currency", { length: 3 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.vehicleTypeId] }),
    check("plan_prices_money", sql`${t.monthlyMinor} > 0`),
  ],
);

/**
 * A driver's monthly pass on a plan, for one vehicle type and up to two plates (one in the park at
 * a time). While it is active or in grace it holds one space of its park and type in every weekly
 * window of its plan, from `starts_at` until `held_until`: 'infinity' while it renews, the end of
 * the paid period once it is cancelled, the end of the grace once it lapses (booking_peak counts it).
 */
export const passes = pgTable(
  "passes",
  {
    id: uuid("id").primaryKey(),
    passCode: text("pass_code").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    planId: integer("plan_id")
      .notNull()
      .references(() => parkingPlans.id, { onDelete: "restrict" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    vehicleTypeId: integer("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id),
    plates: text("plates").array().notNull(),
    /** The marked space of a plan with named spaces, as the park labels it. */
    spaceLabel: text("space_label"),
    /** active; grace: the renewal failed and the pass is still valid for a few days; ended. */
    status: text("status").notNull().default("active"),
    /** Why an ended pass ended: cancelled (at the end of its paid period) or lapsed (unpaid). */
    endedReason: text("ended_reason"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The end of the period paid for; the renewal charges the next one on this instant. */
    paidUntil: timestamp("paid_until", { withTimezone: true }).notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    termMonths: smallint("term_months").notNull(),
    currency: char("currency", { length: 3 }).notNull(),
    /** The monthly price when sold, before fees and tax (a later change of the plan's price waits for the next term). */
    monthlyMinor: bigint("monthly_minor", { mode: "number" }).notNull(),
    /** The last period whose renewal reminder (a few days before it is charged) was sent; 0: none. */
    remindedPeriod: integer("reminded_period").notNull().default(0),
    /** Grace-day notices sent for the current grace (0 outside grace). */
    graceNotices: smallint("grace_notices").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("passes_code_key").on(t.passCode),
    // The renewal job's scan: passes whose paid term has ended (or is about to, for the reminder).
    index("passes_due_idx")
      .on(t.paidUntil)
      .where(sql`${t.status} IN ('active', 'grace')`),
    index("passes_user_idx").on(t.userId, t.createdAt),
    index("passes_plan_idx").on(t.planId),
    index("passes_holding_idx")
      .on(t.parkId, t.vehicleTypeId)
      .where(sql`${t.status} IN ('active', 'grace')`),
    check("passes_status_known", sql`${t.status} IN ('active', 'grace', 'ended')`),
    check(
      "passes_ended_reason",
      sql`(${t.status} = 'ended') = (${t.endedReason} IS NOT NULL) AND (${t.endedReason} IS NULL OR ${t.endedReason} IN ('cancelled', 'lapsed'))`,
    ),
    check("passes_plates", sql`cardinality(${t.plates}) BETWEEN 1 AND 2`),
    check("passes_periods", sql`${t.paidUntil} > ${t.startsAt} AND ${t.heldUntil} >= ${t.paidUntil}`),
    check("passes_term_known", sql`${t.termMonths} IN (1, 3, 12)`),
    check("passes_money", sql`${t.monthlyMinor} > 0`),
  ],
);

/**
 * Each term a pass was charged for, once: the first at the sale, then each renewal. The ledger
 * move's key is `pass:<pass id>:<period>`, so a term is charged exactly once across processes.
 */
export const passCharges = pgTable(
  "pass_charges",
  {
    passId: uuid("pass_id")
      .notNull()
      .references(() => passes.id, { onDelete: "restrict" }),
    /** 1 for the term bought, then 2, 3… for each renewal. */
    period: integer("period").notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    /** The price's parts in minor units, as a booking's breakdown. */
    breakdown: jsonb("breakdown").notNull(),
    chargedAt: timestamp("charged_at", { withTimezone: true }).notNull(),
    /**
     * The Idempotency-Key of the driver's request that paid this term from their own wallet after
     * their company refused it (POST /passes/{code}/renew); null for a term the renewal job or the
     * sale charged.
     */
    idempotencyKey: text("idempotency_key"),
  },
  (t) => [
    primaryKey({ columns: [t.passId, t.period] }),
    uniqueIndex("pass_charges_idempotency_key")
      .on(t.passId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    check("pass_charges_period", sql`${t.period} >= 1 AND ${t.periodEnd} > ${t.periodStart}`),
    check("pass_charges_money", sql`${t.totalMinor} > 0`),
  ],
);

/**
 * Each time a car on a pass came in at the gate: which plate, when it came in and went out, by
 * whom, and the overstay (minutes outside the plan's hours, priced at the park's hourly rate).
 * One car of a pass is inside at a time: one visit without `checked_out_at` per pass.
 */
export const passVisits = pgTable(
  "pass_visits",
  {
    id: uuid("id").primaryKey(),
    passId: uuid("pass_id")
      .notNull()
      .references(() => passes.id, { onDelete: "restrict" }),
    parkId: integer("park_id")
      .notNull()
      .references(() => parks.id, { onDelete: "restrict" }),
    plate: text("plate").notNull(),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }).notNull(),
    checkedInBy: uuid("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    checkedOutAt: timestamp("checked_out_at", { withTimezone: true }),
    checkedOutBy: uuid("checked_out_by").references(() => users.id, { onDelete: "set null" }),
    overstayMinutes: integer("overstay_minutes").notNull().default(0),
    overstayMinor: bigint("overstay_minor", { mode: "number" }).notNull().default(0),
    /** The part of the overstay the wallet could not cover, owed at the gate. */
    overstayOwedMinor: bigint("overstay_owed_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    uniqueIndex("pass_visits_inside_key")
      .on(t.passId)
      .where(sql`${t.checkedOutAt} IS NULL`),
    index("pass_visits_park_idx").on(t.parkId, t.checkedInAt),
    check("pass_visits_times", sql`${t.checkedOutAt} IS NULL OR ${t.checkedOutAt} >= ${t.checkedInAt}`),
    check(
      "pass_visits_money",
      sql`${t.overstayMinutes} >= 0 AND ${t.overstayMinor} >= 0 AND ${t.overstayOwedMinor} BETWEEN 0 AND ${t.overstayMinor}`,
    ),
  ],
);
