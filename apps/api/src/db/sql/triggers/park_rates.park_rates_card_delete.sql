-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER park_rates_card_delete AFTER DELETE ON park_rates REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
