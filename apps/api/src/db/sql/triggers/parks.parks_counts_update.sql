-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER parks_counts_update AFTER UPDATE ON parks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION park_counts_changed();
