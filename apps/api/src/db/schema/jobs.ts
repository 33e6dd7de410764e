import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every e-mail a job sent or is sending, by the job's delivery key, so that a job run twice (a
 * retry after a lost acknowledgement, two processes) sends one message (jobs/mail.ts). A row
 * without `sent_at` is a claim: its holder is sending; a claim older than the lease is taken over.
 */
export const mailDeliveries = pgTable("mail_deliveries", {
  key: text("key").primaryKey(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
