-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.hold_check(p_user uuid, p_park integer, p_type integer, p_plate text, p_start timestamp with time zone, p_end timestamp with time zone, p_currency text, p_now timestamp with time zone, p_wallet text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_capacity integer;
BEGIN
  PERFORM 1 FROM parks WHERE id = p_park FOR KEY SHARE;
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = p_park AND c.currency = p_currency) THEN
    RETURN 'moved';
  END IF;
  -- A closure saved meanwhile (book_space's rule, under the same shared row): no hold on a closed day.
  IF EXISTS (SELECT 1 FROM parks p WHERE p.id = p_park
      AND window_hits_closure(p.closures, p.time_zone, p.overnight_stays, p_start, p_end)) THEN
    RETURN 'closed';
  END IF;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL, NULL, p_now) THEN
    RETURN 'full';
  END IF;
  PERFORM 1 FROM wallet_accounts WHERE key = p_wallet FOR UPDATE;
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  UPDATE booking_holds SET status = 'expired', updated_at = p_now
    WHERE user_id = p_user AND status = 'held' AND expires_at <= p_now;
  IF p_plate IS NOT NULL AND (
      EXISTS (SELECT 1 FROM bookings WHERE user_id = p_user AND plate_number = p_plate
        AND status = 'active' AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)'))
      OR EXISTS (SELECT 1 FROM booking_holds WHERE user_id = p_user AND plate_number = p_plate
        AND status = 'held' AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)'))) THEN
    RETURN 'plate_busy';
  END IF;
  RETURN 'free';
END;
$function$;
