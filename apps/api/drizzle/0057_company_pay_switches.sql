-- A company policy's switches as one list of the names that are on (the contract's
-- COMPANY_PAY_SWITCHES, in its order), instead of one boolean column each: a new switch then
-- needs no migration, and is off for every policy saved before it. The four booleans' values are
-- kept exactly: each true one becomes its name in the list.
ALTER TABLE "company_policies" ADD COLUMN "paid_switches" text[];--> statement-breakpoint
UPDATE "company_policies" SET "paid_switches" = array_remove(ARRAY[
  CASE WHEN "extensions_allowed" THEN 'extensions' END,
  CASE WHEN "marketplace_allowed" THEN 'marketplace' END,
  CASE WHEN "passes_allowed" THEN 'passes' END,
  CASE WHEN "vehicle_docs_allowed" THEN 'vehicle_docs' END
]::text[], NULL);--> statement-breakpoint
ALTER TABLE "company_policies" ALTER COLUMN "paid_switches" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "company_policies" DROP COLUMN "extensions_allowed";--> statement-breakpoint
ALTER TABLE "company_policies" DROP COLUMN "marketplace_allowed";--> statement-breakpoint
ALTER TABLE "company_policies" DROP COLUMN "passes_allowed";--> statement-breakpoint
ALTER TABLE "company_policies" DROP COLUMN "vehicle_docs_allowed";
