-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.drop_country_search_indexes(p_country_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  EXECUTE format('DROP INDEX IF EXISTS %I', 'parks_earth_c' || p_country_id || '_idx');
  EXECUTE format('DROP INDEX IF EXISTS %I', 'parks_words_c' || p_country_id || '_idx');
END
$function$;
