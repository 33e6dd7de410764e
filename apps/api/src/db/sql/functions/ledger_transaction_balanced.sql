-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.ledger_transaction_balanced()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  r record;
BEGIN
  FOR r IN
    -- The account's currency by its key, per entry: a join chose a scan of every wallet account
    -- when the planner misjudged entries per transaction (seen: 318 estimated, 2 real).
    SELECT e.currency, sum(e.amount_minor) AS total,
      bool_or(e.currency <> (SELECT a.currency FROM wallet_accounts a WHERE a.id = e.account_id)) AS foreign_entry
    FROM ledger_entries e
    WHERE e.transaction_id = NEW.transaction_id GROUP BY e.currency
  LOOP
    IF r.foreign_entry THEN
      RAISE EXCEPTION 'ledger transaction % has an entry in another currency than its account', NEW.transaction_id
        USING ERRCODE = 'check_violation';
    END IF;
    IF r.total <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, r.currency
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$function$;
