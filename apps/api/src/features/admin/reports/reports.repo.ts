/**
 * The back office's report queries. Each report reads one page two ways: by OFFSET for the JSON
 * page a person looks at, and by keyset (`after`: the last row's key, every key column as text so
 * timestamps keep their microseconds) for the CSV export, which reads the whole range in batches
 * without a transaction held between them (docs/PRODUCT-RULES.md "Back-office dashboard and reports").
 * Park-bound reports read a date as the park's own day: `[from 00:00, to + 1 day 00:00)` on its clock.
 */
import { sql, type SQL } from "drizzle-orm";
import { cachedPerDb } from "../../../db/cached";
import { queryRows, type Db } from "../../../db/client";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";

export interface ReportFilter {
  from: string;
  to: string;
  parkIds: readonly number[] | null;
  parkId: number | null;
  status: string | null;
}

/** Where a page starts: an offset (JSON pages) or after a key (the export's batches). */
export type PageAt = { offset: number; limit: number } | { after: string[] | null; limit: number };

/** The page's LIMIT (and OFFSET for a JSON page). */
export const limitOf = (at: PageAt): SQL =>
  "offset" in at ? sql`LIMIT ${at.limit} OFFSET ${at.offset}` : sql`LIMIT ${at.limit}`;

/** `(columns) > (after)` for a keyset batch; true for the first batch and for offset pages. */
export function afterKey(at: PageAt, columns: SQL, types: string[]): SQL {
  if ("offset" in at || at.after === null) return sql`true`;
  const values = sql.join(
    at.after.map((v, i) => sql`${v}::${sql.raw(types[i]!)}`),
    sql`, `,
  );
  return sql`(${columns}) > (${values})`;
}

export const parkDayStart = (date: string, zone: SQL) =>
  sql`((${date}::date)::timestamp AT TIME ZONE ${zone})`;
export const parkDayEnd = (date: string, zone: SQL) =>
  sql`(((${date}::date + 1))::timestamp AT TIME ZONE ${zone})`;
const utcDayStart = (date: string) => sql`((${date}::date)::timestamp AT TIME ZONE 'UTC')`;
const utcDayEnd = (date: string) => sql`(((${date}::date + 1))::timestamp AT TIME ZONE 'UTC')`;

export function parkFilter(column: SQL, f: ReportFilter): SQL {
  return sql`${parkScopeSql(column, f.parkIds)} AND ${f.parkId === null ? sql`true` : sql`${column} = ${f.parkId}`}`;
}

// ---------------------------------------------------------------------------------- sales

export interface SalesRaw {
  channel: "online" | "pos" | "monthly" | "vehicle_docs";
  id: string;
  code: string;
  park_id: number | null;
  park: string | null;
  time_zone: string;
  status: string;
  at: string;
  k_at: string;
  currency: string;
  parking_minor: string;
  fees_minor: string;
  discount_minor: string;
  vat_minor: string;
  total_minor: string;
  refunds_minor: string;
  net_minor: string;
  share_minor: string;
  busy_time_minor: string;
}

/**
 * The parts of what a sale's receipts and credit notes document, net of refunds (a credit note's
 * lines are negative): the space sold (parking, a pass's term, an overstay: what an operator's
 * share is of), a coupon's discount, everything else before tax (Parkwell's service and booking
 * fees, charging sold with a booking, a document request's fees and delivery), and the taxes. The
 * operator's share of the space is from its lines (`operator_lines`, one per receipt that moved
 * its account); Parkwell's commission is the rest of the space sold (all of it at a park Parkwell
 * runs). So per row: net = share + commission + fees + discount + vat, to the minor unit.
 * `keys` is the set of the row's ledger moves (one receipt each).
 */
