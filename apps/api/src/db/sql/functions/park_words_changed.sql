-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.park_words_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  new_countries int[];
  new_texts text[];
  old_countries int[];
  old_texts text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(country_id), array_agg(search_text) INTO new_countries, new_texts
    FROM new_rows WHERE status = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(country_id), array_agg(search_text) INTO old_countries, old_texts
    FROM old_rows WHERE status = 'active';
  ELSE
    SELECT array_agg(n.country_id) FILTER (WHERE n.status = 'active'),
           array_agg(n.search_text) FILTER (WHERE n.status = 'active'),
           array_agg(o.country_id) FILTER (WHERE o.status = 'active'),
           array_agg(o.search_text) FILTER (WHERE o.status = 'active')
      INTO new_countries, new_texts, old_countries, old_texts
    FROM new_rows n FULL JOIN old_rows o ON o.id = n.id
    WHERE (n.search_text, n.status, n.country_id) IS DISTINCT FROM (o.search_text, o.status, o.country_id);
  END IF;
  IF new_countries IS NOT NULL OR old_countries IS NOT NULL THEN
    PERFORM park_words_apply(new_countries, new_texts, old_countries, old_texts);
  END IF;
  RETURN NULL;
END
$function$;
