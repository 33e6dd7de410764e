-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_counts_apply(p_country_ids integer[], p_cells integer[], p_deltas integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  WITH d AS (SELECT * FROM unnest(p_country_ids, p_cells, p_deltas) AS d(country_id, cell, delta)),
  cells AS (
    INSERT INTO park_cell_counts AS c (country_id, cell, n)
    SELECT country_id, cell, delta FROM d ORDER BY country_id, cell
    ON CONFLICT (country_id, cell) DO UPDATE SET n = c.n + EXCLUDED.n)
  INSERT INTO park_country_counts AS c (country_id, n)
  SELECT country_id, sum(delta)::int FROM d GROUP BY country_id HAVING sum(delta) <> 0 ORDER BY country_id
  ON CONFLICT (country_id) DO UPDATE SET n = c.n + EXCLUDED.n
$function$;
