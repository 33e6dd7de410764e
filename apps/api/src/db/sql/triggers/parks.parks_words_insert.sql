-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER parks_words_insert AFTER INSERT ON parks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_words_changed();
