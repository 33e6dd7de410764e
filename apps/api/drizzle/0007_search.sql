CREATE TABLE "park_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "parks_country_earth_idx";--> statement-breakpoint
DROP INDEX "parks_earth_idx";--> statement-breakpoint
DROP INDEX "parks_search_trgm_idx";--> statement-breakpoint
DROP INDEX "parks_search_prefix_idx";--> statement-breakpoint
DROP INDEX "parks_country_name_idx";--> statement-breakpoint
DROP INDEX "parks_country_type_name_idx";--> statement-breakpoint
DROP INDEX "parks_country_price_idx";--> statement-breakpoint
CREATE INDEX "parks_search_prefix_idx" ON "parks" USING btree ("country_id","search_text" text_pattern_ops) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_country_name_idx" ON "parks" USING btree ("country_id","name","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_country_type_name_idx" ON "parks" USING btree ("country_id","type","name","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_country_price_idx" ON "parks" USING btree ("country_id","hourly_from_minor","id") WHERE status = 'active';--> statement-breakpoint
-- Written by hand (1/2; Drizzle cannot declare INCLUDE columns): the search
-- indexes of docs/decisions/007-park-search.md. Partial on active parks, which is all a search
-- lists. INCLUDE (lat, lng, id) lets the capped count within a radius run index-only.
CREATE INDEX "parks_country_earth_idx" ON "parks" USING gist ("country_id", ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "parks_earth_idx" ON "parks" USING gist (ll_to_earth("lat", "lng")) INCLUDE ("lat", "lng", "id") WHERE status = 'active';--> statement-breakpoint
-- Not (country_id, search_text) through btree_gin: loading btree_gin into PGlite breaks pg_trgm's
-- operators (`%` answers no rows, then the connection hangs; PGlite 0.3, see decision 007).
CREATE INDEX "parks_search_trgm_idx" ON "parks" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate = off) WHERE status = 'active';--> statement-breakpoint
-- Written by hand (2/2): the vocabulary of park words, kept by a statement-level trigger (one
-- INSERT per statement, however many parks it writes).
CREATE FUNCTION park_words_collect() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO park_words (word)
  SELECT DISTINCT w FROM new_parks, unnest(string_to_array(new_parks.search_text, ' ')) AS w
  WHERE length(w) >= 3 AND w !~ '[0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER parks_words_insert AFTER INSERT ON parks REFERENCING NEW TABLE AS new_parks
  FOR EACH STATEMENT EXECUTE FUNCTION park_words_collect();--> statement-breakpoint
CREATE TRIGGER parks_words_update AFTER UPDATE ON parks REFERENCING NEW TABLE AS new_parks
  FOR EACH STATEMENT EXECUTE FUNCTION park_words_collect();--> statement-breakpoint
INSERT INTO park_words (word)
SELECT DISTINCT w FROM parks, unnest(string_to_array(parks.search_text, ' ')) AS w
WHERE length(w) >= 3 AND w !~ '[0-9]'
ON CONFLICT DO NOTHING;
