-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER parks_counts_insert AFTER INSERT ON parks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();
