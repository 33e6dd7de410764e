CREATE TABLE "ev_host_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"country_code" char(2) NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"site_kind" text NOT NULL,
	"spaces" integer NOT NULL,
	"has_chargers" boolean NOT NULL,
	"connectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"power_kw" numeric(5, 1),
	"message" text,
	"language" char(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_by" uuid,
	CONSTRAINT "ev_host_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "ev_host_requests_site_kind_check" CHECK ("ev_host_requests"."site_kind" in ('car_park','hotel','mall','office','home','other')),
	CONSTRAINT "ev_host_requests_spaces_check" CHECK ("ev_host_requests"."spaces" > 0),
	CONSTRAINT "ev_host_requests_connectors_check" CHECK ("ev_host_requests"."connectors" <@ array['type2','ccs2','chademo','gbt']::text[]),
	CONSTRAINT "ev_host_requests_chargers_check" CHECK (("ev_host_requests"."has_chargers" and cardinality("ev_host_requests"."connectors") > 0 and "ev_host_requests"."power_kw" > 0)
        or (not "ev_host_requests"."has_chargers" and cardinality("ev_host_requests"."connectors") = 0 and "ev_host_requests"."power_kw" is null))
);
--> statement-breakpoint
ALTER TABLE "ev_host_requests" ADD CONSTRAINT "ev_host_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ev_host_requests_created_idx" ON "ev_host_requests" USING btree ("created_at");