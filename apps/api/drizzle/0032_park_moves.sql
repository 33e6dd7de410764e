-- A park's country (so its currency) and time zone change only while nothing there is unfinished
-- (admin-parks.service update: the park's row FOR UPDATE, then the count). Every writer of a booking
-- shares the park's row first (FOR KEY SHARE, which the booking's foreign key takes anyway): a change
-- holding the row makes it wait, and its later statements see the park as changed. A new booking is
-- priced before it is placed, from an unlocked read: under the locks, book_space and book_event_space
-- now check that the park still charges in the booking's currency, else answer 'moved' (nothing
-- written). The lock order is the park's row, then the capacity row (as an edit of the park's
-- capacities, which never holds the park's row while it waits for them).
--
-- The two indexes serve that count: the cars inside per park, and the orders still open at a park.
CREATE INDEX "bookings_inside_idx" ON "bookings" USING btree ("park_id") WHERE "bookings"."checked_in_at" IS NOT NULL AND "bookings"."checked_out_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_open_park_idx" ON "orders" USING btree ("park_id") WHERE "orders"."park_id" IS NOT NULL AND "orders"."stage" NOT IN ('completed', 'canceled', 'rejected', 'returned');--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_space(p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
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
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL) THEN
    RETURN 'full';
  END IF;
  RETURN pay_and_insert_booking(NULL, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION book_event_space(p_event integer, p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
  v_allocation integer;
BEGIN
  PERFORM 1 FROM parks WHERE id = p_park FOR KEY SHARE;
  PERFORM 1 FROM park_capacities WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = p_park AND c.currency = p_currency) THEN
    RETURN 'moved';
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
  IF event_booked(p_event, p_park, p_type) >= v_allocation THEN
    RETURN 'full';
  END IF;
  RETURN pay_and_insert_booking(p_event, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
END;
$$;
