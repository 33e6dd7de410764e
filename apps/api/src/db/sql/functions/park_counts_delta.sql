-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_counts_delta(p_new_countries integer[], p_new_cells integer[], p_old_countries integer[], p_old_cells integer[])
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT park_counts_apply(array_agg(country_id), array_agg(cell), array_agg(n))
  FROM (
    SELECT country_id, cell, sum(d)::int AS n FROM (
      SELECT t.*, 1 AS d FROM unnest(p_new_countries, p_new_cells) AS t(country_id, cell)
      UNION ALL
      SELECT t.*, -1 FROM unnest(p_old_countries, p_old_cells) AS t(country_id, cell)) u
    GROUP BY 1, 2 HAVING sum(d) <> 0) g
  HAVING count(*) > 0
$function$;
