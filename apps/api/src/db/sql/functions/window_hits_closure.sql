-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.window_hits_closure(p_closures date[], p_zone text, p_overnight boolean, p_start timestamp with time zone, p_end timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
AS $function$
  -- Whether a window [start, end) meets one of a park's closure days (on its clock, from midnight
  -- to midnight; an exit at midnight is the day before's), as opening-hours.ts windowVerdict reads
  -- them: at a park that allows overnight stays the car must enter and leave on open days (it may
  -- stay through a closure day); anywhere else the whole window must miss every closure day.
  SELECT EXISTS (
    SELECT 1 FROM unnest(coalesce(p_closures, '{}'::date[])) AS c(day)
    WHERE CASE WHEN p_overnight
      THEN c.day IN ((p_start AT TIME ZONE p_zone)::date,
        ((p_end AT TIME ZONE p_zone) - interval '1 microsecond')::date)
      ELSE c.day BETWEEN (p_start AT TIME ZONE p_zone)::date
        AND ((p_end AT TIME ZONE p_zone) - interval '1 microsecond')::date
    END)
$function$;
