CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_decimals" smallint NOT NULL,
	"flag" text NOT NULL,
	"dial_code" text NOT NULL,
	"timezone" text NOT NULL,
	"locale" text NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"country_id" integer PRIMARY KEY NOT NULL,
	"service_fee_minor" bigint NOT NULL,
	"booking_fee_bps" integer NOT NULL,
	"tax_bps" integer NOT NULL,
	"tax_name" text NOT NULL,
	"min_topup_minor" bigint NOT NULL,
	"max_topup_minor" bigint NOT NULL,
	"max_wallet_balance_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" integer PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" smallint NOT NULL,
	CONSTRAINT "vehicle_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "states_country_idx" ON "states" USING btree ("country_id","name");