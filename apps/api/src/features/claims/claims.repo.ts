/**
 * The queries of drivers' claims (decision 057): the booking or pass term claimed, the cars the
 * gate counts inside a park, the claims' rows and their lists. Queries only; the rules and the
 * transactions are in claims.service.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { claims } from "../../db/schema/index";
import type { Tx } from "../../db/tx";

const q = <T>(db: Tx, query: SQL) => queryRows<T>(db as Db, query);
const date = (v: Date | string) => new Date(v);
const dateOrNull = (v: Date | string | null) => (v === null ? null : new Date(v));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A reference the driver sent: a uuid is an id, anything else a code (answered as not found when none). */
const byRef = (column: { id: string; code: string }, ref: string) =>
  UUID.test(ref)
    ? sql`${sql.raw(column.id)} = ${ref.toLowerCase()}::uuid`
    : sql`${sql.raw(column.code)} = ${ref.trim().toUpperCase()}`;

/** A booking as a claim reads it, with its park. */
export interface ClaimBooking {
  id: string;
  code: string;
  userId: string;
  parkId: number;
  vehicleTypeId: number;
  status: "active" | "completed" | "cancelled";
  startTime: Date;
  endTime: Date;
  createdAt: Date;
  currency: string;
  paidMinor: number;
  moves: number;
  checkedInAt: Date | null;
  parkName: string;
  timeZone: string;
  countryId: number;
}

interface BookingDbRow {
  id: string;
  booking_code: string;
  user_id: string;
  park_id: number;
  vehicle_type_id: number;
  status: ClaimBooking["status"];
  start_time: Date | string;
  end_time: Date | string;
  created_at: Date | string;
  currency: string;
  paid_minor: number | string;
  moves: number;
  checked_in_at: Date | string | null;
  park_name: string;
  time_zone: string;
  country_id: number;
}

const bookingOf = (r: BookingDbRow): ClaimBooking => ({
  id: r.id,
  code: r.booking_code,
  userId: r.user_id,
  parkId: Number(r.park_id),
  vehicleTypeId: Number(r.vehicle_type_id),
  status: r.status,
  startTime: date(r.start_time),
  endTime: date(r.end_time),
  createdAt: date(r.created_at),
  currency: r.currency.trim(),
  paidMinor: Number(r.paid_minor),
  moves: Number(r.moves),
  checkedInAt: dateOrNull(r.checked_in_at),
  parkName: r.park_name,
  timeZone: r.time_zone,
  countryId: Number(r.country_id),
});

/**
 * The driver's booking by id or code (another driver's is undefined, as one that does not exist);
 * `lock`: its row, FOR UPDATE (after the park's capacity row: the lock order of every booking change).
 */
export async function bookingOfDriver(
  db: Tx,
  userId: string,
  ref: string,
  lock = false,
): Promise<ClaimBooking | undefined> {
  const [row] = await q<BookingDbRow>(
    db,
    sql`SELECT b.id, b.booking_code, b.user_id, b.park_id, b.vehicle_type_id, b.status, b.start_time,
          b.end_time, b.created_at, b.currency, b.paid_minor, b.moves, b.checked_in_at,
          p.name AS park_name, p.time_zone, p.country_id
        FROM bookings b JOIN parks p ON p.id = b.park_id
        WHERE b.user_id = ${userId} AND ${byRef({ id: "b.id", code: "b.booking_code" }, ref)}
        ${lock ? sql`FOR UPDATE OF b` : sql``}`,
  );
  return row && bookingOf(row);
}

/** The operator running a park, null for a park Parkwell runs: who pays a claim's rebooking's difference. */
export async function parkOperator(db: Tx, parkId: number): Promise<number | null> {
  const [row] = await q<{ operator_id: number | null }>(
    db,
    sql`SELECT operator_id FROM parks WHERE id = ${parkId}`,
  );
  return row?.operator_id === null || row?.operator_id === undefined ? null : Number(row.operator_id);
}

