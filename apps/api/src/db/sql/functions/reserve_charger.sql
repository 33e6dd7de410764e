-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.reserve_charger(p_charger integer, p_park integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_count integer;
BEGIN
  -- The group's row locked, as a space's capacity row is: every booking, hold or extension of one
  -- of its chargers takes it last (after the capacity row, the wallet and the driver), so two of
  -- them for its last charger run one after the other and the second sees the first's row.
  SELECT count INTO v_count FROM park_chargers
    WHERE id = p_charger AND park_id = p_park AND status = 'active' FOR UPDATE;
  IF v_count IS NULL THEN
    RETURN 'charger_gone';
  END IF;
  IF v_count <= charger_peak(p_charger, p_start, p_end, p_exclude, p_now) THEN
    RETURN 'charger_full';
  END IF;
  RETURN 'free';
END;
$function$;
