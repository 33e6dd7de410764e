import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Parkwell's social links (docs/PRODUCT-RULES.md#social-links): one row per country code, plus the
 * `DEFAULT` row that a country without an address of its own for a network falls back to. A null
 * network is "none of this row's own". Parkwell's staff edit the rows in the back office's
 * Settings; the addresses are checked there (https, the network's own host).
 */
export const socialLinks = pgTable(
  "social_links",
  {
    countryCode: text("country_code").primaryKey(),
    facebook: text("facebook"),
    instagram: text("instagram"),
    linkedin: text("linkedin"),
    twitter: text("twitter"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("social_links_country_code", sql`${t.countryCode} = 'DEFAULT' OR ${t.countryCode} ~ '^[A-Z]{2}$'`),
    ...(["facebook", "instagram", "linkedin", "twitter"] as const).map((n) =>
      check(`social_links_${n}_https`, sql`${t[n]} IS NULL OR ${t[n]} LIKE 'https://%'`),
    ),
  ],
);
