-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.space_holds(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone DEFAULT now())
 RETURNS TABLE(kind text, id uuid, event_id integer, code text, plate text, start_time timestamp with time zone, end_time timestamp with time zone, n integer)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT 'booking', b.id, NULL::integer, b.booking_code, b.plate_number, b.start_time, b.end_time, 1
  FROM bookings b
  WHERE b.park_id = p_park AND b.vehicle_type_id = p_type AND b.status = 'active'
    AND (b.event_id IS NULL
      OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = b.event_id AND e.status = 'published'))
    AND tstzrange(b.start_time, b.end_time, '[)') && tstzrange(p_start, p_end, '[)')
    -- A booking a cut of the park's spaces moved (its guarantee offer open) holds no space here.
    AND NOT EXISTS (SELECT 1 FROM booking_offers o
      WHERE o.booking_id = b.id AND o.cause = 'capacity' AND o.status = 'open')
  UNION ALL
  SELECT 'hold', h.id, NULL, h.booking_code, h.plate_number, h.start_time, h.end_time, 1
  FROM booking_holds h
  WHERE h.park_id = p_park AND h.vehicle_type_id = p_type AND h.status = 'held' AND h.expires_at > p_now
    AND tstzrange(h.start_time, h.end_time, '[)') && tstzrange(p_start, p_end, '[)')
  UNION ALL
  SELECT 'sale', s.id, NULL, s.sale_code, s.plate_number, s.start_time, s.end_time, 1
  FROM pos_sales s
  WHERE s.park_id = p_park AND s.vehicle_type_id = p_type AND s.status = 'parked'
    AND tstzrange(s.start_time, s.end_time, '[)') && tstzrange(p_start, p_end, '[)')
  UNION ALL
  SELECT 'event', NULL, e.id, e.event_code, NULL, ep.window_start, ep.window_end, r.allocation
  FROM event_rates r
  JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
  JOIN events e ON e.id = r.event_id
  WHERE r.park_id = p_park AND r.vehicle_type_id = p_type AND e.status = 'published'
    AND tstzrange(ep.window_start, ep.window_end, '[)') && tstzrange(p_start, p_end, '[)')
  UNION ALL
  SELECT 'pass', w.pass_id, NULL, w.pass_code, w.plates, w.start_time, w.end_time, 1
  FROM pass_windows(p_park, p_type, p_start, p_end) w
$function$;
