-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.create_country_search_indexes(p_country_id integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF p_country_id IS NULL OR p_country_id <= 0 THEN
    RAISE EXCEPTION 'a country id must be a positive integer, not %', p_country_id;
  END IF;
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS %I ON "parks" USING gist ((cube(ARRAY[6378168::float8 * cos(radians("lat")) * cos(radians("lng")), 6378168::float8 * cos(radians("lat")) * sin(radians("lng")), 6378168::float8 * sin(radians("lat"))]))) INCLUDE ("lat", "lng", "id") WITH (buffering = on) WHERE status = ''active'' AND country_id = %s',
    'parks_earth_c' || p_country_id || '_idx', p_country_id);
  EXECUTE format(
    'CREATE INDEX IF NOT EXISTS %I ON "parks" USING gin (string_to_array("search_text", '' '')) WITH (fastupdate = off) WHERE status = ''active'' AND country_id = %s',
    'parks_words_c' || p_country_id || '_idx', p_country_id);
END
$function$;
