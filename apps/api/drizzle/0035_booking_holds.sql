CREATE TABLE "booking_holds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"park_id" integer NOT NULL,
	"vehicle_type_id" integer NOT NULL,
	"vehicle_id" integer,
	"plate_number" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"currency" char(3) NOT NULL,
	"total_minor" bigint NOT NULL,
	"breakdown" jsonb NOT NULL,
	"balance_minor" bigint NOT NULL,
	"payment_id" uuid NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"outcome" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_holds_window" CHECK ("booking_holds"."end_time" > "booking_holds"."start_time"),
	CONSTRAINT "booking_holds_status_known" CHECK ("booking_holds"."status" IN ('held', 'booked', 'expired', 'not_booked')),
	CONSTRAINT "booking_holds_money" CHECK ("booking_holds"."total_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_park_id_parks_id_fk" FOREIGN KEY ("park_id") REFERENCES "public"."parks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_vehicle_id_user_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."user_vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_holds_code_key" ON "booking_holds" USING btree ("booking_code");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_holds_payment_key" ON "booking_holds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "booking_holds_live_idx" ON "booking_holds" USING gist ("park_id","vehicle_type_id",tstzrange("start_time", "end_time", '[)')) WHERE "booking_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "booking_holds_expiry_idx" ON "booking_holds" USING btree ("expires_at") WHERE "booking_holds"."status" = 'held';--> statement-breakpoint
-- A held plate is busy for its window while the hold lives, as an active booking's is (0005): one
-- user's plate never holds two overlapping live holds. A hold past its expiry that the job has not
-- marked yet is marked by hold_check, under the user's row lock, before this constraint can see it.
ALTER TABLE "booking_holds" ADD CONSTRAINT "booking_holds_vehicle_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, "plate_number" WITH =, tstzrange("start_time", "end_time", '[)') WITH &&)
  WHERE ("status" = 'held' AND "plate_number" IS NOT NULL);
--> statement-breakpoint
-- booking_peak now also counts the live holds (docs/decisions/026-pay-the-difference.md): a window
-- held while its driver pays the difference, until its expiry. `p_now` is the caller's clock (the
-- app's, which book_space, hold_check and complete_hold pass); a hold past its expiry counts for
-- nothing even before the job marks it. The other callers read it at the database's now().
DROP FUNCTION booking_peak(integer, integer, timestamptz, timestamptz, uuid, integer);
--> statement-breakpoint
CREATE FUNCTION booking_peak(p_park integer, p_type integer, p_start timestamptz,
  p_end timestamptz, p_exclude uuid, p_exclude_event integer DEFAULT NULL, p_now timestamptz DEFAULT now())
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
      SELECT start_time, end_time, 1 FROM booking_holds
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'held' AND expires_at > p_now
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
-- book_space as in 0032, reading the peak at the booking's own clock (p_now), and refusing a plate
-- that a live hold of the same driver keeps busy over the window (23P01, as the bookings' own
-- constraint does). The check is a statement after the insert, whose foreign key shares the user's
-- row: hold_check locks that row FOR UPDATE first, so one of the two waits and then sees the other.
CREATE OR REPLACE FUNCTION book_space(p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_status text;
BEGIN
  PERFORM 1 FROM parks WHERE id = p_park FOR KEY SHARE;
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  IF NOT EXISTS (SELECT 1 FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE p.id = p_park AND c.currency = p_currency) THEN
    RETURN 'moved';
  END IF;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL, NULL, p_now) THEN
    RETURN 'full';
  END IF;
  v_status := pay_and_insert_booking(NULL, p_id, p_code, p_user, p_park, p_type, p_vehicle, p_plate,
    p_start, p_end, p_currency, p_total, p_breakdown, p_idempotency_key, p_request_hash, p_now,
    p_wallet, p_revenue);
  IF v_status = 'booked' AND p_plate IS NOT NULL AND EXISTS (SELECT 1 FROM booking_holds
      WHERE user_id = p_user AND plate_number = p_plate AND status = 'held' AND expires_at > p_now
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')) THEN
    RAISE EXCEPTION 'plate % is held for this window', p_plate USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN v_status;
END;
$$;
--> statement-breakpoint
-- hold_check: the first statement of a hold (bookings hold.service), under the locks a booking
-- takes, in its order: the park's row shared, the capacity row FOR UPDATE, the wallet (p_wallet,
-- which the caller created), then the driver's row FOR UPDATE (their plates: see book_space). Answers 'moved' (the park charges in another currency
-- now), 'full' (the peak at p_now leaves no space), 'plate_busy' (an active booking or a live hold
-- of this driver has the plate in the window) or 'free'; the driver's holds past their expiry are
-- marked expired first. The caller then starts the top-up and inserts the hold in the same
-- transaction, so the locks are held until that COMMIT.
CREATE FUNCTION hold_check(p_user uuid, p_park integer, p_type integer, p_plate text,
  p_start timestamptz, p_end timestamptz, p_currency text, p_now timestamptz, p_wallet text)
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
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL, NULL, p_now) THEN
    RETURN 'full';
  END IF;
  PERFORM 1 FROM wallet_accounts WHERE key = p_wallet FOR UPDATE;
  PERFORM 1 FROM users WHERE id = p_user FOR UPDATE;
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
$$;
--> statement-breakpoint
-- complete_hold: a hold's top-up was credited (settle, in its transaction): book it. Locks in the
-- bookings' order: the park's row shared, the capacity row (settle took both before its credit,
-- which locked the wallet), the driver's row, then the hold. It books the hold when the window still
-- has room without it (a live hold is sure to; one that expired meanwhile only if nobody took the
-- space), its end is still ahead and the park still charges in its currency: charge and insert
-- through pay_and_insert_booking (key booking:<id>:1, as book_space), the booking taking the hold's
-- id and code. A wallet short again (its money spent meanwhile: PW402) or a plate booked meanwhile
-- (23P01) rolls back only that attempt. Answers 'booked', 'not_booked' (the hold's `outcome` says
-- why: full, past, moved, short, plate_busy; the money stays in the wallet), 'missing_accounts'
-- (nothing changed: create them and call again) or 'none' (no such hold). A hold already booked or
-- not booked answers that again.
CREATE FUNCTION complete_hold(p_hold uuid, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  h booking_holds%ROWTYPE;
  v_capacity integer;
  v_status text;
BEGIN
  SELECT * INTO h FROM booking_holds WHERE id = p_hold;
  IF NOT FOUND THEN
    RETURN 'none';
  END IF;
  PERFORM 1 FROM parks WHERE id = h.park_id FOR KEY SHARE;
  SELECT capacity INTO v_capacity FROM park_capacities
    WHERE park_id = h.park_id AND vehicle_type_id = h.vehicle_type_id FOR UPDATE;
  PERFORM 1 FROM wallet_accounts WHERE key = p_wallet FOR UPDATE;
  PERFORM 1 FROM users WHERE id = h.user_id FOR UPDATE;
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
      v_status := pay_and_insert_booking(NULL, h.id, h.booking_code, h.user_id, h.park_id,
        h.vehicle_type_id, h.vehicle_id, h.plate_number, h.start_time, h.end_time, h.currency,
        h.total_minor, h.breakdown, NULL, NULL, p_now, p_wallet, p_revenue);
    EXCEPTION
      WHEN SQLSTATE 'PW402' THEN v_status := 'short';
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
$$;
