-- A country's support contacts are facts of its row (decision 018): the help page lists each
-- served country's e-mail and phone from GET /countries. Null when the country has none (the page
-- then shows no contact heading); the seed gives the four served countries theirs.
ALTER TABLE "countries" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "support_phone" text;
