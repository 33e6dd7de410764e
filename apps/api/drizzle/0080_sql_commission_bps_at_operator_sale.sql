-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.operator_sale(p_park integer, p_ledger_key text, p_reference text, p_reverses bigint, p_at timestamp with time zone)
 RETURNS TABLE(operator_id integer, revenue_key text, product text, rate_bps integer)
 LANGUAGE sql
 STABLE
AS $function$
  WITH sale AS (
    SELECT p.operator_id, COALESCE(o.country_id, p.country_id) AS country_id,
      (SELECT a.key FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN wallet_accounts a ON a.id = e.account_id
        WHERE t.idempotency_key = p_ledger_key AND a.kind = 'platform_revenue' LIMIT 1) AS revenue_key,
      CASE
        WHEN p_ledger_key LIKE 'pass:%' THEN 'pass'
        WHEN (SELECT b.event_id IS NOT NULL FROM bookings b WHERE b.booking_code = p_reference LIMIT 1) THEN 'event'
        WHEN (SELECT (b.breakdown ->> 'days')::integer > 0 FROM bookings b WHERE b.booking_code = p_reference LIMIT 1) THEN 'daily'
        ELSE 'hourly'
      END AS product,
      COALESCE((SELECT r.issued_at FROM receipts r WHERE r.id = p_reverses), p_at) AS priced_at
    FROM parks p JOIN operators o ON o.id = p.operator_id
    WHERE p.id = p_park)
  SELECT s.operator_id, s.revenue_key, s.product,
    commission_bps_at(s.operator_id, s.country_id, s.product, s.priced_at)
  FROM sale s
$function$;
