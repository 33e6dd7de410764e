-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.issue_missing_credit_notes()
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  refund record;
  first_receipt receipts%ROWTYPE;
  paid bigint;
  note_lines jsonb;
  note_taxes jsonb;
  written integer := 0;
BEGIN
  FOR refund IN
    SELECT t.idempotency_key AS key, t.reference, t.created_at AS at, m.given
    FROM ledger_transactions t
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(e.amount_minor), 0) AS given
      FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
      WHERE e.transaction_id = t.id AND a.kind IN ('user_wallet', 'held_excess', 'company_wallet')
    ) m
    WHERE t.kind = 'refund' AND t.reference IS NOT NULL AND m.given > 0
      AND NOT EXISTS (SELECT 1 FROM receipts r WHERE r.ledger_key = t.idempotency_key)
    ORDER BY t.created_at, t.idempotency_key
  LOOP
    SELECT * INTO first_receipt FROM receipts r
    WHERE r.reference = refund.reference AND r.kind NOT IN ('credit_note', 'topup') AND r.issued_at <= refund.at
    ORDER BY r.id LIMIT 1;
    -- A purchase paid before receipts existed has no receipt to credit (as issueCancellationNote).
    CONTINUE WHEN first_receipt.id IS NULL;

    SELECT coalesce(sum(r.total_minor), 0) INTO paid FROM receipts r
    WHERE r.reference = refund.reference AND r.user_id = first_receipt.user_id AND r.kind <> 'topup'
      AND r.issued_at <= refund.at;

    note_lines := NULL;
    note_taxes := '[]'::jsonb;
    IF refund.given = paid THEN
      -- Everything still paid: each line kind (and subject) and each tax summed, then negated.
      SELECT jsonb_agg(g.line || jsonb_build_object('amountMinor', -g.total) ORDER BY g.pos)
      INTO note_lines
      FROM (
        SELECT (array_agg(x.l ORDER BY r.id, x.o))[1] AS line, sum((x.l->>'amountMinor')::bigint) AS total,
          min(r.id * 1000 + x.o) AS pos
        FROM receipts r CROSS JOIN LATERAL jsonb_array_elements(r.lines) WITH ORDINALITY x(l, o)
        WHERE r.reference = refund.reference AND r.user_id = first_receipt.user_id AND r.kind <> 'topup'
      AND r.issued_at <= refund.at
        GROUP BY x.l->>'kind', coalesce(x.l->>'subject', '')
      ) g
      WHERE g.total <> 0;
      SELECT coalesce(jsonb_agg(g.tax || jsonb_build_object('baseMinor', -g.base, 'amountMinor', -g.total)
          ORDER BY g.pos), '[]'::jsonb)
      INTO note_taxes
      FROM (
        SELECT (array_agg(x.t ORDER BY r.id, x.o))[1] AS tax, sum((x.t->>'baseMinor')::bigint) AS base,
          sum((x.t->>'amountMinor')::bigint) AS total, min(r.id * 1000 + x.o) AS pos
        FROM receipts r CROSS JOIN LATERAL jsonb_array_elements(r.taxes) WITH ORDINALITY x(t, o)
        WHERE r.reference = refund.reference AND r.user_id = first_receipt.user_id AND r.kind <> 'topup'
      AND r.issued_at <= refund.at
        GROUP BY x.t->>'name', x.t->>'rateBps'
      ) g
      WHERE g.total <> 0;
    END IF;
    IF note_lines IS NULL THEN
      -- Part of it: the purchase's main line (not a fee) of minus the refund, no tax.
      SELECT jsonb_build_array(x.l || jsonb_build_object('amountMinor', -refund.given)) INTO note_lines
      FROM jsonb_array_elements(first_receipt.lines) WITH ORDINALITY x(l, o)
      ORDER BY (x.l->>'kind' IN ('service_fee', 'booking_fee', 'discount', 'delivery', 'pickup')), x.o LIMIT 1;
      note_taxes := '[]'::jsonb;
    END IF;

    INSERT INTO receipts (country_id, year, kind, user_id, ledger_key, reverses_id, reference, park_id,
      issued_at, time_zone, currency, decimals, seller, buyer, lines, taxes, total_minor)
    SELECT first_receipt.country_id, extract(year FROM refund.at AT TIME ZONE c.timezone)::smallint,
      'credit_note', first_receipt.user_id, refund.key, first_receipt.id, refund.reference,
      first_receipt.park_id, refund.at, first_receipt.time_zone, first_receipt.currency,
      first_receipt.decimals, first_receipt.seller, first_receipt.buyer, note_lines, note_taxes, -refund.given
    FROM countries c WHERE c.id = first_receipt.country_id
    ON CONFLICT (ledger_key) DO NOTHING;
    IF FOUND THEN
      written := written + 1;
    END IF;
  END LOOP;
  RETURN written;
END;
$function$;
