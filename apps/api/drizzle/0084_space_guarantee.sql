CREATE TABLE "booking_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"park_id" integer NOT NULL,
	"cause" text NOT NULL,
	"payer" text NOT NULL,
	"operator_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" char(3) NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"difference_minor" bigint DEFAULT 0 NOT NULL,
	"rebooked_booking_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "booking_offers_booking_id_unique" UNIQUE("booking_id"),
	CONSTRAINT "booking_offers_cause" CHECK ("booking_offers"."cause" IN ('closure', 'capacity')),
	CONSTRAINT "booking_offers_payer" CHECK ("booking_offers"."payer" IN ('operator', 'parkwell')),
	CONSTRAINT "booking_offers_status" CHECK ("booking_offers"."status" IN ('open', 'rebooked', 'refunded', 'lapsed')),
	CONSTRAINT "booking_offers_operator_pays" CHECK (("booking_offers"."payer" = 'operator') = ("booking_offers"."operator_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "page_versions" DROP CONSTRAINT "page_versions_key_check";--> statement-breakpoint
ALTER TABLE "operator_lines" DROP CONSTRAINT "operator_lines_kind";--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_rebooked_booking_id_bookings_id_fk" FOREIGN KEY ("rebooked_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_offers" ADD CONSTRAINT "booking_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_offers_park_idx" ON "booking_offers" USING btree ("park_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_offers_open_idx" ON "booking_offers" USING btree ("id") WHERE "booking_offers"."status" = 'open';--> statement-breakpoint
ALTER TABLE "page_versions" ADD CONSTRAINT "page_versions_key_check" CHECK ("page_versions"."page_key" IN ('terms', 'privacy', 'cancellation', 'about', 'faq', 'guarantee'));--> statement-breakpoint
ALTER TABLE "operator_lines" ADD CONSTRAINT "operator_lines_kind" CHECK ("operator_lines"."kind" IN ('sale', 'refund', 'drive_up', 'adjustment', 'payout', 'payout_returned', 'guarantee'));