-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
