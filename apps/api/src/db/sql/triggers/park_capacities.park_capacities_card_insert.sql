-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE TRIGGER park_capacities_card_insert AFTER INSERT ON park_capacities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
