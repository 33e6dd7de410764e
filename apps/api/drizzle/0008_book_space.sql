-- A booking in one round trip (docs/decisions/008-bookings.md). Safe to re-run: functions are replaced.
--
-- booking_peak: the peak number of active bookings present at once inside [p_start, p_end). With
-- half-open windows occupancy only rises at a booking's start, so the peak is at the window start
-- or at one of the starts inside it, so only those instants are counted. STABLE: it reads with the
-- snapshot of the statement that calls it, so a caller reads it in a later statement than its lock.
CREATE OR REPLACE FUNCTION booking_peak(p_park integer, p_type integer, p_start timestamptz,
  p_end timestamptz, p_exclude uuid) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    WITH b AS (
      SELECT start_time, end_time FROM bookings
      WHERE park_id = p_park AND vehicle_type_id = p_type AND status = 'active'
        AND tstzrange(start_time, end_time, '[)') && tstzrange(p_start, p_end, '[)')
        AND id IS DISTINCT FROM p_exclude),
    pts AS (SELECT p_start AS t UNION SELECT start_time FROM b WHERE start_time > p_start)
    SELECT coalesce(max((SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t)), 0)::int
    FROM pts);
END;
$$;--> statement-breakpoint
-- ledger_post: one ledger transfer (ledger.repo postLines). When every account exists it locks
-- them all in id order (ORDER BY ... FOR UPDATE locks in sort order, so two transfers never wait on
-- each other in a cycle; with one missing it locks none), claims the idempotency key, applies each
-- line only where the balance may take it (a user wallet never goes below zero) and writes the
-- entries only when every line applied. One row per account moved; `accounts` counts the accounts
-- found, `transaction_id` is null when the key had already been posted.
CREATE OR REPLACE FUNCTION ledger_post(p_kind text, p_key text, p_reference text, p_description text,
  p_accounts text[], p_amounts bigint[])
  RETURNS TABLE (accounts integer, transaction_id uuid, key text, balance bigint)
  LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  n integer := cardinality(p_accounts);
BEGIN
  RETURN QUERY
  WITH lines (key, amount_minor) AS (SELECT * FROM unnest(p_accounts, p_amounts)),
    found AS (SELECT a.id, l.amount_minor FROM wallet_accounts a JOIN lines l ON l.key = a.key),
    locked AS MATERIALIZED (
      SELECT a.id, f.amount_minor FROM wallet_accounts a JOIN found f ON f.id = a.id
      WHERE (SELECT count(*) FROM found) = n
      ORDER BY a.id FOR UPDATE OF a),
    t AS (
      INSERT INTO ledger_transactions (kind, idempotency_key, reference, description)
      SELECT p_kind, p_key, p_reference, p_description
      WHERE (SELECT count(*) FROM locked) = n
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id),
    moved AS (
      UPDATE wallet_accounts a SET balance_minor = a.balance_minor + x.amount_minor
      FROM locked x
      WHERE a.id = x.id AND EXISTS (SELECT FROM t)
        AND (a.allow_negative OR a.balance_minor + x.amount_minor >= 0)
      RETURNING a.key, a.id, a.currency, a.balance_minor, x.amount_minor),
    entries AS (
      INSERT INTO ledger_entries (transaction_id, account_id, amount_minor, currency, balance_after_minor)
      SELECT t.id, m.id, m.amount_minor, m.currency, m.balance_minor FROM t, moved m
      WHERE (SELECT count(*) FROM moved) = n)
    SELECT (SELECT count(*) FROM found)::int, t.id, m.key, m.balance_minor
    FROM (SELECT) AS one LEFT JOIN t ON true LEFT JOIN moved m ON true;
END;
$$;--> statement-breakpoint
-- book_space: a new booking, paid from the wallet, as one statement and so one transaction.
-- 1. lock the capacity row of the park and vehicle type (it serialises every writer of them);
-- 2. read the peak in a later statement (a volatile function's statements each take a new
--    snapshot at READ COMMITTED, so it sees what the lock's previous holders committed);
--    full -> 'full', nothing written;
-- 3. post the charge (ledger_post): an account missing -> 'missing_accounts', nothing written;
--    a balance too low -> SQLSTATE PW402, which rolls the whole call back;
-- 4. insert the booking: a busy plate fails on the exclusion constraint (23P01), a reused
--    idempotency key on its unique index (23505), each rolling the call back.
-- p_lock = false exists only for the negative-control race test.
CREATE OR REPLACE FUNCTION book_space(p_lock boolean, p_id uuid, p_code text, p_user uuid,
  p_park integer, p_type integer, p_vehicle integer, p_plate text, p_start timestamptz,
  p_end timestamptz, p_currency text, p_total bigint, p_breakdown jsonb, p_idempotency_key text,
  p_request_hash text, p_now timestamptz, p_wallet text, p_revenue text)
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_capacity integer;
  v_accounts integer;
  v_moved integer;
BEGIN
  IF p_lock THEN
    SELECT capacity INTO v_capacity FROM park_capacities
      WHERE park_id = p_park AND vehicle_type_id = p_type FOR UPDATE;
  ELSE
    SELECT capacity INTO v_capacity FROM park_capacities
      WHERE park_id = p_park AND vehicle_type_id = p_type;
  END IF;
  IF coalesce(v_capacity, 0) <= booking_peak(p_park, p_type, p_start, p_end, NULL) THEN
    RETURN 'full';
  END IF;
  SELECT max(l.accounts), count(l.key) INTO v_accounts, v_moved
    FROM ledger_post('booking_charge', 'booking:' || p_id || ':1', p_code,
      'booking_charge ' || p_code, ARRAY[p_wallet, p_revenue], ARRAY[-p_total, p_total]) AS l;
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
--> statement-breakpoint
-- At COMMIT (the deferred trigger of 0004, unchanged): every ledger transaction sums to zero per
-- currency, and each entry is in its account's currency. One read of the transaction's entries
-- instead of two, and no join that can scan every account: this check runs for every entry,
-- twice per booking (bench:bookings over 100 parks: about 300 -> 410 bookings/s).
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    -- The account's currency by its key, per entry: a join chose a scan of every wallet account
    -- when the planner misjudged entries per transaction (seen: 318 estimated, 2 real).
    SELECT e.currency, sum(e.amount_minor) AS total,
      bool_or(e.currency <> (SELECT a.currency FROM wallet_accounts a WHERE a.id = e.account_id)) AS foreign_entry
    FROM ledger_entries e
    WHERE e.transaction_id = NEW.transaction_id GROUP BY e.currency
  LOOP
    IF r.foreign_entry THEN
      RAISE EXCEPTION 'ledger transaction % has an entry in another currency than its account', NEW.transaction_id
        USING ERRCODE = 'check_violation';
    END IF;
    IF r.total <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.transaction_id, r.currency
        USING ERRCODE = 'check_violation';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
