ALTER TABLE "claims" ADD COLUMN "remedy" text;--> statement-breakpoint
ALTER TABLE "claims" ADD COLUMN "decision_key" text;