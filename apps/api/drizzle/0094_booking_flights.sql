CREATE TABLE "booking_flights" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"flight_number" text,
	"return_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_flights_some_check" CHECK ("booking_flights"."flight_number" IS NOT NULL OR "booking_flights"."return_date" IS NOT NULL),
	CONSTRAINT "booking_flights_number_check" CHECK ("booking_flights"."flight_number" ~ '^[A-Z0-9]{2,3}[0-9]{1,4}[A-Z]?$')
);
--> statement-breakpoint
ALTER TABLE "booking_flights" ADD CONSTRAINT "booking_flights_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;