-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_counts_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  new_countries int[];
  new_cells int[];
  old_countries int[];
  old_cells int[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(country_id), array_agg(park_cell(lat, lng)) INTO new_countries, new_cells
    FROM new_rows WHERE status = 'active';
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT array_agg(country_id), array_agg(park_cell(lat, lng)) INTO old_countries, old_cells
    FROM old_rows WHERE status = 'active';
  END IF;
  PERFORM park_counts_delta(new_countries, new_cells, old_countries, old_cells);
  RETURN NULL;
END
$function$;
