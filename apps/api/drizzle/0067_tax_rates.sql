-- Taxes by place (decision 045): one component a row (HST, GST and QST, a state's parking tax), for
-- a country (state_id null) or one of its states, with the source of the rate and the day it took
-- effect. Rates are basis points to a half (Quebec's QST is 997.5). The seed writes the rows.
CREATE TABLE "tax_rates" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"state_id" integer,
	"name" text NOT NULL,
	"rate_bps" numeric(7, 1) NOT NULL,
	"taxed_parts" text[],
	"purchase" text,
	"source" text NOT NULL,
	"effective_from" date NOT NULL,
	CONSTRAINT "tax_rates_component_from" UNIQUE NULLS NOT DISTINCT("country_id","state_id","name","purchase","effective_from"),
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate_bps" >= 0 AND "tax_rates"."rate_bps" <= 10000),
	CONSTRAINT "tax_rates_parts_known" CHECK ("tax_rates"."taxed_parts" IS NULL OR "tax_rates"."taxed_parts" <@ ARRAY['parking', 'service_fee', 'booking_fee', 'goods', 'delivery', 'service_charge', 'government_fee', 'insurance_premium']::text[]),
	CONSTRAINT "tax_rates_purchase_known" CHECK ("tax_rates"."purchase" IS NULL OR "tax_rates"."purchase" IN ('window', 'pass')),
	CONSTRAINT "tax_rates_source_named" CHECK (length(trim("tax_rates"."source")) > 0)
);
--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_rates_country_idx" ON "tax_rates" USING btree ("country_id");