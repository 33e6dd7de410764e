-- Written by `npm run db:sql` from apps/api/src/db/sql/ (the functions' and triggers' source), not by hand.
CREATE OR REPLACE FUNCTION public.pay_and_insert_booking(p_event integer, p_id uuid, p_code text, p_user uuid, p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamp with time zone, p_end timestamp with time zone, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text, p_request_hash text, p_now timestamp with time zone, p_wallet text, p_revenue text)
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_accounts integer;
  v_moved integer;
BEGIN
  SELECT max(l.accounts), count(l.key) INTO v_accounts, v_moved
    FROM ledger_post('booking_charge', 'booking:' || p_id || ':1', p_code,
      'Booking payment ' || p_code, ARRAY[p_wallet, p_revenue], ARRAY[-p_total, p_total]) AS l;
  IF v_accounts < 2 THEN
    RETURN 'missing_accounts';
  END IF;
  IF v_moved < 2 THEN
    RAISE EXCEPTION 'insufficient wallet balance for booking %', p_code USING ERRCODE = 'PW402';
  END IF;
  -- The purchase engine's row: the code and the buyer's Idempotency-Key claimed (a retry racing
  -- its first attempt waits on the key's unique index, then fails with 23505 and replays it).
  INSERT INTO purchases (id, kind, code, user_id, idempotency_key, request_hash, created_at)
  VALUES (p_id, 'booking', p_code, p_user, p_idempotency_key, p_request_hash, p_now);
  INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, vehicle_id, plate_number,
    start_time, end_time, status, currency, total_minor, paid_minor, breakdown, moves,
    created_at, updated_at, event_id)
  VALUES (p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate, p_start, p_end, 'active',
    p_currency, p_total, p_total, p_breakdown, 1, p_now, p_now, p_event);
  RETURN 'booked';
END;
$function$;
