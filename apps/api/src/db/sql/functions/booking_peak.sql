-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.booking_peak(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_exclude_event integer DEFAULT NULL::integer, p_now timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_end timestamptz := p_end;
BEGIN
  IF p_end > p_start + interval '8 days' THEN
    v_end := space_horizon(p_park, p_type, p_start, p_end, p_now);
  END IF;
  RETURN (
    WITH b AS (
      SELECT h.start_time, h.end_time, h.n FROM space_holds(p_park, p_type, p_start, v_end, p_now) h
      WHERE (h.id IS NULL OR h.id IS DISTINCT FROM p_exclude)
        AND (h.event_id IS NULL OR h.event_id IS DISTINCT FROM p_exclude_event)),
    pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
    SELECT coalesce(max((SELECT sum(n) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
    FROM pts);
END;
$function$;