function receiptParts(keys: SQL): SQL {
  return sql`(SELECT COALESCE(sum(l_.amount) FILTER (WHERE l_.kind IN ('parking', 'pass', 'overstay')), 0) AS parking_minor,
      COALESCE(sum(l_.amount) FILTER (WHERE l_.kind = 'discount'), 0) AS discount_minor,
      COALESCE(sum(l_.amount) FILTER (WHERE l_.kind NOT IN ('parking', 'pass', 'overstay', 'discount')), 0) AS fees_minor,
      (SELECT COALESCE(sum(x."amountMinor"), 0) FROM receipts rt_
        CROSS JOIN LATERAL jsonb_to_recordset(rt_.taxes) AS x("amountMinor" bigint)
        WHERE rt_.ledger_key IN (${keys})) AS vat_minor,
      (SELECT COALESCE(sum(ol_.gross_minor - ol_.commission_minor), 0) FROM operator_lines ol_
        WHERE ol_.ledger_key IN (SELECT 'share:' || k FROM (${keys}) AS k_(k))) AS share_minor
    FROM receipts rl_ CROSS JOIN LATERAL (SELECT j->>'kind' AS kind, (j->>'amountMinor')::bigint AS amount
      FROM jsonb_array_elements(rl_.lines) j) l_
    WHERE rl_.ledger_key IN (${keys}))`;
}

/**
 * What the wallet paid for a booking and what came back, from the ledger: its moves are
 * `booking:<id>:<n>` for n from 1 to `moves` (the charge is 1; extensions, renewals and an
 * overstay are charges too), found through the unique key's index; each move's positive line is
 * its amount (the revenue's for a charge, the wallet's for a refund).
 */
const ledgerOfBooking = sql`(SELECT COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind <> 'refund'), 0) AS charged_minor,
      COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind = 'refund'), 0) AS refunds_minor
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor > 0
    WHERE t.idempotency_key IN (SELECT 'booking:' || b.id || ':' || g FROM generate_series(1, b.moves) g))`;

