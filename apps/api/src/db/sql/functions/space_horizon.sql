-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.space_horizon(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone DEFAULT now())
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  SELECT least(p_end, greatest(p_start,
    (SELECT max(b.end_time) FROM bookings b WHERE b.park_id = p_park AND b.vehicle_type_id = p_type
      AND b.status = 'active' AND b.end_time > p_start),
    (SELECT max(h.end_time) FROM booking_holds h WHERE h.park_id = p_park AND h.vehicle_type_id = p_type
      AND h.status = 'held' AND h.expires_at > p_now AND h.end_time > p_start),
    (SELECT max(s.end_time) FROM pos_sales s WHERE s.park_id = p_park AND s.vehicle_type_id = p_type
      AND s.status = 'parked' AND s.end_time > p_start),
    (SELECT max(ep.window_end) FROM event_rates r
      JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
      JOIN events e ON e.id = r.event_id
      WHERE r.park_id = p_park AND r.vehicle_type_id = p_type AND e.status = 'published'
        AND ep.window_end > p_start),
    (SELECT max(ps.starts_at) FROM passes ps WHERE ps.park_id = p_park AND ps.vehicle_type_id = p_type
      AND ps.status IN ('active', 'grace')),
    (SELECT max(ps.held_until) FROM passes ps WHERE ps.park_id = p_park AND ps.vehicle_type_id = p_type
      AND ps.status IN ('active', 'grace') AND ps.held_until < 'infinity')
  ) + interval '8 days')
$function$;