/** The park's capacity row for a vehicle type, locked: the first lock of every booking change. */
export async function lockCapacity(tx: Tx, parkId: number, vehicleTypeId: number): Promise<void> {
  await q(
    tx,
    sql`SELECT 1 FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId} FOR UPDATE`,
  );
}

/**
 * The cars the gate counts inside the park now for a vehicle type (checked-in bookings not out,
 * parked drive-up sales, passes' open visits), and the spaces the park has for it.
 */
export async function liveOccupancy(
  db: Tx,
  parkId: number,
  vehicleTypeId: number,
  /** The claim's own booking, never counted (a car inside on it did find a space). */
  exceptBooking: string | null,
): Promise<{ inside: number; capacity: number }> {
  const [row] = await q<{ inside: number | string; capacity: number | string | null }>(
    db,
    sql`SELECT
          (SELECT count(*) FROM bookings WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId}
             AND checked_in_at IS NOT NULL AND checked_out_at IS NULL
             ${exceptBooking === null ? sql`` : sql`AND id <> ${exceptBooking}`})
          + (SELECT count(*) FROM pos_sales WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId}
             AND status = 'parked')
          + (SELECT count(*) FROM pass_visits v JOIN passes s ON s.id = v.pass_id
             WHERE v.park_id = ${parkId} AND s.vehicle_type_id = ${vehicleTypeId} AND v.checked_out_at IS NULL)
          AS inside,
          (SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId})
          AS capacity`,
  );
  return { inside: Number(row?.inside ?? 0), capacity: Number(row?.capacity ?? 0) };
}

/** A pass's term as a claim reads it, with its pass and park. */
export interface ClaimPassTerm {
  id: string;
  code: string;
  userId: string;
  parkId: number;
  vehicleTypeId: number;
  currency: string;
  period: number;
  periodStart: Date;
  periodEnd: Date;
  chargedAt: Date;
  totalMinor: number;
  parkName: string;
  timeZone: string;
  countryId: number;
}

/**
 * The driver's pass by id or code, with the term a claim made at `now` is about: the latest term
 * that has begun (the first when none has yet); `lock`: the pass's row, FOR UPDATE.
 */
export async function passTermOfDriver(
  db: Tx,
  userId: string,
  ref: string,
  now: Date,
  lock = false,
  /** A given term (a claim's), rather than the one `now` is in. */
  period?: number,
): Promise<ClaimPassTerm | undefined> {
  const [row] = await q<{
    id: string;
    pass_code: string;
    user_id: string;
    park_id: number;
    vehicle_type_id: number;
    currency: string;
    period: number;
    period_start: Date | string;
    period_end: Date | string;
    charged_at: Date | string;
    total_minor: number | string;
    park_name: string;
    time_zone: string;
    country_id: number;
  }>(
    db,
    sql`SELECT s.id, s.pass_code, s.user_id, s.park_id, s.vehicle_type_id, s.currency, c.period,
          c.period_start, c.period_end, c.charged_at, c.total_minor, p.name AS park_name, p.time_zone, p.country_id
        FROM passes s JOIN parks p ON p.id = s.park_id
        JOIN LATERAL (SELECT * FROM pass_charges c WHERE c.pass_id = s.id
          ${period === undefined ? sql`` : sql`AND c.period = ${period}`}
          ORDER BY (c.period_start <= ${now.toISOString()}::timestamptz) DESC,
            CASE WHEN c.period_start <= ${now.toISOString()}::timestamptz THEN -c.period ELSE c.period END
          LIMIT 1) c ON true
        WHERE s.user_id = ${userId} AND ${byRef({ id: "s.id", code: "s.pass_code" }, ref)}
        ${lock ? sql`FOR UPDATE OF s` : sql``}`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.pass_code,
    userId: row.user_id,
    parkId: Number(row.park_id),
    vehicleTypeId: Number(row.vehicle_type_id),
    currency: row.currency.trim(),
    period: Number(row.period),
    periodStart: date(row.period_start),
    periodEnd: date(row.period_end),
    chargedAt: date(row.charged_at),
    totalMinor: Number(row.total_minor),
    parkName: row.park_name,
    timeZone: row.time_zone,
    countryId: Number(row.country_id),
  };
}

