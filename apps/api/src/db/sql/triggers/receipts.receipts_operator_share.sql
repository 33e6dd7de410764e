-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE CONSTRAINT TRIGGER receipts_operator_share AFTER INSERT ON receipts DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION receipt_operator_share();
