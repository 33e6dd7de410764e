-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.country_search_indexes_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM create_country_search_indexes(NEW.id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM drop_country_search_indexes(OLD.id);
  ELSIF NEW.id IS DISTINCT FROM OLD.id THEN
    PERFORM drop_country_search_indexes(OLD.id);
    PERFORM create_country_search_indexes(NEW.id);
  END IF;
  RETURN NULL;
END
$function$;
