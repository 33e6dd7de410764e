-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE OR REPLACE FUNCTION public.ledger_entries_immutable()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$function$;
