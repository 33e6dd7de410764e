CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"language" char(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contact_messages_topic_check" CHECK ("contact_messages"."topic" in ('booking','payment','account','partnership','other'))
);
--> statement-breakpoint
CREATE TABLE "demo_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text NOT NULL,
	"country_code" char(2) NOT NULL,
	"interest" text NOT NULL,
	"spaces" integer,
	"message" text,
	"language" char(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "demo_requests_interest_check" CHECK ("demo_requests"."interest" in ('business_accounts','car_park_management','ev_charging','events','other')),
	CONSTRAINT "demo_requests_spaces_check" CHECK ("demo_requests"."spaces" is null or "demo_requests"."spaces" > 0)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "demo_requests_created_idx" ON "demo_requests" USING btree ("created_at");