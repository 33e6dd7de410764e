-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.
CREATE OR REPLACE FUNCTION public.book_event_space(p_event integer, p_id uuid, p_code text, p_user uuid, p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamp with time zone, p_end timestamp with time zone, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text, p_request_hash text, p_now timestamp with time zone, p_wallet text, p_revenue text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_status text;
  v_allocation integer;
  v_booked integer;
BEGIN
  -- The purchase engine's row first, before the capacity lock: the code and the buyer's
  -- Idempotency-Key claimed (a retry racing its first attempt waits on the key's unique index, then
  -- fails with 23505 and replays it) without holding up the park's other bookings. Its foreign key
  -- shares the driver's row; a hold locks that row FOR NO KEY UPDATE, which does not wait on it.
  PERFORM claim_booking_purchase(p_id, p_code, p_user, p_idempotency_key, p_request_hash, p_now);
  PERFORM 1 FROM parks WHERE id = p_park FOR KEY SHARE;
  PERFORM 1 FROM park_capacities WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = p_park AND c.currency = p_currency) THEN
    RETURN 'moved';
  END IF;
  -- A closure saved meanwhile: the park read again under the shared row (book_space's rule), so an
  -- event space is either listed among the closure's affected bookings or never made.
  IF EXISTS (SELECT 1 FROM parks p WHERE p.id = p_park
      AND window_hits_closure(p.closures, p.time_zone, p.overnight_stays, p_start, p_end)) THEN
    RETURN 'closed';
  END IF;
  SELECT status INTO v_status FROM events WHERE id = p_event FOR SHARE;
  IF v_status IS DISTINCT FROM 'published' THEN
    RETURN 'unavailable';
  END IF;
  SELECT allocation INTO v_allocation FROM event_rates
    WHERE event_id = p_event AND park_id = p_park AND vehicle_type_id = p_type;
  IF v_allocation IS NULL THEN
    RETURN 'unavailable';
  END IF;
  v_booked := event_booked(p_event, p_park, p_type);
  IF v_booked >= v_allocation THEN
    RETURN 'full';
  END IF;
  v_status := pay_and_insert_booking(p_event, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
  -- The allocation's last space: the offer's sold-out fact, in this transaction and under this
  -- lock (decision 051). A booking that stops holding a space clears it (event_offer_reopened).
  IF v_status = 'booked' AND v_booked + 1 >= v_allocation THEN
    UPDATE event_rates SET sold_out = true
      WHERE event_id = p_event AND park_id = p_park AND vehicle_type_id = p_type AND allocation <= v_booked + 1;
  END IF;
  IF v_status = 'booked' AND p_plate IS NOT NULL THEN
    PERFORM refuse_held_plate(p_user, p_plate, p_start, p_end, p_now);
  END IF;
  RETURN v_status;
END;
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
  -- A closure saved since the hold was taken (a hold is not among a closure's affected bookings):
  -- book_space's rule under the same shared row; nothing is booked and the money stays in the wallet.
  ELSIF EXISTS (SELECT 1 FROM parks p WHERE p.id = h.park_id
      AND window_hits_closure(p.closures, p.time_zone, p.overnight_stays, h.start_time, h.end_time)) THEN
    v_status := 'closed';
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
--> statement-breakpoint
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
