-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER receipts_no_change BEFORE DELETE OR UPDATE ON receipts FOR EACH ROW EXECUTE FUNCTION receipts_immutable();
