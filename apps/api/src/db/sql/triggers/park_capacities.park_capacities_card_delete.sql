-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER park_capacities_card_delete AFTER DELETE ON park_capacities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
