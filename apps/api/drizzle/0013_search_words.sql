-- Written by hand (docs/decisions/007-park-search.md, "Words"). A text search tests each word of
-- three or more characters against the parks' words through a GIN on the array of their words,
-- the term replaced by the country's known words that contain it: a street name is then one short
-- posting list, where its trigrams ("str", "tre", "ree", "eet" of "street") were some of the
-- longest lists of the trigram index. Measured on PostgreSQL 15 at 500,000 parks, "hastings
-- street" in Canada: 107 index pages and 1.39 ms per statement through the trigrams, 23 pages and
-- 0.56 ms through the words.
--
-- For that to find every park LIKE '%term%' finds, the vocabulary must hold every word a term
-- can lie in: words of three or more characters holding a letter ("17th", "p4", "m5v" too); only
-- numbers stay out (a term holding no digit cannot lie in one, and terms with digits keep the
-- trigram index). 0011 left out every word with a digit.
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
    WHERE length(w.word) >= 3 AND w.word !~ '^[0-9]+$') words
  GROUP BY country_id, word HAVING sum(d) <> 0
  ORDER BY country_id, word
  ON CONFLICT (country_id, word) DO UPDATE SET n = c.n + EXCLUDED.n
$$;--> statement-breakpoint
-- The words with digits of the parks already there: counted again from the parks, through the
-- function the trigger uses.
TRUNCATE park_word_counts;--> statement-breakpoint
SELECT park_words_apply(array_agg(country_id), array_agg(search_text), NULL, NULL)
FROM parks WHERE status = 'active';--> statement-breakpoint
-- A term becomes the known words containing it: a trigram index on the vocabulary keeps that a
-- lookup when a real catalogue's vocabulary grows to tens of thousands of words.
CREATE INDEX IF NOT EXISTS "park_word_counts_word_trgm_idx" ON "park_word_counts" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
-- The parks' words, split as the vocabulary splits them: one index per served country (the
-- search writes the country as a literal, decision 007) and one for searches without a country.
CREATE INDEX IF NOT EXISTS "parks_words_idx" ON "parks" USING gin (string_to_array("search_text", ' ')) WITH (fastupdate = off) WHERE status = 'active';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_words_c1_idx" ON "parks" USING gin (string_to_array("search_text", ' ')) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 1;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_words_c2_idx" ON "parks" USING gin (string_to_array("search_text", ' ')) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 2;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_words_c3_idx" ON "parks" USING gin (string_to_array("search_text", ' ')) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 3;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "parks_words_c4_idx" ON "parks" USING gin (string_to_array("search_text", ' ')) WITH (fastupdate = off) WHERE status = 'active' AND country_id = 4;
