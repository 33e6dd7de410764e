-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER parks_words_update AFTER UPDATE ON parks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();
