-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.charger_holds(p_charger integer, p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone)
 RETURNS TABLE(kind text, id uuid, code text, plate text, start_time timestamp with time zone, end_time timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  -- What holds one of a charger group's chargers in [p_start, p_end): its active bookings and live
  -- holds (space_holds, for one group). charger_peak sweeps it; the back office lists it.
  SELECT 'booking', b.id, b.booking_code, b.plate_number, b.start_time, b.end_time
  FROM bookings b
  WHERE b.charger_id = p_charger AND b.status = 'active'
    AND tstzrange(b.start_time, b.end_time, '[)') && tstzrange(p_start, p_end, '[)')
  UNION ALL
  SELECT 'hold', h.id, h.booking_code, h.plate_number, h.start_time, h.end_time
  FROM booking_holds h
  WHERE h.charger_id = p_charger AND h.status = 'held' AND h.expires_at > p_now
    AND tstzrange(h.start_time, h.end_time, '[)') && tstzrange(p_start, p_end, '[)')
$function$;