export type ClaimInsert = typeof claims.$inferInsert;
export type ClaimRow = typeof claims.$inferSelect;

/** Inserts a claim; a second one for the booking or the pass term is the unique index's refusal. */
export async function insertClaim(tx: Tx, values: ClaimInsert): Promise<ClaimRow> {
  const [row] = await (tx as Db).insert(claims).values(values).returning();
  return row!;
}

/** The claim already filed for a booking or a pass term (its code), if one was. */
export async function claimCodeOf(
  db: Tx,
  subject: { bookingId: string } | { passId: string; period: number },
): Promise<string | null> {
  const [row] = await q<{ code: string }>(
    db,
    "bookingId" in subject
      ? sql`SELECT code FROM claims WHERE booking_id = ${subject.bookingId}`
      : sql`SELECT code FROM claims WHERE pass_id = ${subject.passId} AND pass_period = ${subject.period}`,
  );
  return row?.code ?? null;
}

/** The claim a driver filed with this Idempotency-Key: its id and the request's fingerprint. */
export async function claimOfKey(
  db: Tx,
  userId: string,
  key: string,
): Promise<{ id: number; requestHash: string | null } | undefined> {
  const [row] = await q<{ id: number; request_hash: string | null }>(
    db,
    sql`SELECT id, request_hash FROM claims WHERE user_id = ${userId} AND idempotency_key = ${key}`,
  );
  return row && { id: Number(row.id), requestHash: row.request_hash };
}

/** A claim's row, locked FOR UPDATE (a decision, a photo). */
export async function lockClaim(tx: Tx, id: number): Promise<ClaimRow | undefined> {
  const [found] = await (tx as Db)
    .select()
    .from(claims)
    .where(sql`${claims.id} = ${id}`)
    .for("update");
  return found;
}

export async function updateClaim(tx: Tx, id: number, set: Partial<ClaimInsert>): Promise<void> {
  await (tx as Db)
    .update(claims)
    .set(set)
    .where(sql`${claims.id} = ${id}`);
}

/** A claim as it is shown: its row, its booking's or pass's code, its park, what it cost, who decided. */
export interface ClaimView {
  row: ClaimRow;
  bookingCode: string | null;
  passCode: string | null;
  parkName: string;
  timeZone: string;
  firstName: string;
  email: string;
  language: string;
  checkedInAt: Date | null;
  /** What the booking's receipts (or the pass term's) charged. */
  paidMinor: number;
  /** What a refund could still give back: the charges less the credit notes. */
  refundableMinor: number;
  decidedByName: string | null;
  /** A rebook decision's new booking and its park. */
  rebooked: { bookingCode: string; parkId: number; parkName: string } | null;
}

const VIEW = sql`
  SELECT c.id, b.booking_code, s.pass_code, p.name AS park_name, p.time_zone, u.first_name, u.email, u.language,
    b.checked_in_at, d.first_name AS decided_by_name, m.paid, m.refundable,
    nb.booking_code AS rebooked_code, np.id AS rebooked_park_id, np.name AS rebooked_park_name
  FROM claims c
  JOIN parks p ON p.id = c.park_id
  JOIN users u ON u.id = c.user_id
  LEFT JOIN bookings b ON b.id = c.booking_id
  LEFT JOIN bookings nb ON nb.id = c.rebooked_booking_id
  LEFT JOIN parks np ON np.id = nb.park_id
  LEFT JOIN passes s ON s.id = c.pass_id
  LEFT JOIN users d ON d.id = c.decided_by
  LEFT JOIN LATERAL (
    SELECT coalesce(sum(r.total_minor) FILTER (WHERE r.kind <> 'credit_note'), 0) AS paid,
      coalesce(sum(r.total_minor), 0) AS refundable
    FROM receipts r WHERE c.booking_id IS NOT NULL AND r.user_id = c.user_id AND r.reference = b.booking_code
  ) mb ON true
  LEFT JOIN LATERAL (
    SELECT pc.total_minor AS term_total FROM pass_charges pc WHERE pc.pass_id = c.pass_id AND pc.period = c.pass_period
  ) mp ON true
  CROSS JOIN LATERAL (
    SELECT CASE WHEN c.booking_id IS NOT NULL THEN mb.paid ELSE coalesce(mp.term_total, 0) END AS paid,
      CASE WHEN c.booking_id IS NOT NULL THEN mb.refundable ELSE coalesce(mp.term_total, 0) - c.refund_minor END AS refundable
  ) m`;

