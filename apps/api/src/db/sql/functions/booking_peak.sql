-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE OR REPLACE FUNCTION public.booking_peak(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_exclude_event integer DEFAULT NULL::integer, p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
BEGIN
  RETURN (
    WITH b AS (
      SELECT start_time, end_time, 1 AS n FROM bookings
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'active'
        AND (event_id IS NULL
          OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = bookings.event_id AND e.status = 'published'))
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude
      UNION ALL
      SELECT start_time, end_time, 1 FROM booking_holds
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'held' AND expires_at > p_now
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude
      UNION ALL
      SELECT start_time, end_time, 1 FROM pos_sales
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'parked'
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude
      UNION ALL
      SELECT ep.window_start, ep.window_end, r.allocation FROM event_rates r
      JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
      JOIN events e ON e.id = r.event_id
      WHERE r.park_id = p_park AND r.vehicle_type_id = p_type AND e.status = 'published'
        AND e.id IS DISTINCT FROM p_exclude_event
        AND tstzrange(ep.window_start, ep.window_end, '[)') && tstzrange(p_start, p_end, '[)')),
    pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
    SELECT coalesce(max((SELECT sum(n) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
    FROM pts);
END;
$function$;
