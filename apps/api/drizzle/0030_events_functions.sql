-- Changes to the booking functions made after 0028 had been applied to running databases (a
-- migration once applied is never edited: the migrator would not run it again on them).
--
-- booking_peak: once an event is no longer published (its organiser cancelled it) its hold goes and
-- its bookings still active count one by one, until the refund job has cancelled them.
CREATE OR REPLACE FUNCTION booking_peak(p_park integer, p_type integer, p_start timestamptz,
  p_end timestamptz, p_exclude uuid, p_exclude_event integer DEFAULT NULL)
  RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    WITH b AS (
      SELECT start_time, end_time, 1 AS n FROM bookings
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'active'
        AND (event_id IS NULL
          OR NOT EXISTS (SELECT 1 FROM events e WHERE e.id = bookings.event_id AND e.status = 'published'))
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude
      UNION ALL
      SELECT start_time, end_time, 1 FROM pos_sales
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'parked'
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude
      UNION ALL
      SELECT ep.window_start, ep.window_end, r.allocation FROM event_rates r
      JOIN event_parks ep ON ep.event_id = r.event_id AND ep.park_id = r.park_id
      JOIN events e ON e.id = r.event_id
      WHERE r.park_id = p_park AND r.vehicle_type_id = p_type AND e.status = 'published'
        AND e.id IS DISTINCT FROM p_exclude_event
        AND tstzrange(ep.window_start, ep.window_end, '[)') && tstzrange(p_start, p_end, '[)')),
    pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
    SELECT coalesce(max((SELECT sum(n) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
    FROM pts);
END;
$$;
--> statement-breakpoint
-- pay_and_insert_booking: what book_space and book_event_space do once the space is theirs, in one
-- place: post the charge ('missing_accounts' when the wallet or revenue account does not exist
-- yet, SQLSTATE PW402 when the wallet is short), then insert the booking ('booked'). `p_event` is
-- the event the booking parks for (NULL for an ordinary booking).
CREATE FUNCTION pay_and_insert_booking(p_event integer, p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
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
    idempotency_key, request_hash, created_at, updated_at, event_id)
  VALUES (p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate, p_start, p_end, 'active',
    p_currency, p_total, p_total, p_breakdown, 1, p_idempotency_key, p_request_hash, p_now, p_now, p_event);
  RETURN 'booked';
END;
$$;
--> statement-breakpoint
-- book_space as in 0021 (lock the capacity row, 'full' when the peak leaves no space), its charge
-- and insert now pay_and_insert_booking's.
CREATE OR REPLACE FUNCTION book_space(p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
BEGIN
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL) THEN
    RETURN 'full';
  END IF;
  RETURN pay_and_insert_booking(NULL, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
END;
$$;
--> statement-breakpoint
-- book_event_space: book_space for an event's parking. Under the same capacity row lock, it reads
-- the event's row FOR SHARE (an organiser's cancellation, an UPDATE of that row, waits for the
-- booking or makes it see 'cancelled'), refuses an event no longer published ('unavailable') or an
-- allocation already taken ('full'), then pays and inserts as book_space does. The park's own
-- capacity needs no check here: the allocation is already counted against it by booking_peak.
CREATE OR REPLACE FUNCTION book_event_space(p_event integer, p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
  v_allocation integer;
BEGIN
  PERFORM 1 FROM park_capacities WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  SELECT status INTO v_status FROM events WHERE id = p_event FOR SHARE;
  IF v_status IS DISTINCT FROM 'published' THEN
    RETURN 'unavailable';
  END IF;
  SELECT allocation INTO v_allocation FROM event_rates
    WHERE event_id = p_event AND park_id = p_park AND vehicle_type_id = p_type;
  IF v_allocation IS NULL THEN
    RETURN 'unavailable';
  END IF;
  IF event_booked(p_event, p_park, p_type) >= v_allocation THEN
    RETURN 'full';
  END IF;
  RETURN pay_and_insert_booking(p_event, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
END;
$$;
