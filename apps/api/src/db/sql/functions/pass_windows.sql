-- Written by `npm run db:functions` from the migrated database: change it in a new migration.
CREATE OR REPLACE FUNCTION public.pass_windows(p_park integer, p_type integer, p_start timestamp with time zone, p_end timestamp with time zone)
 RETURNS TABLE(pass_id uuid, pass_code text, plates text, start_time timestamp with time zone, end_time timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT ps.id, ps.pass_code, array_to_string(ps.plates, ' / '),
    greatest(o.s, ps.starts_at), least(o.e, ps.held_until)
  FROM passes ps
  JOIN parks pk ON pk.id = ps.park_id
  CROSS JOIN LATERAL (
    SELECT (d + w.start_minute * interval '1 minute') AT TIME ZONE pk.time_zone AS s,
      (d + w.end_minute * interval '1 minute'
        + CASE WHEN w.end_minute <= w.start_minute THEN interval '1 day' ELSE interval '0 days' END)
        AT TIME ZONE pk.time_zone AS e
    FROM generate_series(
        ((greatest(p_start, ps.starts_at) AT TIME ZONE pk.time_zone)::date - 1)::timestamp,
        (least(p_end, ps.held_until, greatest(p_start, ps.starts_at) + interval '400 days')
          AT TIME ZONE pk.time_zone)::date::timestamp,
        interval '1 day') AS d
    JOIN plan_windows w ON w.plan_id = ps.plan_id AND w.weekday = extract(isodow FROM d)::int
  ) o
  WHERE ps.park_id = p_park AND ps.vehicle_type_id = p_type AND ps.status IN ('active', 'grace')
    AND ps.starts_at < p_end AND ps.held_until > p_start
    AND o.s < least(p_end, ps.held_until) AND o.e > greatest(p_start, ps.starts_at)
$function$;
