-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
