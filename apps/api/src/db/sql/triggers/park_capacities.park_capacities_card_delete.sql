-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER park_capacities_card_delete AFTER DELETE ON park_capacities REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
