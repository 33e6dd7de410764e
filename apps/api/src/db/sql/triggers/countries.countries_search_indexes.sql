-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER countries_search_indexes AFTER INSERT OR DELETE OR UPDATE OF id ON countries FOR EACH ROW EXECUTE FUNCTION country_search_indexes_changed();