interface ViewDbRow {
  id: number;
  booking_code: string | null;
  pass_code: string | null;
  park_name: string;
  time_zone: string;
  first_name: string;
  email: string;
  language: string;
  checked_in_at: Date | string | null;
  decided_by_name: string | null;
  paid: number | string;
  refundable: number | string;
  rebooked_code: string | null;
  rebooked_park_id: number | null;
  rebooked_park_name: string | null;
}

async function views(db: Tx, rows: ViewDbRow[]): Promise<ClaimView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const full = await (db as Db)
    .select()
    .from(claims)
    .where(sql`${claims.id} = ANY(${sql.param(ids)}::int[])`);
  const byId = new Map(full.map((c) => [c.id, c]));
  return rows.map((r) => ({
    row: byId.get(Number(r.id))!,
    bookingCode: r.booking_code,
    passCode: r.pass_code,
    parkName: r.park_name,
    timeZone: r.time_zone,
    firstName: r.first_name,
    email: r.email,
    language: r.language,
    checkedInAt: dateOrNull(r.checked_in_at),
    paidMinor: Number(r.paid),
    refundableMinor: Number(r.refundable),
    decidedByName: r.decided_by_name,
    rebooked:
      r.rebooked_code && r.rebooked_park_id !== null && r.rebooked_park_name !== null
        ? { bookingCode: r.rebooked_code, parkId: Number(r.rebooked_park_id), parkName: r.rebooked_park_name }
        : null,
  }));
}

/** One claim as shown; `userId`: only the driver's own (another's is undefined). */
export async function claimView(db: Tx, id: number, userId?: string): Promise<ClaimView | undefined> {
  const rows = await q<ViewDbRow>(
    db,
    sql`${VIEW} WHERE c.id = ${id} ${userId === undefined ? sql`` : sql`AND c.user_id = ${userId}`}`,
  );
  return (await views(db, rows))[0];
}

/** The driver's claims, newest first. */
export async function ownClaims(
  db: Tx,
  userId: string,
  page: { limit: number; offset: number },
  of: { bookingRef?: string | undefined; passRef?: string | undefined } = {},
): Promise<{ rows: ClaimView[]; total: number }> {
  const where = sql.join(
    [
      sql`c.user_id = ${userId}`,
      ...(of.bookingRef
        ? [
            sql`c.booking_id IN (SELECT b.id FROM bookings b WHERE ${byRef({ id: "b.id", code: "b.booking_code" }, of.bookingRef)})`,
          ]
        : []),
      ...(of.passRef
        ? [
            sql`c.pass_id IN (SELECT s.id FROM passes s WHERE ${byRef({ id: "s.id", code: "s.pass_code" }, of.passRef)})`,
          ]
        : []),
    ],
    sql` AND `,
  );
  const rows = await q<ViewDbRow>(
    db,
    sql`${VIEW} WHERE ${where} ORDER BY c.filed_at DESC, c.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await q<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM claims c WHERE ${where}`);
  return { rows: await views(db, rows), total: Number(count?.n ?? 0) };
}

export interface QueueFilter {
  /** The staff member's parks; null: every park (Parkwell's admins). */
  parkIds: number[] | null;
  status: "open" | "decided" | "any";
  reason?: string | undefined;
  overdue?: boolean | undefined;
  parkId?: number | undefined;
  now: Date;
}

