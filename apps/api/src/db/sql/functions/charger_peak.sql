-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.charger_peak(p_charger integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  -- The most chargers of a group held at once in [p_start, p_end) (booking_peak's sweep, over
  -- charger_holds). p_exclude: a booking or hold itself, left out.
  WITH b AS (
    SELECT h.start_time, h.end_time FROM charger_holds(p_charger, p_start, p_end, p_now) h
    WHERE h.id IS DISTINCT FROM p_exclude),
  pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
  SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
  FROM pts
$function$;