function salesBranches(f: ReportFilter, at: PageAt): SQL {
  const online = sql`SELECT 'online'::text AS channel, b.id::text AS id, b.booking_code AS code, b.park_id,
      p.name AS park, p.time_zone, b.status, b.created_at AS at, b.created_at::text AS k_at, b.currency::text AS currency,
      rp.parking_minor, rp.fees_minor, rp.discount_minor, rp.vat_minor, m.charged_minor AS total_minor,
      m.refunds_minor, m.charged_minor - m.refunds_minor AS net_minor, rp.share_minor,
      -- What busy-time rules added to its parking over the normal rates' (decision 059).
      COALESCE((b.breakdown->>'parkingMinor')::bigint - (b.breakdown->>'normalParkingMinor')::bigint, 0) AS busy_time_minor
    FROM bookings b JOIN parks p ON p.id = b.park_id CROSS JOIN LATERAL ${ledgerOfBooking} m
    CROSS JOIN LATERAL ${receiptParts(sql`SELECT 'booking:' || b.id || ':' || g FROM generate_series(1, b.moves) g`)} rp
    WHERE ${parkFilter(sql`b.park_id`, f)}
      AND b.created_at >= ${parkDayStart(f.from, sql`p.time_zone`)} AND b.created_at < ${parkDayEnd(f.to, sql`p.time_zone`)}
      AND ${f.status === null ? sql`true` : sql`b.status = ${f.status}`}
      AND ${afterKey(at, sql`b.created_at, 'online'::text, b.id::text`, ["timestamptz", "text", "text"])}`;
  // A drive-up sale is paid to the operator at its gate: its share is the amount less the
  // commission it owes on it (its line), all of it Parkwell's at a park Parkwell runs.
  const pos = sql`SELECT 'pos'::text AS channel, s.id::text AS id, s.sale_code AS code, s.park_id, p.name AS park,
      p.time_zone, s.status, s.closed_at AS at, s.closed_at::text AS k_at, s.currency::text AS currency,
      s.amount_minor AS parking_minor, 0::bigint AS fees_minor, 0::bigint AS discount_minor, 0::bigint AS vat_minor,
      s.amount_minor AS total_minor, 0::bigint AS refunds_minor, s.amount_minor AS net_minor,
      CASE WHEN p.operator_id IS NULL THEN 0::bigint ELSE s.amount_minor - COALESCE((SELECT o.commission_minor
        FROM operator_lines o WHERE o.ledger_key = 'share:pos:' || s.id), 0) END AS share_minor,
      0::bigint AS busy_time_minor
    FROM pos_sales s JOIN parks p ON p.id = s.park_id
    WHERE s.status = 'closed' AND ${parkFilter(sql`s.park_id`, f)}
      AND s.closed_at >= ${parkDayStart(f.from, sql`p.time_zone`)} AND s.closed_at < ${parkDayEnd(f.to, sql`p.time_zone`)}
      AND ${f.status === null || f.status === "closed" ? sql`true` : sql`false`}
      AND ${afterKey(at, sql`s.closed_at, 'pos'::text, s.id::text`, ["timestamptz", "text", "text"])}`;
  // Monthly passes: each term charged (the sale's and each renewal's), by its charge's time, its
  // parts from its receipt; a pass's terms are never refunded, so its net is its total. Its status
  // is "paid".
  const monthly = sql`SELECT 'monthly'::text AS channel, c.pass_id::text || ':' || c.period::text AS id,
      ps.pass_code AS code, ps.park_id, p.name AS park, p.time_zone, 'paid'::text AS status, c.charged_at AS at,
      c.charged_at::text AS k_at, ps.currency::text AS currency, rp.parking_minor, rp.fees_minor, rp.discount_minor,
      rp.vat_minor, c.total_minor, 0::bigint AS refunds_minor, c.total_minor AS net_minor, rp.share_minor, 0::bigint AS busy_time_minor
    FROM pass_charges c JOIN passes ps ON ps.id = c.pass_id JOIN parks p ON p.id = ps.park_id
    CROSS JOIN LATERAL ${receiptParts(sql`SELECT 'pass:' || c.pass_id || ':' || c.period`)} rp
    WHERE ${parkFilter(sql`ps.park_id`, f)}
      AND c.charged_at >= ${parkDayStart(f.from, sql`p.time_zone`)} AND c.charged_at < ${parkDayEnd(f.to, sql`p.time_zone`)}
      AND ${afterKey(at, sql`c.charged_at, 'monthly'::text, c.pass_id::text || ':' || c.period::text`, ["timestamptz", "text", "text"])}`;
  // Vehicle document requests (decision 031): Parkwell's own nationwide service, not a park's, so
  // only for staff who see every park and pick none; by the request's time on its country's clock.
  // Its charge and refunds from the ledger (`vehicle_docs:<id>:<n>`), its stage as the status;
  // its parts from its receipts: the fees are everything before the tax and a coupon's discount
  // (government fees, the insurer's premium, the service charge, delivery), the VAT is Parkwell's
  // charges' tax. The pickup park, when there is one.
  const vehicleDocs = sql`SELECT 'vehicle_docs'::text AS channel, r.id::text AS id, r.code, r.pickup_park_id AS park_id,
      pp.name AS park, c.timezone AS time_zone, r.stage AS status, r.created_at AS at, r.created_at::text AS k_at,
      r.currency::text AS currency, rp.parking_minor, rp.fees_minor, rp.discount_minor, rp.vat_minor,
      m.charged_minor AS total_minor, m.refunds_minor, m.charged_minor - m.refunds_minor AS net_minor,
      rp.share_minor, 0::bigint AS busy_time_minor
    FROM vehicle_doc_requests r JOIN countries c ON c.id = r.country_id LEFT JOIN parks pp ON pp.id = r.pickup_park_id
    CROSS JOIN LATERAL (SELECT COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind <> 'refund'), 0) AS charged_minor,
        COALESCE(sum(e.amount_minor) FILTER (WHERE t.kind = 'refund'), 0) AS refunds_minor
      FROM ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id AND e.amount_minor > 0
      WHERE t.idempotency_key IN (SELECT 'vehicle_docs:' || r.id || ':' || g FROM generate_series(1, r.moves) g)) m
    CROSS JOIN LATERAL ${receiptParts(sql`SELECT 'vehicle_docs:' || r.id || ':' || g FROM generate_series(1, r.moves) g`)} rp
    WHERE r.created_at >= ${parkDayStart(f.from, sql`c.timezone`)} AND r.created_at < ${parkDayEnd(f.to, sql`c.timezone`)}
      AND ${afterKey(at, sql`r.created_at, 'vehicle_docs'::text, r.id::text`, ["timestamptz", "text", "text"])}`;
  if (f.status === "closed") return pos;
  if (f.status === "paid") return monthly;
  if (f.status !== null) return online;
  if (f.parkIds !== null || f.parkId !== null) return sql`${online} UNION ALL ${pos} UNION ALL ${monthly}`;
  return sql`${online} UNION ALL ${pos} UNION ALL ${monthly} UNION ALL ${vehicleDocs}`;
}

