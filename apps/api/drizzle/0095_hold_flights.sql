ALTER TABLE "booking_holds" ADD COLUMN "flight_number" text;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD COLUMN "return_date" date;