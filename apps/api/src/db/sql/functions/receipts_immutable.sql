-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.receipts_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.number IS NULL AND NEW.number IS NOT NULL
     AND (to_jsonb(NEW) - 'number' - 'sequence') = (to_jsonb(OLD) - 'number' - 'sequence') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'receipts are immutable once issued (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$function$;
