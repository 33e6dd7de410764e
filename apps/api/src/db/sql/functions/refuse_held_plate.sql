-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.refuse_held_plate(p_user uuid, p_plate text, p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- A live hold of the same driver for this plate and an overlapping window refuses a booking just
  -- made. hold_check reads the bookings under the driver's row lock: taken here too, after the
  -- wallet (as a hold takes it), one of the two waits for the other's COMMIT, then sees its row.
  PERFORM 1 FROM users WHERE id = p_user FOR NO KEY UPDATE;
  IF EXISTS (SELECT 1 FROM booking_holds
      WHERE user_id = p_user AND plate_number = p_plate AND status = 'held' AND expires_at > p_now
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')) THEN
    RAISE EXCEPTION 'plate % is held for this window', p_plate USING ERRCODE = 'exclusion_violation';
  END IF;
END;
$function$;
