CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "booking_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "start_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "end_reminded_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_active_start_idx" ON "bookings" USING btree ("start_time") WHERE "bookings"."status" = 'active';