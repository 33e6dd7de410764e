CREATE TABLE "tax_districts" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "tax_districts_code_unique" UNIQUE("code"),
	CONSTRAINT "tax_districts_id_state" UNIQUE("id","state_id"),
	CONSTRAINT "tax_districts_code_format" CHECK ("tax_districts"."code" ~ '^[A-Z]{2}-[A-Z0-9-]+$'),
	CONSTRAINT "tax_districts_source_named" CHECK (length(trim("tax_districts"."source")) > 0)
);
--> statement-breakpoint
ALTER TABLE "tax_rates" DROP CONSTRAINT "tax_rates_component_from";--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "district_id" integer;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "tax_district_id" integer;--> statement-breakpoint
ALTER TABLE "tax_districts" ADD CONSTRAINT "tax_districts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_districts" ADD CONSTRAINT "tax_districts_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_districts_state_idx" ON "tax_districts" USING btree ("state_id","name");--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_district_of_state_fk" FOREIGN KEY ("district_id","state_id") REFERENCES "public"."tax_districts"("id","state_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_tax_district_of_state_fk" FOREIGN KEY ("tax_district_id","state_id") REFERENCES "public"."tax_districts"("id","state_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_component_from" UNIQUE NULLS NOT DISTINCT("country_id","state_id","district_id","name","purchase","effective_from");--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_district_has_state" CHECK ("tax_rates"."district_id" IS NULL OR "tax_rates"."state_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_tax_district_has_state" CHECK ("parks"."tax_district_id" IS NULL OR "parks"."state_id" IS NOT NULL);