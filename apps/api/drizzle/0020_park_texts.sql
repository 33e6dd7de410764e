-- A park's texts (description, entry instructions) are written in its own language (text_language);
-- other languages are in `translations` by language code, and a language missing there falls back.
ALTER TABLE "parks" ADD COLUMN "text_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "parks" ADD CONSTRAINT "parks_text_language_check" CHECK ("parks"."text_language" IN ('en', 'fr'));