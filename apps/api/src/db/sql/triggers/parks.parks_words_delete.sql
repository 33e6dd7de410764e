-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER parks_words_delete AFTER DELETE ON parks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();
