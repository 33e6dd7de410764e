-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.commission_of(p_gross bigint, p_bps integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT sign(p_gross * p_bps)::bigint * (abs(p_gross * p_bps) / 10000 + CASE WHEN abs(p_gross * p_bps) % 10000 >= 5000 THEN 1 ELSE 0 END)
$function$;