export function salesPage(db: Tx, f: ReportFilter, at: PageAt): Promise<SalesRaw[]> {
  return queryRows<SalesRaw>(
    db,
    sql`SELECT * FROM (${salesBranches(f, at)}) x ORDER BY at, channel, id ${limitOf(at)}`,
  );
}

export const salesKey = (r: SalesRaw) => [r.k_at, r.channel, r.id];

export interface SalesTotalsRaw {
  currency: string;
  n: string;
  parking_minor: string;
  fees_minor: string;
  discount_minor: string;
  vat_minor: string;
  share_minor: string;
  busy_time_minor: string;
  total_minor: string;
  refunds_minor: string;
  net_minor: string;
}

export function salesTotals(db: Tx, f: ReportFilter): Promise<SalesTotalsRaw[]> {
  return queryRows<SalesTotalsRaw>(
    db,
    sql`SELECT currency, count(*) AS n, sum(parking_minor) AS parking_minor, sum(fees_minor) AS fees_minor,
      sum(discount_minor) AS discount_minor, sum(vat_minor) AS vat_minor, sum(share_minor) AS share_minor,
      sum(busy_time_minor) AS busy_time_minor, sum(total_minor) AS total_minor, sum(refunds_minor) AS refunds_minor, sum(net_minor) AS net_minor
      FROM (${salesBranches(f, { after: null, limit: 0 })}) x GROUP BY currency ORDER BY currency`,
  );
}

// ------------------------------------------------------------------------------- bookings

export interface BookingsRaw {
  id: string;
  code: string;
  park_id: number;
  park: string;
  time_zone: string;
  vehicle_type_id: number;
  vehicle_type: string;
  plate_number: string | null;
  start_time: string;
  k_start: string;
  end_time: string;
  status: string;
  checked_in_at: string | null;
  checked_out_at: string | null;
  currency: string;
  total_minor: string;
  paid_minor: string;
}

function bookingsWhere(f: ReportFilter): SQL {
  return sql`${parkFilter(sql`b.park_id`, f)}
    AND b.start_time >= ${parkDayStart(f.from, sql`p.time_zone`)} AND b.start_time < ${parkDayEnd(f.to, sql`p.time_zone`)}
    AND ${f.status === null ? sql`true` : sql`b.status = ${f.status}`}`;
}

export function bookingsPage(db: Tx, f: ReportFilter, at: PageAt): Promise<BookingsRaw[]> {
  return queryRows<BookingsRaw>(
    db,
    sql`SELECT b.id::text AS id, b.booking_code AS code, b.park_id, p.name AS park, p.time_zone, b.vehicle_type_id,
      vt.name AS vehicle_type, b.plate_number, b.start_time, b.start_time::text AS k_start, b.end_time, b.status, b.checked_in_at,
      b.checked_out_at, b.currency::text AS currency, b.total_minor, b.paid_minor
    FROM bookings b JOIN parks p ON p.id = b.park_id JOIN vehicle_types vt ON vt.id = b.vehicle_type_id
    WHERE ${bookingsWhere(f)}
      AND ${afterKey(at, sql`b.start_time, b.id`, ["timestamptz", "uuid"])}
    ORDER BY b.start_time, b.id ${limitOf(at)}`,
  );
}

export const bookingsKey = (r: BookingsRaw) => [r.k_start, r.id];

export interface BookingsTotalsRaw {
  currency: string;
  n: string;
  total_minor: string;
  paid_minor: string;
}

export function bookingsTotals(db: Tx, f: ReportFilter): Promise<BookingsTotalsRaw[]> {
  return queryRows<BookingsTotalsRaw>(
    db,
    sql`SELECT b.currency::text AS currency, count(*) AS n, sum(b.total_minor) AS total_minor, sum(b.paid_minor) AS paid_minor
      FROM bookings b JOIN parks p ON p.id = b.park_id WHERE ${bookingsWhere(f)}
      GROUP BY b.currency ORDER BY b.currency`,
  );
}

