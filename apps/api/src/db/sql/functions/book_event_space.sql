-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
