-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_words_apply(p_new_countries integer[], p_new_texts text[], p_old_countries integer[], p_old_texts text[])
 RETURNS void
 LANGUAGE sql
AS $function$
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
$function$;
