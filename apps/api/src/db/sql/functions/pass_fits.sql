-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.pass_fits(p_plan integer, p_type integer, p_start timestamp with time zone, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  v_park integer;
  v_zone text;
  v_capacity integer;
  v_horizon timestamptz;
BEGIN
  SELECT pl.park_id, pk.time_zone INTO v_park, v_zone
    FROM parking_plans pl JOIN parks pk ON pk.id = pl.park_id WHERE pl.id = p_plan;
  SELECT capacity INTO v_capacity FROM park_capacities WHERE park_id = v_park AND vehicle_type_id = p_type;
  v_horizon := greatest(space_horizon(v_park, p_type, p_start, 'infinity', p_now), p_start + interval '8 days');
  RETURN NOT EXISTS (
    SELECT 1 FROM plan_occurrences(p_plan, v_zone, p_start, v_horizon) o
    WHERE booking_peak(v_park, p_type, o.start_time, o.end_time, NULL, NULL, p_now) >= coalesce(v_capacity, 0));
END;
$function$;
