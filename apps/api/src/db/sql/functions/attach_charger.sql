-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.attach_charger(p_booking uuid, p_charger integer, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  b bookings%ROWTYPE;
  v_status text;
BEGIN
  -- A booking just made (book_space, complete_hold) takes one of the group's chargers for its
  -- window: reserve_charger locks the group's row (last, after the capacity row, the wallet and the
  -- driver) and answers free, charger_full or charger_gone; free, the booking names the group.
  SELECT * INTO b FROM bookings WHERE id = p_booking;
  v_status := reserve_charger(p_charger, b.park_id, b.start_time, b.end_time, b.id, p_now);
  IF v_status = 'free' THEN
    UPDATE bookings SET charger_id = p_charger WHERE id = p_booking;
    RETURN 'booked';
  END IF;
  RETURN v_status;
END;
$function$;
