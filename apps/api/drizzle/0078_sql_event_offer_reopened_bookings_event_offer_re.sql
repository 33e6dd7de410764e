-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.
DROP TRIGGER IF EXISTS bookings_event_offer_reopened_update ON public.bookings;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.event_offer_reopened()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- An event booking that stops holding a space (cancelled, deleted, moved; the update trigger
  -- skips a booking that still holds the same space, as a check-out's 'completed' does) reopens
  -- its offer's sale at once: the sold-out fact is cleared in the same transaction (decision 051). Its writers
  -- hold the park's capacity lock, as book_event_space does when it sets the fact.
  UPDATE event_rates SET sold_out = false
    WHERE event_id = OLD.event_id AND park_id = OLD.park_id AND vehicle_type_id = OLD.vehicle_type_id
      AND sold_out;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER bookings_event_offer_reopened_update AFTER UPDATE OF status, event_id, park_id, vehicle_type_id, start_time, end_time ON bookings FOR EACH ROW WHEN (old.event_id IS NOT NULL AND NOT ((old.status = ANY (ARRAY['active'::text, 'completed'::text])) AND (new.status = ANY (ARRAY['active'::text, 'completed'::text])) AND new.event_id = old.event_id AND new.park_id = old.park_id AND new.vehicle_type_id = old.vehicle_type_id AND new.start_time = old.start_time AND new.end_time = old.end_time)) EXECUTE FUNCTION event_offer_reopened();
