-- Written by hand (docs/decisions/007-park-search.md, "Broad words"): per country, each word of
-- the active parks' search texts and how many active parks hold it. It replaces the vocabulary
-- `park_words` (0007), which only grew: the words are the same (3+ letters, no digits), now with
-- their numbers, so a search can tell a word a fifth of a country's parks hold ("toronto") from a
-- selective one before it reads anything.
CREATE TABLE "park_word_counts" (
	"country_id" integer NOT NULL,
	"word" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "park_word_counts_country_id_word_pk" PRIMARY KEY("country_id","word")
);--> statement-breakpoint
-- The net change of one statement: +1 per (country, word) for each active park written, -1 for
-- each active park as it was before. A park counts a word once, however often its text holds it;
-- a change that keeps a park's words nets to zero and writes nothing. Rows are written in key
-- order, so that two statements never wait on each other's rows in opposite orders (as
-- park_counts_apply, 0010).
CREATE OR REPLACE FUNCTION park_words_apply(
  p_new_countries int[], p_new_texts text[], p_old_countries int[], p_old_texts text[]) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO park_word_counts AS c (country_id, word, n)
  SELECT country_id, word, sum(d)::int FROM (
    SELECT DISTINCT r.d, r.i, r.country_id, w.word
    FROM (
      SELECT 1, t.* FROM unnest(p_new_countries, p_new_texts) WITH ORDINALITY AS t
      UNION ALL
      SELECT -1, t.* FROM unnest(p_old_countries, p_old_texts) WITH ORDINALITY AS t
    ) AS r(d, country_id, search_text, i),
      unnest(string_to_array(r.search_text, ' ')) AS w(word)
    WHERE length(w.word) >= 3 AND w.word !~ '[0-9]') words
  GROUP BY country_id, word HAVING sum(d) <> 0
  ORDER BY country_id, word
  ON CONFLICT (country_id, word) DO UPDATE SET n = c.n + EXCLUDED.n
$$;--> statement-breakpoint
-- A transition table can be named only under the event that defines it, hence a branch per event.
-- An update passes only the parks whose words could count differently (text, status, country):
-- the rate-card triggers (0010) write parks too, and their words need no splitting again. The
-- full join keeps a park whose id changed (an old and a new row, unmatched).
CREATE OR REPLACE FUNCTION park_words_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  new_countries int[];
  new_texts text[];
  old_countries int[];
  old_texts text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(country_id), array_agg(search_text) INTO new_countries, new_texts
    FROM new_rows WHERE status = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(country_id), array_agg(search_text) INTO old_countries, old_texts
    FROM old_rows WHERE status = 'active';
  ELSE
    SELECT array_agg(n.country_id) FILTER (WHERE n.status = 'active'),
           array_agg(n.search_text) FILTER (WHERE n.status = 'active'),
           array_agg(o.country_id) FILTER (WHERE o.status = 'active'),
           array_agg(o.search_text) FILTER (WHERE o.status = 'active')
      INTO new_countries, new_texts, old_countries, old_texts
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
    WHERE (n.search_text, n.status, n.country_id) IS DISTINCT FROM (o.search_text, o.status, o.country_id);
  END IF;
  IF new_countries IS NOT NULL OR old_countries IS NOT NULL THEN
    PERFORM park_words_apply(new_countries, new_texts, old_countries, old_texts);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS parks_words_insert ON parks;--> statement-breakpoint
DROP TRIGGER IF EXISTS parks_words_update ON parks;--> statement-breakpoint
DROP FUNCTION IF EXISTS park_words_collect();--> statement-breakpoint
DROP TABLE IF EXISTS "park_words";--> statement-breakpoint
CREATE TRIGGER parks_words_insert AFTER INSERT ON parks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();--> statement-breakpoint
CREATE TRIGGER parks_words_update AFTER UPDATE ON parks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();--> statement-breakpoint
CREATE TRIGGER parks_words_delete AFTER DELETE ON parks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();--> statement-breakpoint
-- The parks already there, through the function the trigger uses.
SELECT park_words_apply(array_agg(country_id), array_agg(search_text), NULL, NULL)
FROM parks WHERE status = 'active';
--> statement-breakpoint
-- A broad search reads the text's B-tree index-only, and needs the park's id from it
-- (parks.search-sql.ts broadSql). Drizzle cannot declare INCLUDE columns: written by hand.
DROP INDEX IF EXISTS "parks_search_prefix_idx";--> statement-breakpoint
CREATE INDEX "parks_search_prefix_idx" ON "parks" USING btree ("country_id", "search_text" text_pattern_ops) INCLUDE ("id") WHERE status = 'active';
