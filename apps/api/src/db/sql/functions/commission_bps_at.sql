-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.commission_bps_at(p_operator integer, p_country integer, p_product text, p_at timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT rate_bps FROM commission_rates
  WHERE effective_from <= p_at
    AND (operator_id = p_operator OR (operator_id IS NULL AND country_id = p_country))
    AND (product IS NULL OR product = p_product)
  ORDER BY operator_id IS NOT NULL DESC, product IS NOT NULL DESC, effective_from DESC
  LIMIT 1
$function$;
