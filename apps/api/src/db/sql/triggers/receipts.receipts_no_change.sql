-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER receipts_no_change BEFORE DELETE OR UPDATE ON receipts FOR EACH ROW EXECUTE FUNCTION receipts_immutable();
