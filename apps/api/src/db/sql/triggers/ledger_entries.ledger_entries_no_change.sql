-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER ledger_entries_no_change BEFORE DELETE OR UPDATE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable();
