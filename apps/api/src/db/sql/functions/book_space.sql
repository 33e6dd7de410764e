-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
CREATE OR REPLACE FUNCTION public.book_space(p_id uuid, p_code text, p_user uuid, p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamp with time zone, p_end timestamp with time zone, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text, p_request_hash text, p_now timestamp with time zone, p_wallet text, p_revenue text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_capacity integer;
  v_status text;
BEGIN
  -- The purchase engine's row first, before the capacity lock: the code and the buyer's
  -- Idempotency-Key claimed (a retry racing its first attempt waits on the key's unique index, then
  -- fails with 23505 and replays it) without holding up the park's other bookings. Its foreign key
  -- shares the driver's row; a hold locks that row FOR NO KEY UPDATE, which does not wait on it.
  PERFORM claim_booking_purchase(p_id, p_code, p_user, p_idempotency_key, p_request_hash, p_now);
  PERFORM 1 FROM parks WHERE id = p_park FOR KEY SHARE;
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = p_park AND c.currency = p_currency) THEN
    RETURN 'moved';
  END IF;
  -- A closure saved meanwhile (its transaction held the park's row FOR UPDATE, which the KEY SHARE
  -- above waited for): this statement reads the park as it is now, and the window it closed is
  -- refused, so a booking is either listed among the closure's affected bookings or never made.
  IF EXISTS (SELECT 1 FROM parks p WHERE p.id = p_park
      AND window_hits_closure(p.closures, p.time_zone, p.overnight_stays, p_start, p_end)) THEN
    RETURN 'closed';
  END IF;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL, NULL, p_now) THEN
    RETURN 'full';
  END IF;
  v_status := pay_and_insert_booking(NULL, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
  IF v_status = 'booked' AND p_plate IS NOT NULL THEN
    PERFORM refuse_held_plate(p_user, p_plate, p_start, p_end, p_now);
  END IF;
  RETURN v_status;
END;
$function$;
