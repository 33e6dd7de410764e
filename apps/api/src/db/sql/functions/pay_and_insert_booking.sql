-- The source: change it here, then `npm run db:sql` writes the migration that applies it.
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
  INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, vehicle_id, plate_number,
    start_time, end_time, status, currency, total_minor, paid_minor, breakdown, moves,
    created_at, updated_at, event_id)
  VALUES (p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate, p_start, p_end, 'active',
    p_currency, p_total, p_total, p_breakdown, 1, p_now, p_now, p_event);
  RETURN 'booked';
END;
$function$;
