-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.plan_occurrences(p_plan integer, p_zone text, p_start timestamp with time zone, p_end timestamp with time zone)
 RETURNS TABLE(start_time timestamp with time zone, end_time timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  SELECT greatest(o.s, p_start), least(o.e, p_end)
  FROM (
    SELECT (d + w.start_minute * interval '1 minute') AT TIME ZONE p_zone AS s,
      (d + w.end_minute * interval '1 minute'
        + CASE WHEN w.end_minute <= w.start_minute THEN interval '1 day' ELSE interval '0 days' END)
        AT TIME ZONE p_zone AS e
    FROM generate_series(
        ((p_start AT TIME ZONE p_zone)::date - 1)::timestamp,
        (least(p_end, p_start + interval '400 days') AT TIME ZONE p_zone)::date::timestamp,
        interval '1 day') AS d
    JOIN plan_windows w ON w.plan_id = p_plan AND w.weekday = extract(isodow FROM d)::int
  ) o
  WHERE o.s < p_end AND o.e > p_start
$function$;
