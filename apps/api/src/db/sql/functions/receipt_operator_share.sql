-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