export interface ChargerUseRaw {
  park_id: number;
  park: string;
  bookings: number;
  charger_hours: string;
  /** The charging sold with them (a per-hour group's, their price's `chargingMinor`), minor units. */
  charging_minor: string;
  currency: string;
}

/**
 * Per park, the range's bookings (bookingsWhere) that hold a charger, cancelled ones left out
 * (they hold none), the hours of their windows, to the hundredth, and the charging sold with them
 * (decision 048: a booking not cancelled has paid all of its price's charging) in their currency.
 */
export function chargerUse(db: Tx, f: ReportFilter): Promise<ChargerUseRaw[]> {
  return queryRows<ChargerUseRaw>(
    db,
    sql`SELECT b.park_id, p.name AS park, count(*)::int AS bookings,
        round(sum(extract(epoch FROM b.end_time - b.start_time)) / 3600, 2)::text AS charger_hours,
        coalesce(sum((b.breakdown->>'chargingMinor')::bigint), 0)::text AS charging_minor,
        b.currency
      FROM bookings b JOIN parks p ON p.id = b.park_id
      WHERE ${bookingsWhere(f)} AND b.charger_id IS NOT NULL AND b.status <> 'cancelled'
      GROUP BY b.park_id, p.name, b.currency ORDER BY p.name, b.park_id, b.currency`,
  );
}

// ------------------------------------------------------------------------------ occupancy

export interface OccupancyRaw {
  park_id: number;
  park: string;
  time_zone: string;
  hour: string;
  k_hour: string;
  held: number;
  capacity: number;
}

/**
 * Spaces held per park and hour of the range, on each park's clock: bookings not cancelled and
 * drive-up sales not void whose window overlaps the hour, against the park's capacity (every
 * vehicle type). One statement: the page's (park, hour) pairs joined with the windows that
 * overlap the page, grouped.
 */
export function occupancyPage(db: Tx, f: ReportFilter, at: PageAt): Promise<OccupancyRaw[]> {
  return queryRows<OccupancyRaw>(
    db,
    sql`WITH ps AS (
        SELECT p.id, p.name, p.time_zone,
          (SELECT COALESCE(sum(c.capacity), 0) FROM park_capacities c WHERE c.park_id = p.id)::int AS capacity
        FROM parks p WHERE ${parkFilter(sql`p.id`, f)}
      ), hrs AS (
        SELECT ps.id, ps.name, ps.time_zone, ps.capacity, h
        FROM ps, generate_series(${parkDayStart(f.from, sql`ps.time_zone`)},
          ${parkDayEnd(f.to, sql`ps.time_zone`)} - interval '1 hour', interval '1 hour') h
        WHERE ${afterKey(at, sql`ps.id, h`, ["int", "timestamptz"])}
        ORDER BY ps.id, h ${limitOf(at)}
      ), span AS (SELECT min(h) AS lo, max(h) + interval '1 hour' AS hi FROM hrs),
      held AS (
        SELECT b.park_id, b.start_time, b.end_time FROM bookings b, span
        WHERE b.status <> 'cancelled' AND b.park_id IN (SELECT id FROM hrs)
          AND b.start_time < span.hi AND b.end_time > span.lo
        UNION ALL
        SELECT s.park_id, s.start_time, s.end_time FROM pos_sales s, span
        WHERE s.status <> 'void' AND s.park_id IN (SELECT id FROM hrs)
          AND s.start_time < span.hi AND s.end_time > span.lo
      )
      SELECT hrs.id AS park_id, hrs.name AS park, hrs.time_zone, hrs.h AS hour, hrs.h::text AS k_hour, hrs.capacity,
        count(held.park_id)::int AS held
      FROM hrs LEFT JOIN held ON held.park_id = hrs.id AND held.start_time < hrs.h + interval '1 hour'
        AND held.end_time > hrs.h
      GROUP BY hrs.id, hrs.name, hrs.time_zone, hrs.h, hrs.capacity
      ORDER BY hrs.id, hrs.h`,
  );
}

export const occupancyKey = (r: OccupancyRaw) => [String(r.park_id), r.k_hour];