function queueWhere(f: QueueFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.parkIds !== null) parts.push(sql`c.park_id = ANY(${sql.param(f.parkIds)}::int[])`);
  if (f.status === "open") parts.push(sql`c.status = 'open'`);
  if (f.status === "decided") parts.push(sql`c.status <> 'open'`);
  if (f.reason) parts.push(sql`c.reason = ${f.reason}`);
  if (f.parkId !== undefined) parts.push(sql`c.park_id = ${f.parkId}`);
  const now = sql`${f.now.toISOString()}::timestamptz`;
  if (f.overdue === true) parts.push(sql`c.status = 'open' AND c.due_at < ${now}`);
  if (f.overdue === false) parts.push(sql`NOT (c.status = 'open' AND c.due_at < ${now})`);
  return sql.join(parts, sql` AND `);
}

/** The staff queue: open claims first by their due time (the most overdue first), then decided ones newest first. */
export async function queue(
  db: Tx,
  f: QueueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: ClaimView[]; total: number }> {
  const where = queueWhere(f);
  const rows = await q<ViewDbRow>(
    db,
    sql`${VIEW} WHERE ${where}
        ORDER BY (c.status = 'open') DESC, CASE WHEN c.status = 'open' THEN c.due_at END ASC,
          c.decided_at DESC, c.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const [count] = await q<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM claims c WHERE ${where}`);
  return { rows: await views(db, rows), total: Number(count?.n ?? 0) };
}

/** A booking a claim refunded: what it still holds paid, and its move counter (the refund's move). */
export async function bookingRefunded(
  tx: Tx,
  id: string,
  set: { paidMinor: number; moves: number; at: Date },
): Promise<void> {
  await tx.execute(
    sql`UPDATE bookings SET paid_minor = ${set.paidMinor}, moves = ${set.moves},
          updated_at = ${set.at.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

/** An open claim on the gate's list: its booking's code and plate, or its pass's code. */
export interface GateClaimRow {
  id: number;
  code: string;
  reason: string;
  remedy: string | null;
  bookingCode: string | null;
  passCode: string | null;
  plate: string | null;
  parkId: number;
  parkName: string;
  timeZone: string;
  filedAt: Date;
}

/**
 * The open claims of `reasons` filed since `since` at the attendant's parks (null: every park),
 * or at `parkId` only, the newest first (a short list: `limit`).
 */
export async function gateClaims(
  db: Tx,
  f: { parkIds: number[] | null; parkId?: number | undefined; reasons: string[]; since: Date; limit: number },
): Promise<GateClaimRow[]> {
  const rows = await q<{
    id: number;
    code: string;
    reason: string;
    remedy: string | null;
    booking_code: string | null;
    pass_code: string | null;
    plate: string | null;
    park_id: number;
    park_name: string;
    time_zone: string;
    filed_at: Date | string;
  }>(
    db,
    sql`SELECT c.id, c.code, c.reason, c.remedy, b.booking_code, s.pass_code,
          coalesce(b.plate_number, array_to_string(s.plates, ' / ')) AS plate, c.park_id, p.name AS park_name, p.time_zone, c.filed_at
        FROM claims c
        JOIN parks p ON p.id = c.park_id
        LEFT JOIN bookings b ON b.id = c.booking_id
        LEFT JOIN passes s ON s.id = c.pass_id
        WHERE c.status = 'open' AND c.reason = ANY(${sql.param(f.reasons)}::text[])
          AND c.filed_at >= ${f.since.toISOString()}::timestamptz
          ${f.parkIds === null ? sql`` : sql`AND c.park_id = ANY(${sql.param(f.parkIds)}::int[])`}
          ${f.parkId === undefined ? sql`` : sql`AND c.park_id = ${f.parkId}`}
        ORDER BY c.filed_at DESC, c.id DESC
        LIMIT ${f.limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    code: r.code,
    reason: r.reason,
    remedy: r.remedy,
    bookingCode: r.booking_code,
    passCode: r.pass_code,
    plate: r.plate,
    parkId: Number(r.park_id),
    parkName: r.park_name,
    timeZone: r.time_zone,
    filedAt: date(r.filed_at),
  }));
}
