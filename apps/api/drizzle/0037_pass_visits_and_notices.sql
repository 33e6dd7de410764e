CREATE TABLE "pass_visits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pass_id" uuid NOT NULL,
	"park_id" integer NOT NULL,
	"plate" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"checked_in_by" uuid,
	"checked_out_at" timestamp with time zone,
	"checked_out_by" uuid,
	"overstay_minutes" integer DEFAULT 0 NOT NULL,
	"overstay_minor" bigint DEFAULT 0 NOT NULL,
	"overstay_owed_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "pass_visits_times" CHECK ("pass_visits"."checked_out_at" IS NULL OR "pass_visits"."checked_out_at" >= "pass_visits"."checked_in_at"),
	CONSTRAINT "pass_visits_money" CHECK ("pass_visits"."overstay_minutes" >= 0 AND "pass_visits"."overstay_minor" >= 0 AND "pass_visits"."overstay_owed_minor" BETWEEN 0 AND "pass_visits"."overstay_minor")
);
--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "reminded_period" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "passes" ADD COLUMN "grace_notices" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_visits" ADD CONSTRAINT "pass_visits_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_visits" ADD CONSTRAINT "pass_visits_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_visits" ADD CONSTRAINT "pass_visits_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_visits" ADD CONSTRAINT "pass_visits_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pass_visits_inside_key" ON "pass_visits" USING btree ("pass_id") WHERE "pass_visits"."checked_out_at" IS NULL;--> statement-breakpoint
CREATE INDEX "pass_visits_park_idx" ON "pass_visits" USING btree ("park_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "passes_due_idx" ON "passes" USING btree ("paid_until") WHERE "passes"."status" IN ('active', 'grace');