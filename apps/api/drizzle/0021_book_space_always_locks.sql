-- book_space always takes the capacity lock: the switch that turned it off existed only for a
-- test, which now installs its own unlocked copy in its own database. Otherwise as in 0019:
-- lock the capacity row, read the peak in a later statement ('full' when none is left), post the
-- charge ('missing_accounts', or SQLSTATE PW402 when the wallet is short), insert the booking.
DROP FUNCTION book_space(boolean, uuid, text, uuid, integer, integer, integer, text, timestamptz,
  timestamptz, text, bigint, jsonb, text, text, timestamptz, text, text);
--> statement-breakpoint
CREATE FUNCTION book_space(p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_accounts integer;
  v_moved integer;
BEGIN
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL) THEN
    RETURN 'full';
  END IF;
  SELECT max(l.accounts), count(l.key) INTO v_accounts, v_moved
    FROM ledger_post('booking_charge', 'booking:' || p_id || ':1', p_code,
      'Booking payment ' || p_code, ARRAY[p_wallet, p_revenue], ARRAY[-p_total, p_total]) AS l;
  IF v_accounts < 2 THEN
    RETURN 'missing_accounts';
  END IF;
  IF v_moved < 2 THEN
    RAISE EXCEPTION 'insufficient wallet balance for booking %', p_code USING ERRCODE = 'PW402';
  END IF;
  INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, vehicle_id, plate_number,
    start_time, end_time, status, currency, total_minor, paid_minor, breakdown, moves,
    idempotency_key, request_hash, created_at, updated_at)
  VALUES (p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate, p_start, p_end, 'active',
    p_currency, p_total, p_total, p_breakdown, 1, p_idempotency_key, p_request_hash, p_now, p_now);
  RETURN 'booked';
END;
$$;
