-- Ledger rules Drizzle cannot express. Safe to re-run: functions are replaced, triggers recreated.
-- Entries are append-only: a correction is a new, reversing transaction.
CREATE OR REPLACE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_no_change ON ledger_entries;--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();--> statement-breakpoint
-- At COMMIT: every ledger transaction sums to zero per currency, and each entry is in its account's currency.
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced text;
BEGIN
  IF EXISTS (
    SELECT 1 FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
    WHERE e.transaction_id = NEW.transaction_id AND a.currency <> e.currency
  ) THEN
    RAISE EXCEPTION 'ledger transaction % has an entry in another currency than its account', NEW.transaction_id
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency INTO unbalanced FROM ledger_entries
    WHERE transaction_id = NEW.transaction_id GROUP BY currency HAVING sum(amount_minor) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_balanced ON ledger_entries;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
