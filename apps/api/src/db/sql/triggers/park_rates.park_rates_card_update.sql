-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER park_rates_card_update AFTER UPDATE ON park_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
