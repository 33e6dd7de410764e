/**
 * The queries of drivers' reviews of parks (decision 033). Queries only; the rules and the
 * transactions are in reviews.service.ts. The park's kept rating (`parks.rating_count`,
 * `rating_total`, `rating_average`) is changed only by `applyRating`, in the transaction that
 * changes a visible review: its UPDATE's row lock orders concurrent reviews of one park.
 */
import type { ReviewSort } from "@parkwell/contract";
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { Tx } from "../../db/tx";

const q = <T>(db: Tx, query: SQL) => queryRows<T>(db as Db, query);

/** A booking as a review needs it, with its driver's language. */
export interface ReviewableBooking {
  id: string;
  user_id: string;
  park_id: number;
  status: string;
  start_time: Date;
  end_time: Date;
  checked_out_at: Date | null;
  language: string;
}

export async function findBooking(db: Tx, bookingId: string): Promise<ReviewableBooking | undefined> {
  const [row] = await q<ReviewableBooking>(
    db,
    sql`SELECT b.id, b.user_id, b.park_id, b.status, b.start_time, b.end_time, b.checked_out_at, u.language
      FROM bookings b JOIN users u ON u.id = b.user_id WHERE b.id = ${bookingId}`,
  );
  return row && { ...row, start_time: new Date(row.start_time), end_time: new Date(row.end_time) };
}

/** A review's stored row. */
export interface ReviewRow {
  id: number;
  booking_id: string;
  park_id: number;
  user_id: string;
  stars: number;
  ease: number | null;
  safety: number | null;
  value: number | null;
  body: string;
  language: string;
  stay_start: Date;
  created_at: Date;
  edited_at: Date | null;
  reply_body: string | null;
  replied_at: Date | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  reports: number;
}

/** A review as shown: its row with the driver's first name, the stay's month on the park's clock. */
export interface ShownReview extends ReviewRow {
  first_name: string;
  /** The park's clock: the stay's month is read on it. */
  time_zone: string;
  park_name: string;
  booking_code: string;
}

const SHOWN = sql`r.*, u.first_name, p.time_zone,
  p.name AS park_name, b.booking_code`;
const SHOWN_FROM = sql`reviews r JOIN users u ON u.id = r.user_id JOIN parks p ON p.id = r.park_id
  JOIN bookings b ON b.id = r.booking_id`;

export interface NewReview {
  bookingId: string;
  parkId: number;
  userId: string;
  stars: number;
  ease: number | null;
  safety: number | null;
  value: number | null;
  body: string;
  language: string;
  stayStart: Date;
  now: Date;
}

export async function insertReview(tx: Tx, r: NewReview): Promise<number> {
  const [row] = await q<{ id: number }>(
    tx,
    sql`INSERT INTO reviews (booking_id, park_id, user_id, stars, ease, safety, value, body, language, stay_start, created_at)
      VALUES (${r.bookingId}, ${r.parkId}, ${r.userId}, ${r.stars}, ${r.ease}, ${r.safety}, ${r.value},
        ${r.body}, ${r.language}, ${r.stayStart.toISOString()}::timestamptz, ${r.now.toISOString()}::timestamptz)
      RETURNING id`,
  );
  return Number(row!.id);
}

/**
 * Adds `count` reviews and `stars` stars (negative: removes them) to a park's kept rating, and
 * recomputes its average from the new figures, in one UPDATE: its row lock makes a concurrent
 * change of the same park wait and then add to this one's result, so the figures stay exact.
 */
export async function applyRating(tx: Tx, parkId: number, count: number, stars: number): Promise<void> {
  if (count === 0 && stars === 0) return;
  await q(
    tx,
    sql`UPDATE parks SET rating_count = rating_count + ${count}::int, rating_total = rating_total + ${stars}::int,
      rating_average = CASE WHEN rating_count + ${count}::int > 0
        THEN round((rating_total + ${stars}::int)::numeric / (rating_count + ${count}::int), 2) END
      WHERE id = ${parkId}`,
  );
}

/** A review's row, locked until the transaction ends (an edit, a hide, a delete wait for each other). */
export async function lockReview(tx: Tx, id: number): Promise<ReviewRow | undefined> {
  const [row] = await q<ReviewRow>(tx, sql`SELECT * FROM reviews WHERE id = ${id} FOR UPDATE`);
  return row;
}

export async function findShown(db: Tx, id: number): Promise<ShownReview | undefined> {
  const [row] = await q<ShownReview>(db, sql`SELECT ${SHOWN} FROM ${SHOWN_FROM} WHERE r.id = ${id}`);
  return row;
}

