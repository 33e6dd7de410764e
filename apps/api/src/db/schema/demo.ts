import { sql } from "drizzle-orm";
import { check, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";

/**
 * When demo mode last reset the demo data (features/demo). One row: every process checks it, and
 * the one whose UPDATE moves it runs the reset, so several processes reset once per interval.
 */
export const demoResets = pgTable(
  "demo_resets",
  {
    id: smallint("id").primaryKey().default(1),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("demo_resets_one_row", sql`${t.id} = 1`)],
);
