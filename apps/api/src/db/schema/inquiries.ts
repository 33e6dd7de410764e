import { CHARGER_CONNECTORS } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  char,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Messages sent from the Contact Us form (/help). Stored for the support team to answer. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    topic: text("topic").notNull(),
    message: text("message").notNull(),
    language: char("language", { length: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a staff member marks it answered in the back office (status "answered"). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    check(
      "contact_messages_topic_check",
      sql`${t.topic} in ('booking','payment','account','partnership','other')`,
    ),
  ],
);

/** Requests for a product demo (/book-demo) from businesses and car park operators. */
export const demoRequests = pgTable(
  "demo_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    company: text("company").notNull(),
    countryCode: char("country_code", { length: 2 }).notNull(),
    interest: text("interest").notNull(),
    spaces: integer("spaces"),
    message: text("message"),
    language: char("language", { length: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a staff member marks it answered in the back office (status "answered"). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("demo_requests_created_idx").on(t.createdAt),
    check(
      "demo_requests_interest_check",
      sql`${t.interest} in ('business_accounts','car_park_management','ev_charging','events','other')`,
    ),
    check("demo_requests_spaces_check", sql`${t.spaces} is null or ${t.spaces} > 0`),
  ],
);

/**
 * A charger owner's site offered from /rent-out-ev-charger: where it is, its kind, the spaces
 * available for chargers and the chargers already there (connectors and power only when it has some).
 */
export const evHostRequests = pgTable(
  "ev_host_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reference: text("reference").notNull().unique(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    countryCode: char("country_code", { length: 2 }).notNull(),
    city: text("city").notNull(),
    address: text("address").notNull(),
    siteKind: text("site_kind").notNull(),
    spaces: integer("spaces").notNull(),
    hasChargers: boolean("has_chargers").notNull(),
    /** The connectors of the chargers there (CHARGER_CONNECTORS, as parks'); empty when it has none. */
    connectors: text("connectors")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The chargers' power in kW (one decimal: 7.4); null when it has none. */
    powerKw: numeric("power_kw", { precision: 5, scale: 1 }),
    message: text("message"),
    language: char("language", { length: 2 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when a staff member marks it answered in the back office (status "answered"). */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("ev_host_requests_created_idx").on(t.createdAt),
    check(
      "ev_host_requests_site_kind_check",
      sql`${t.siteKind} in ('car_park','hotel','mall','office','home','other')`,
    ),
    check("ev_host_requests_spaces_check", sql`${t.spaces} > 0`),
    check(
      "ev_host_requests_connectors_check",
      // The parks' connectors (decision 045): one list for a host's site and a park's chargers.
      sql`${t.connectors} <@ array[${sql.raw(CHARGER_CONNECTORS.map((c) => `'${c}'`).join(","))}]::text[]`,
    ),
    check(
      "ev_host_requests_chargers_check",
      sql`(${t.hasChargers} and cardinality(${t.connectors}) > 0 and ${t.powerKw} > 0)
        or (not ${t.hasChargers} and cardinality(${t.connectors}) = 0 and ${t.powerKw} is null)`,
    ),
  ],
);
