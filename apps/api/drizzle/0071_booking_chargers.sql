ALTER TABLE "booking_holds" ADD COLUMN "charger_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "charger_id" integer;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_charger_id_park_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."park_chargers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_charger_id_park_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."park_chargers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_holds_charger_idx" ON "booking_holds" USING btree ("charger_id") WHERE "booking_holds"."status" = 'held' AND "booking_holds"."charger_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_charger_period_idx" ON "bookings" USING gist ("charger_id",tstzrange("start_time", "end_time", '[)')) WHERE "bookings"."status" = 'active' AND "bookings"."charger_id" IS NOT NULL;