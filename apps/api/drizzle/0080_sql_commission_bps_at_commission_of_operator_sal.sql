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
CREATE OR REPLACE FUNCTION public.commission_of(p_gross bigint, p_bps integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT sign(p_gross * p_bps)::bigint * (abs(p_gross * p_bps) / 10000 + CASE WHEN abs(p_gross * p_bps) % 10000 >= 5000 THEN 1 ELSE 0 END)
$function$;
--> statement-breakpoint
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.receipt_operator_share()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_gross bigint;
  v_sale record;
  v_commission bigint;
  v_share bigint;
  v_revenue text;
  v_account text;
  v_tx uuid;
BEGIN
  IF NEW.park_id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(sum((l.value ->> 'amountMinor')::bigint), 0) INTO v_gross
    FROM jsonb_array_elements(NEW.lines) l WHERE l.value ->> 'kind' IN ('parking', 'pass', 'overstay');
  IF v_gross = 0 THEN
    RETURN NULL;
  END IF;
  -- A credit note takes back only a share its receipt gave (a sale from before operators were paid
  -- gave none), from the operator it was given to, at its rate.
  SELECT * INTO v_sale FROM operator_sale(NEW.park_id, NEW.ledger_key, NEW.reference, NEW.reverses_id, NEW.issued_at);
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  v_commission := commission_of(v_gross, v_sale.rate_bps);
  v_share := v_gross - v_commission;
  IF v_share = 0 THEN
    RETURN NULL;
  END IF;
  v_revenue := coalesce(v_sale.revenue_key, 'revenue:' || NEW.currency);
  v_account := 'operator:' || v_sale.operator_id || ':' || NEW.currency || ':'
    || coalesce(nullif(split_part(v_revenue, ':', 3), ''), '0');
  IF NOT EXISTS (SELECT FROM wallet_accounts WHERE key = v_account) OR v_sale.revenue_key IS NULL THEN
    INSERT INTO wallet_accounts (key, kind, currency, allow_negative)
    VALUES (v_account, 'owner_payable', NEW.currency, true), (v_revenue, 'platform_revenue', NEW.currency, true)
    ON CONFLICT DO NOTHING;
  END IF;
  SELECT p.transaction_id INTO v_tx
    FROM ledger_post(CASE WHEN v_gross > 0 THEN 'operator_share' ELSE 'operator_share_reversal' END,
      'share:' || NEW.ledger_key, NEW.reference, NULL, ARRAY[v_account, v_revenue], ARRAY[v_share, -v_share]) p
    LIMIT 1;
  IF v_tx IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO operator_lines (operator_id, currency, kind, ledger_key, receipt_id, park_id, product, reference,
    gross_minor, commission_bps, commission_minor, amount_minor, occurred_at)
  VALUES (v_sale.operator_id, NEW.currency, CASE WHEN v_gross > 0 THEN 'sale' ELSE 'refund' END,
    'share:' || NEW.ledger_key, NEW.id, NEW.park_id, v_sale.product, NEW.reference,
    v_gross, v_sale.rate_bps, v_commission, v_share, NEW.issued_at);
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER receipts_operator_share AFTER INSERT ON receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipt_operator_share();
