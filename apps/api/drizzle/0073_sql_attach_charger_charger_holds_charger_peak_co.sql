-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.charger_holds(p_charger integer, p_start timestamp with time zone, p_end timestamp with time zone, p_now timestamp with time zone)
 RETURNS TABLE(kind text, id uuid, code text, plate text, start_time timestamp with time zone, end_time timestamp with time zone)
 LANGUAGE sql
 STABLE
AS $function$
  -- What holds one of a charger group's chargers in [p_start, p_end): its active bookings and live
  -- holds (space_holds, for one group). charger_peak sweeps it; the back office lists it.
  SELECT 'booking', b.id, b.booking_code, b.plate_number, b.start_time, b.end_time
  FROM bookings b
  WHERE b.charger_id = p_charger AND b.status = 'active'
    AND tstzrange(b.start_time, b.end_time, '[)') && tstzrange(p_start, p_end, '[)')
  UNION ALL
  SELECT 'hold', h.id, h.booking_code, h.plate_number, h.start_time, h.end_time
  FROM booking_holds h
  WHERE h.charger_id = p_charger AND h.status = 'held' AND h.expires_at > p_now
    AND tstzrange(h.start_time, h.end_time, '[)') && tstzrange(p_start, p_end, '[)')
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.charger_peak(p_charger integer, p_start timestamp with time zone, p_end timestamp with time zone, p_exclude uuid, p_now timestamp with time zone)
 RETURNS integer
 LANGUAGE sql
 STABLE
AS $function$
  -- The most chargers of a group held at once in [p_start, p_end) (booking_peak's sweep, over
  -- charger_holds). p_exclude: a booking or hold itself, left out.
  WITH b AS (
    SELECT h.start_time, h.end_time FROM charger_holds(p_charger, p_start, p_end, p_now) h
    WHERE h.id IS DISTINCT FROM p_exclude),
  pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
  SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
  FROM pts
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.complete_hold(p_hold uuid, p_now timestamp with time zone, p_wallet text, p_revenue text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  h booking_holds%ROWTYPE;
  v_capacity integer;
  v_status text;
  v_charger text;
BEGIN
  SELECT * INTO h FROM booking_holds WHERE id = p_hold;
  IF NOT FOUND THEN
    RETURN 'none';
  END IF;
  PERFORM 1 FROM parks WHERE id = h.park_id FOR KEY SHARE;
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = h.park_id AND vehicle_type_id = h.vehicle_type_id FOR UPDATE;
  PERFORM 1 FROM wallet_accounts WHERE key = p_wallet FOR UPDATE;
  PERFORM 1 FROM users WHERE id = h.user_id FOR NO KEY UPDATE;
  SELECT * INTO h FROM booking_holds WHERE id = p_hold FOR UPDATE;
  IF h.status IN ('booked', 'not_booked') THEN
    RETURN h.status;
  END IF;
  IF h.end_time <= p_now THEN
    v_status := 'past';
  ELSIF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = h.park_id AND c.currency = h.currency) THEN
    v_status := 'moved';
  ELSIF coalesce(v_capacity, 0) <= booking_peak(h.park_id, h.vehicle_type_id, h.start_time, h.end_time,
      h.id, NULL, p_now) THEN
    v_status := 'full';
  ELSE
    BEGIN
      PERFORM claim_booking_purchase(h.id, h.booking_code, h.user_id, NULL, NULL, p_now);
      v_status := pay_and_insert_booking(NULL, h.id, h.booking_code, h.user_id, h.park_id,
        h.vehicle_type_id, h.vehicle_id, h.plate_number, h.start_time, h.end_time, h.currency,
        h.total_minor, h.breakdown, NULL, NULL, p_now, p_wallet, p_revenue);
      IF v_status = 'booked' AND h.charger_id IS NOT NULL THEN
        -- The charger the hold kept, taken last as every charger booking takes it. Refused (a hold
        -- paid after its expiry, its charger taken since): the charge and the booking roll back.
        v_charger := attach_charger(h.id, h.charger_id, p_now);
        IF v_charger <> 'booked' THEN
          RAISE EXCEPTION 'charger % is not free', h.charger_id USING ERRCODE = 'PW409';
        END IF;
      END IF;
    EXCEPTION
      WHEN SQLSTATE 'PW402' THEN v_status := 'short';
      WHEN SQLSTATE 'PW409' THEN v_status := v_charger;
      WHEN exclusion_violation THEN v_status := 'plate_busy';
    END;
    IF v_status = 'missing_accounts' THEN
      RETURN v_status;
    END IF;
  END IF;
  UPDATE booking_holds
    SET status = CASE WHEN v_status = 'booked' THEN 'booked' ELSE 'not_booked' END,
      outcome = CASE WHEN v_status = 'booked' THEN NULL ELSE v_status END, updated_at = p_now
    WHERE id = p_hold;
  RETURN CASE WHEN v_status = 'booked' THEN 'booked' ELSE 'not_booked' END;
END;
$function$;