/** How many (park, hour) rows the range has: each park's hours on its own clock (a DST day has 23 or 25). */
export async function occupancyCount(db: Tx, f: ReportFilter): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`SELECT COALESCE(sum(EXTRACT(EPOCH FROM (${parkDayEnd(f.to, sql`p.time_zone`)} - ${parkDayStart(f.from, sql`p.time_zone`)})) / 3600), 0)::bigint AS n
      FROM parks p WHERE ${parkFilter(sql`p.id`, f)}`,
  );
  return Number(row?.n ?? 0);
}

// --------------------------------------------------------------------------- transactions

export interface TransactionsRaw {
  entry_id: string;
  transaction_id: string;
  kind: string;
  reference: string | null;
  account: string;
  amount_minor: string;
  currency: string;
  time: string;
}

function transactionsWhere(f: ReportFilter): SQL {
  return sql`e.created_at >= ${utcDayStart(f.from)} AND e.created_at < ${utcDayEnd(f.to)}
    AND ${f.status === null ? sql`true` : sql`t.kind = ${f.status}`}`;
}

/** The ledger's entries (Parkwell-wide), in the order they were written. */
export function transactionsPage(db: Tx, f: ReportFilter, at: PageAt): Promise<TransactionsRaw[]> {
  return queryRows<TransactionsRaw>(
    db,
    sql`SELECT e.id AS entry_id, t.id::text AS transaction_id, t.kind, t.reference, a.key AS account,
      e.amount_minor, e.currency::text AS currency, e.created_at AS time
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN wallet_accounts a ON a.id = e.account_id
    WHERE ${transactionsWhere(f)} AND ${afterKey(at, sql`e.id`, ["bigint"])}
    ORDER BY e.id ${limitOf(at)}`,
  );
}

export const transactionsKey = (r: TransactionsRaw) => [String(r.entry_id)];

export function transactionsTotals(
  db: Tx,
  f: ReportFilter,
): Promise<{ currency: string; n: string; credits_minor: string }[]> {
  return queryRows(
    db,
    sql`SELECT e.currency::text AS currency, count(*) AS n,
        COALESCE(sum(e.amount_minor) FILTER (WHERE e.amount_minor > 0), 0) AS credits_minor
      FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE ${transactionsWhere(f)} GROUP BY e.currency ORDER BY e.currency`,
  );
}

// ------------------------------------------------------------------------- credit balance

export interface CreditBalanceRaw {
  account_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  currency: string;
  balance_minor: string;
}

/** Every user's wallet (Parkwell-wide), by currency, then e-mail. */
export function creditBalancePage(db: Tx, _f: ReportFilter, at: PageAt): Promise<CreditBalanceRaw[]> {
  return queryRows<CreditBalanceRaw>(
    db,
    sql`SELECT a.id::text AS account_id, u.id::text AS user_id, u.first_name, u.last_name, u.email::text AS email,
      a.currency::text AS currency, a.balance_minor
    FROM wallet_accounts a JOIN users u ON u.id = a.owner_user_id
    WHERE a.kind = 'user_wallet'
      AND ${afterKey(at, sql`a.currency::text, u.email::text, a.id::text`, ["text", "text", "text"])}
    ORDER BY a.currency::text, u.email::text, a.id::text ${limitOf(at)}`,
  );
}

export const creditBalanceKey = (r: CreditBalanceRaw) => [r.currency, r.email, r.account_id];

export function creditBalanceTotals(
  db: Tx,
): Promise<{ currency: string; n: string; balance_minor: string }[]> {
  return queryRows(
    db,
    sql`SELECT a.currency::text AS currency, count(*) AS n, COALESCE(sum(a.balance_minor), 0) AS balance_minor
      FROM wallet_accounts a WHERE a.kind = 'user_wallet' GROUP BY a.currency ORDER BY a.currency`,
  );
}

// ------------------------------------------------------------------------------ dashboard

export interface DashboardCountsRaw {
  bookings_today: string;
  arrivals_today: string;
  arrivals_checked_in: string;
}

