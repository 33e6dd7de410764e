-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.operator_sale(p_park integer, p_ledger_key text, p_reference text, p_reverses bigint, p_at timestamp with time zone)
 RETURNS TABLE(operator_id integer, revenue_key text, product text, rate_bps integer)
 LANGUAGE sql
 STABLE
AS $function$
  WITH rev AS (
    SELECT (SELECT a.key FROM ledger_transactions t
         JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN wallet_accounts a ON a.id = e.account_id
        WHERE t.idempotency_key = p_ledger_key AND a.kind = 'platform_revenue' LIMIT 1) AS key),
  sale AS (
    SELECT p.operator_id, COALESCE(o.country_id, p.country_id) AS country_id,
      CASE
        WHEN p_ledger_key LIKE 'pass:%' THEN 'pass'
        WHEN r.kind = 'event_booking' OR b.event_id IS NOT NULL THEN 'event'
        WHEN COALESCE((b.breakdown ->> 'days')::integer > 0,
          (SELECT max((l.value ->> 'to')::timestamptz - (l.value ->> 'from')::timestamptz) >= interval '24 hours'
             FROM jsonb_array_elements(r.lines) l WHERE l.value ->> 'kind' = 'parking')) THEN 'daily'
        ELSE 'hourly'
      END AS product
    FROM parks p JOIN operators o ON o.id = p.operator_id
      LEFT JOIN receipts r ON r.ledger_key = p_ledger_key
      LEFT JOIN bookings b ON b.booking_code = p_reference
    WHERE p.id = p_park AND p_reverses IS NULL)
  -- A sale: the park's operator now, the rate of its product at the sale's instant; a country
  -- without any rate takes the default every served country is seeded with (DEFAULT_COMMISSION_BPS).
  SELECT s.operator_id, rev.key, s.product,
    COALESCE(commission_bps_at(s.operator_id, s.country_id, s.product, p_at), 1500)
  FROM sale s, rev
  UNION ALL
  -- A credit note: the operator, product and rate of the share its receipt gave (none: no row).
  SELECT l.operator_id, rev.key, l.product, l.commission_bps
  FROM operator_lines l, rev
  WHERE p_reverses IS NOT NULL AND l.receipt_id = p_reverses AND l.kind = 'sale'
$function$;
