CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"park_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"vehicle_id" integer,
	"plate_number" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"currency" char(3) NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"moves" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text,
	"request_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "bookings_window" CHECK ("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_status_known" CHECK ("bookings"."status" IN ('active', 'completed', 'cancelled')),
	CONSTRAINT "bookings_money" CHECK ("bookings"."total_minor" > 0 AND "bookings"."paid_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_vehicle_id_user_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."user_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_code_key" ON "bookings" USING btree ("booking_code");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_idempotency_key" ON "bookings" USING btree ("user_id","idempotency_key") WHERE "bookings"."idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_active_period_idx" ON "bookings" USING gist ("park_id","vehicle_type_id",tstzrange("start_time", "end_time", '[)')) WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_user_start_idx" ON "bookings" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_active_end_idx" ON "bookings" USING btree ("end_time") WHERE "bookings"."status" = 'active';