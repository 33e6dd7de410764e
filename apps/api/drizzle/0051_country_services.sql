-- The product lines a country offers beside parking are facts of its row (decision 018, addendum of
-- 2026-11-28), checked against the contract's COUNTRY_SERVICES: vehicle-document renewal is
-- offered where a row says `vehicle_docs`, Nigeria's today, instead of a code written in the code.
ALTER TABLE "countries" ADD COLUMN "services" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD CONSTRAINT "countries_services_known" CHECK ("countries"."services" <@ ARRAY['vehicle_docs']::text[]);--> statement-breakpoint
UPDATE "countries" SET "services" = '{vehicle_docs}' WHERE "code" = 'NG';
