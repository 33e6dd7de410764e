-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.pass_windows(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone)
 RETURNS TABLE(pass_id uuid, pass_code text, plates text, start_time timestamp with time zone, end_time timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ps.id, ps.pass_code, array_to_string(ps.plates, ' / '), o.start_time, o.end_time
  FROM passes ps
  JOIN parks pk ON pk.id = ps.park_id
  CROSS JOIN LATERAL plan_occurrences(ps.plan_id, pk.time_zone,
    greatest(p_start, ps.starts_at), least(p_end, ps.held_until)) o
  WHERE ps.park_id = p_park AND ps.vehicle_type_id = p_type AND ps.status IN ('active', 'grace')
    AND ps.starts_at < p_end AND ps.held_until > p_start
$function$;
