-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER park_rates_card_delete AFTER DELETE ON park_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
