-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.event_booked(p_event integer, p_park integer, p_type integer)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  SELECT count(*)::int FROM bookings b
  JOIN event_parks ep ON ep.event_id = b.event_id AND ep.park_id = b.park_id
  WHERE b.event_id = p_event AND b.park_id = p_park AND b.vehicle_type_id = p_type
    AND b.status IN ('active', 'completed')
    AND b.start_time < ep.window_end AND b.end_time > ep.window_start
$function$;
