-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE OR REPLACE FUNCTION public.rate_card_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  park_ids bigint[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    park_ids := park_ids || ARRAY(SELECT park_id FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    park_ids := park_ids || ARRAY(SELECT park_id FROM old_rows);
  END IF;
  PERFORM refresh_rate_cards(park_ids);
  RETURN NULL;
END
$function$;
