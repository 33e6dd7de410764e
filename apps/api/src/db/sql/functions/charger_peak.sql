-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.charger_peak(p_charger integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  -- The most chargers of a group held at once in [p_start, p_end): active bookings and live holds
  -- that name the group (booking_peak's sweep, for one group). p_exclude: a booking or hold itself.
  WITH b AS (
    SELECT start_time, end_time FROM bookings
    WHERE charger_id = p_charger AND status = 'active' AND id IS DISTINCT FROM p_exclude
      AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
    UNION ALL
    SELECT start_time, end_time FROM booking_holds
    WHERE charger_id = p_charger AND status = 'held' AND expires_at > p_now AND id IS DISTINCT FROM p_exclude
      AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')),
  pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
  SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
  FROM pts
$function$;
