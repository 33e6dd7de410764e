-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER parks_counts_delete AFTER DELETE ON parks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();
