-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER ledger_entries_no_change BEFORE DELETE OR UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