export async function findShownByBooking(db: Tx, bookingId: string): Promise<ShownReview | undefined> {
  const [row] = await q<ShownReview>(
    db,
    sql`SELECT ${SHOWN} FROM ${SHOWN_FROM} WHERE r.booking_id = ${bookingId}`,
  );
  return row;
}

export async function updateReview(
  tx: Tx,
  id: number,
  r: Pick<NewReview, "stars" | "ease" | "safety" | "value" | "body" | "now">,
): Promise<void> {
  await q(
    tx,
    sql`UPDATE reviews SET stars = ${r.stars}, ease = ${r.ease}, safety = ${r.safety}, value = ${r.value},
      body = ${r.body}, edited_at = ${r.now.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}

export async function deleteReview(tx: Tx, id: number): Promise<void> {
  await q(tx, sql`DELETE FROM reviews WHERE id = ${id}`);
}

/**
 * Deletes the reviews of the users' bookings (before the bookings go: their foreign key would
 * delete them without a word to the park's kept rating). Answers, per park in id order, the
 * visible reviews deleted and their stars, for `applyRating`.
 */
export async function deleteReviewsOfBookingsOf(
  tx: Tx,
  userIds: readonly string[],
): Promise<{ parkId: number; count: number; stars: number }[]> {
  const ids = sql.param([...userIds]);
  const rows = await q<{ park_id: number; n: number; stars: number }>(
    tx,
    sql`WITH gone AS (
        DELETE FROM reviews r USING bookings b
        WHERE b.id = r.booking_id AND b.user_id = ANY(${ids}::uuid[])
        RETURNING r.park_id, r.stars, r.hidden_at)
      SELECT park_id, count(*)::int AS n, sum(stars)::int AS stars FROM gone
      WHERE hidden_at IS NULL GROUP BY park_id ORDER BY park_id`,
  );
  return rows.map((r) => ({ parkId: Number(r.park_id), count: Number(r.n), stars: Number(r.stars) }));
}

/** A park by id, slug or park code (as its page finds it), with its status; undefined when none. */
export async function findPark(db: Tx, ref: string) {
  const id = /^\d{1,9}$/.test(ref) ? Number(ref) : null;
  const [row] = await q<{ id: number; status: string }>(
    db,
    sql`SELECT id, status FROM parks
      WHERE id = ${id}::int OR slug = ${ref.toLowerCase()} OR park_code = ${ref.toUpperCase()} LIMIT 1`,
  );
  return row && { id: Number(row.id), status: row.status };
}

const ORDER: Record<ReviewSort, SQL> = {
  newest: sql`r.created_at DESC, r.id DESC`,
  highest: sql`r.stars DESC, r.created_at DESC, r.id DESC`,
  lowest: sql`r.stars, r.created_at DESC, r.id DESC`,
};

/** A page of a park's visible reviews and their number. */
export async function parkReviews(
  db: Tx,
  parkId: number,
  sort: ReviewSort,
  limit: number,
  offset: number,
): Promise<{ rows: ShownReview[]; total: number }> {
  const [rows, counted] = await Promise.all([
    q<ShownReview>(
      db,
      sql`SELECT ${SHOWN} FROM ${SHOWN_FROM} WHERE r.park_id = ${parkId} AND r.hidden_at IS NULL
        ORDER BY ${ORDER[sort]} LIMIT ${limit} OFFSET ${offset}`,
    ),
    q<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM reviews r WHERE r.park_id = ${parkId} AND r.hidden_at IS NULL`,
    ),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** The park's kept rating and its visible reviews per star, read in one statement (one snapshot). */
export async function ratingSummary(db: Tx, parkId: number) {
  const [row] = await q<{
    rating_count: number;
    rating_average: string | null;
    per_star: Record<string, number> | null;
  }>(
    db,
    sql`SELECT p.rating_count, p.rating_average,
        (SELECT json_object_agg(s.stars, s.n) FROM (
          SELECT r.stars, count(*)::int AS n FROM reviews r
          WHERE r.park_id = p.id AND r.hidden_at IS NULL GROUP BY r.stars) s) AS per_star
      FROM parks p WHERE p.id = ${parkId}`,
  );
  return row;
}

/** The driver's reviews, newest first. */
export async function driverReviews(db: Tx, userId: string, limit: number, offset: number) {
  const [rows, counted] = await Promise.all([
    q<ShownReview>(
      db,
      sql`SELECT ${SHOWN} FROM ${SHOWN_FROM} WHERE r.user_id = ${userId}
        ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
    q<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reviews r WHERE r.user_id = ${userId}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Records a driver's report once; answers whether it was new (then the review's count grew). */
export async function addReport(
  tx: Tx,
  reviewId: number,
  userId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const added = await q<{ review_id: number }>(
    tx,
    sql`INSERT INTO review_reports (review_id, user_id, reason, created_at)
      VALUES (${reviewId}, ${userId}, ${reason}, ${now.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING review_id`,
  );
  if (added.length === 0) return false;
  await q(tx, sql`UPDATE reviews SET reports = reports + 1 WHERE id = ${reviewId}`);
  return true;
}

export type AdminReviewStatus = "all" | "visible" | "hidden" | "reported" | "unanswered";

const STATUS: Record<AdminReviewStatus, SQL> = {
  all: sql`true`,
  visible: sql`r.hidden_at IS NULL`,
  hidden: sql`r.hidden_at IS NOT NULL`,
  reported: sql`r.reports > 0`,
  unanswered: sql`r.reply_body IS NULL`,
};

/** The reviews of the parks in a scope (null: every park), newest first (the most reported first when asked). */
export async function staffReviews(
  db: Tx,
  parkIds: readonly number[] | null,
  filter: { parkId?: number | undefined; status: AdminReviewStatus },
  limit: number,
  offset: number,
) {
  const scope = parkIds === null ? sql`true` : sql`r.park_id = ANY(${sql.param([...parkIds])}::int[])`;
  const where = sql`${scope}
    ${filter.parkId !== undefined ? sql`AND r.park_id = ${filter.parkId}` : sql``}
    AND ${STATUS[filter.status]}`;
  const order =
    filter.status === "reported" ? sql`r.reports DESC, r.created_at DESC, r.id DESC` : ORDER.newest;
  const [rows, counted] = await Promise.all([
    q<ShownReview>(
      db,
      sql`SELECT ${SHOWN} FROM ${SHOWN_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    ),
    q<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reviews r WHERE ${where}`),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** Writes the operator's reply unless there is one; answers whether it was written. */
export async function setReply(tx: Tx, id: number, text: string, by: string, now: Date): Promise<boolean> {
  const rows = await q<{ id: number }>(
    tx,
    sql`UPDATE reviews SET reply_body = ${text}, replied_at = ${now.toISOString()}::timestamptz, replied_by = ${by}
      WHERE id = ${id} AND reply_body IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

export async function setHidden(tx: Tx, id: number, reason: string, by: string, now: Date): Promise<void> {
  await q(
    tx,
    sql`UPDATE reviews SET hidden_at = ${now.toISOString()}::timestamptz, hidden_by = ${by}, hidden_reason = ${reason}
      WHERE id = ${id}`,
  );
}

/**
 * Marks and answers the stays to ask for a review now: ended (checked out, or the window over)
 * within the last `lookbackHours`, not cancelled, not asked yet, not reviewed, for drivers who
 * keep e-mails about their bookings on. The UPDATE's row locks make a concurrent run skip them.
 */
export async function claimReviewRequests(tx: Tx, now: Date, lookbackHours: number): Promise<string[]> {
  const at = now.toISOString();
  const rows = await q<{ id: string }>(
    tx,
    sql`UPDATE bookings b SET review_requested_at = ${at}::timestamptz
      FROM users u
      WHERE u.id = b.user_id AND u.booking_reminders AND u.disabled_at IS NULL
        AND b.review_requested_at IS NULL AND b.status <> 'cancelled'
        AND b.end_time > ${at}::timestamptz - make_interval(hours => ${lookbackHours})
        AND (b.end_time <= ${at}::timestamptz OR b.checked_out_at <= ${at}::timestamptz)
        AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id)
      RETURNING b.id`,
  );
  return rows.map((r) => r.id);
}

/** What the review request e-mail needs: the booking, its park, its driver and whether it is reviewed. */
export async function bookingForRequest(db: Tx, bookingId: string) {
  const [row] = await q<{
    id: string;
    booking_code: string;
    status: string;
    park_name: string;
    email: string;
    first_name: string;
    language: string;
    reminders: boolean;
    disabled: boolean;
    reviewed: boolean;
    start_time: Date;
    time_zone: string;
  }>(
    db,
    sql`SELECT b.id, b.booking_code, b.status, p.name AS park_name, u.email, u.first_name, u.language,
        u.booking_reminders AS reminders, u.disabled_at IS NOT NULL AS disabled,
        EXISTS (SELECT 1 FROM reviews r WHERE r.booking_id = b.id) AS reviewed,
        b.start_time, p.time_zone
      FROM bookings b JOIN users u ON u.id = b.user_id JOIN parks p ON p.id = b.park_id
      WHERE b.id = ${bookingId}`,
  );
  return row;
}