/** Bookings made today and arrivals due today, each on its park's clock. */
export async function dayCounts(db: Tx, scope: ReportFilter, now: Date): Promise<DashboardCountsRaw> {
  const today = (zone: SQL) => sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${zone})::date`;
  const [row] = await queryRows<DashboardCountsRaw>(
    db,
    sql`SELECT
        count(*) FILTER (WHERE (b.created_at AT TIME ZONE p.time_zone)::date = ${today(sql`p.time_zone`)}) AS bookings_today,
        count(*) FILTER (WHERE b.status <> 'cancelled'
          AND (b.start_time AT TIME ZONE p.time_zone)::date = ${today(sql`p.time_zone`)}) AS arrivals_today,
        count(*) FILTER (WHERE b.status <> 'cancelled' AND b.checked_in_at IS NOT NULL
          AND (b.start_time AT TIME ZONE p.time_zone)::date = ${today(sql`p.time_zone`)}) AS arrivals_checked_in
      FROM bookings b JOIN parks p ON p.id = b.park_id
      WHERE ${parkFilter(sql`b.park_id`, scope)}
        AND (b.created_at >= ${now.toISOString()}::timestamptz - interval '2 days'
          OR (b.start_time >= ${now.toISOString()}::timestamptz - interval '2 days'
            AND b.start_time < ${now.toISOString()}::timestamptz + interval '2 days'))`,
  );
  return row ?? { bookings_today: "0", arrivals_today: "0", arrivals_checked_in: "0" };
}

export interface HourRaw {
  park_id: number;
  park: string;
  time_zone: string;
  capacity: number;
  hour: string;
  held: number;
}

/**
 * Spaces held per park for this hour and the next 23 (active bookings and parked drive-up sales
 * overlapping the hour), in one statement; index 0 is the current hour. Only the parks in scope
 * with something held in the next 24 hours, and the first `fill` parks (a quiet scope still
 * shows some), are computed: an admin's scope is every park.
 */
export function nextHours(db: Tx, scope: ReportFilter, now: Date, fill: number): Promise<HourRaw[]> {
  const t = sql`${now.toISOString()}::timestamptz`;
  return queryRows<HourRaw>(
    db,
    sql`WITH scoped AS (
        SELECT p.id FROM parks p WHERE p.status = 'active' AND ${parkFilter(sql`p.id`, scope)}
      ), held AS (
        SELECT b.park_id, b.start_time, b.end_time FROM bookings b
        WHERE b.status = 'active' AND b.park_id IN (SELECT id FROM scoped)
          AND b.start_time < date_trunc('hour', ${t}) + interval '24 hours' AND b.end_time > ${t}
        UNION ALL
        SELECT s.park_id, s.start_time, s.end_time FROM pos_sales s
        WHERE s.status = 'parked' AND s.park_id IN (SELECT id FROM scoped)
          AND s.start_time < date_trunc('hour', ${t}) + interval '24 hours' AND s.end_time > ${t}
      ), ps AS (
        SELECT p.id, p.name, p.time_zone,
          (SELECT COALESCE(sum(c.capacity), 0) FROM park_capacities c WHERE c.park_id = p.id)::int AS capacity
        FROM parks p
        WHERE p.id IN (SELECT park_id FROM held UNION (SELECT id FROM scoped ORDER BY id LIMIT ${fill}))
      ), hrs AS (
        SELECT generate_series(date_trunc('hour', ${t}), date_trunc('hour', ${t}) + interval '23 hours', interval '1 hour') AS h
      )
      SELECT ps.id AS park_id, ps.name AS park, ps.time_zone, ps.capacity, hrs.h AS hour, count(held.park_id)::int AS held
      FROM ps CROSS JOIN hrs
      LEFT JOIN held ON held.park_id = ps.id AND held.start_time < hrs.h + interval '1 hour'
        AND held.end_time > GREATEST(hrs.h, ${t})
      GROUP BY ps.id, ps.name, ps.time_zone, ps.capacity, hrs.h
      ORDER BY ps.id, hrs.h`,
  );
}

/** Spaces held right now in scope (active bookings and parked sales whose window holds `now`) and the capacity. */
export async function heldNow(
  db: Tx,
  scope: ReportFilter,
  now: Date,
): Promise<{ held: number; capacity: number; parks: number }> {
  const t = sql`${now.toISOString()}::timestamptz`;
  const [row] = await queryRows<{ held: number; capacity: number; parks: number }>(
    db,
    sql`SELECT
      ((SELECT count(*) FROM bookings b WHERE b.status = 'active' AND ${parkFilter(sql`b.park_id`, scope)}
          AND b.start_time <= ${t} AND b.end_time > ${t})
        + (SELECT count(*) FROM pos_sales s WHERE s.status = 'parked' AND ${parkFilter(sql`s.park_id`, scope)}
          AND s.start_time <= ${t} AND s.end_time > ${t}))::int AS held,
      (SELECT COALESCE(sum(c.capacity), 0) FROM park_capacities c JOIN parks p ON p.id = c.park_id
        WHERE p.status = 'active' AND ${parkFilter(sql`c.park_id`, scope)})::int AS capacity,
      (SELECT count(*) FROM parks p WHERE p.status = 'active' AND ${parkFilter(sql`p.id`, scope)})::int AS parks`,
  );
  return row ?? { held: 0, capacity: 0, parks: 0 };
}

export interface RevenueRaw {
  park_id: number;
  park: string;
  currency: string;
  this_week_minor: string;
  last_week_minor: string;
}

/**
 * Revenue per park and currency this week so far and over the same span of last week, each park's
 * week starting Monday 00:00 on its own clock: online bookings made in the span (what their
 * wallets paid, net of refunds) and drive-up sales closed in it.
 */
export function weekRevenue(db: Tx, scope: ReportFilter, now: Date): Promise<RevenueRaw[]> {
  const t = sql`${now.toISOString()}::timestamptz`;
  return queryRows<RevenueRaw>(
    db,
    sql`WITH ps AS (
        SELECT p.id, p.name, date_trunc('week', ${t} AT TIME ZONE p.time_zone) AT TIME ZONE p.time_zone AS week_start
        FROM parks p WHERE ${parkFilter(sql`p.id`, scope)}
      ), money AS (
        SELECT b.park_id, b.currency, b.created_at AS at, b.paid_minor AS amount FROM bookings b
        WHERE b.park_id IN (SELECT id FROM ps) AND b.created_at >= ${t} - interval '15 days' AND b.created_at <= ${t}
        UNION ALL
        SELECT s.park_id, s.currency, s.closed_at, s.amount_minor FROM pos_sales s
        WHERE s.status = 'closed' AND s.park_id IN (SELECT id FROM ps)
          AND s.closed_at >= ${t} - interval '15 days' AND s.closed_at <= ${t}
      )
      SELECT ps.id AS park_id, ps.name AS park, m.currency::text AS currency,
        COALESCE(sum(m.amount) FILTER (WHERE m.at >= ps.week_start), 0) AS this_week_minor,
        COALESCE(sum(m.amount) FILTER (WHERE m.at >= ps.week_start - interval '7 days'
          AND m.at <= ${t} - interval '7 days'), 0) AS last_week_minor
      FROM money m JOIN ps ON ps.id = m.park_id
      GROUP BY ps.id, ps.name, m.currency
      ORDER BY ps.id, m.currency`,
  );
}

/** The parks of a scope for the filters' park list (by name), at most `limit`. */
/**
 * Every park's time zone (a handful of names), read at most once a minute: the reports of a user
 * whose scope is all parks would otherwise scan the parks table on each page.
 */
const allParkZones = cachedPerDb(
  async (db) =>
    (await queryRows<{ time_zone: string }>(db, sql`SELECT DISTINCT time_zone FROM parks`)).map(
      (r) => r.time_zone,
    ),
  60_000,
);

/** The time zones of the parks in scope (one park's with `parkId`): whose todays a report holds. */
export async function scopeZones(
  db: Db,
  parkIds: readonly number[] | null,
  parkId: number | null,
): Promise<string[]> {
  if (parkIds === null && parkId === null) return allParkZones(db);
  const rows = await queryRows<{ time_zone: string }>(
    db,
    sql`SELECT DISTINCT p.time_zone FROM parks p WHERE ${parkScopeSql(sql`p.id`, parkIds)}
      ${parkId === null ? sql`` : sql`AND p.id = ${parkId}`}`,
  );
  return rows.map((r) => r.time_zone);
}
