import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
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
