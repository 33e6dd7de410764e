-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
