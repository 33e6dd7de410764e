-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER countries_search_indexes AFTER INSERT OR DELETE OR UPDATE OF id ON countries FOR EACH ROW EXECUTE FUNCTION country_search_indexes_changed();
