-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER park_capacities_card_insert AFTER INSERT ON park_capacities REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rate_card_changed();
