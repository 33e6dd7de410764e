-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE TRIGGER bookings_event_offer_reopened_update AFTER UPDATE OF status, event_id, park_id, vehicle_type_id, start_time, end_time ON bookings FOR EACH ROW WHEN (old.event_id IS NOT NULL) EXECUTE FUNCTION event_offer_reopened();
