CREATE TABLE "park_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "park_words_trgm_idx" ON "park_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Written by hand after the generated part: the words of every park's search text, kept by a
-- statement-level trigger (one INSERT per statement, however many parks it writes).
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
