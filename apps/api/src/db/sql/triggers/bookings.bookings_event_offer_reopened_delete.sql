-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER bookings_event_offer_reopened_delete AFTER DELETE ON bookings FOR EACH ROW WHEN (old.event_id IS NOT NULL) EXECUTE FUNCTION event_offer_reopened();
