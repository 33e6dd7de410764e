/**
 * Drivers' reviews of parks (issue #47, decision 033): one per booking after the stay, edited
 * within REVIEW_EDIT_DAYS, deleted any time; a park's page lists them and its rating; the
 * operator replies once; Parkwell's staff hide one that breaks the rules; drivers report them.
 * Every change of a visible review changes the park's kept rating in the same transaction.
 */
import {
  BOOKING_NOT_FOUND_MESSAGE,
  dayOnClock,
  REVIEW_EDIT_DAYS,
  type AdminReview,
  type AdminReviewsQuery,
  type OwnReview,
  type ParkReviewsQuery,
  type PublicReview,
  type ReviewCreateBody,
  type ReviewEditBody,
  type ReviewSummary,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import { isUniqueViolation } from "../../lib/pg-error";
import * as repo from "./reviews.repo";
import {
  ALREADY_HIDDEN,
  ALREADY_REPLIED,
  ALREADY_REVIEWED,
  BOOKING_CANCELLED,
  EDIT_TOO_LATE,
  OWN_REVIEW_REPORT,
  REVIEW_NOT_FOUND,
  STAY_NOT_OVER,
} from "../../lib/messages/reviews";

export interface ReviewDeps {
  db: Db;
  clock: Clock;
}

const DAY_MS = 86_400_000;
const PARK_NOT_FOUND = "Park not found";

/**
 * The text as stored: plain text, never HTML (shown as text everywhere, links included), with
 * control characters other than line breaks and tabs removed and line ends made "\n".
 */
export function plainText(text: string | undefined): string {
  return (
    (text ?? "")
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
      .trim()
  );
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function publicReview(r: repo.ShownReview): PublicReview {
  return {
    id: Number(r.id),
    park_id: Number(r.park_id),
    stars: Number(r.stars),
    ease: r.ease === null ? null : Number(r.ease),
    safety: r.safety === null ? null : Number(r.safety),
    value: r.value === null ? null : Number(r.value),
    text: r.body,
    language: r.language,
    first_name: r.first_name,
    stay_month: dayOnClock(new Date(r.stay_start), r.time_zone).slice(0, 7),
    verified_stay: true,
    created_at: iso(r.created_at)!,
    edited_at: iso(r.edited_at),
    reply:
      r.reply_body !== null && r.replied_at !== null ? { text: r.reply_body, at: iso(r.replied_at)! } : null,
  };
}

const editableUntil = (r: { created_at: Date | string }) =>
  new Date(new Date(r.created_at).getTime() + REVIEW_EDIT_DAYS * DAY_MS);

function ownReview(r: repo.ShownReview, now: Date): OwnReview {
  const until = editableUntil(r);
  return {
    ...publicReview(r),
    booking_id: r.booking_id,
    editable_until: until.toISOString(),
    editable: now < until,
    hidden: r.hidden_at !== null,
    hidden_reason: r.hidden_reason,
  };
}

function adminReview(r: repo.ShownReview): AdminReview {
  return {
    ...publicReview(r),
    park_name: r.park_name,
    booking_code: r.booking_code,
    reports: Number(r.reports),
    hidden: r.hidden_at !== null,
    hidden_reason: r.hidden_reason,
    hidden_at: iso(r.hidden_at),
  };
}

const stars = (v: number | null | undefined) => v ?? null;

/** The stay is over: the car left (checked out), or the booked window ended. */
export function stayIsOver(b: { end_time: Date; checked_out_at: Date | string | null }, now: Date): boolean {
  return b.end_time <= now || (b.checked_out_at !== null && new Date(b.checked_out_at) <= now);
}

/** Writes the driver's review of a booking's stay (404: not their booking; 409: not yet, or twice). */
export async function createReview(
  d: ReviewDeps,
  userId: string,
  body: ReviewCreateBody,
): Promise<OwnReview> {
  const now = d.clock();
  try {
    const id = await d.db.transaction(async (tx) => {
      const booking = await repo.findBooking(tx, body.booking_id);
      if (!booking || booking.user_id !== userId)
        throw AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
      if (booking.status === "cancelled") throw new AppError(409, "booking_cancelled", BOOKING_CANCELLED);
      if (!stayIsOver(booking, now)) throw new AppError(409, "stay_not_over", STAY_NOT_OVER);
      const id = await repo.insertReview(tx, {
        bookingId: booking.id,
        parkId: booking.park_id,
        userId,
        stars: body.stars,
        ease: stars(body.ease),
        safety: stars(body.safety),
        value: stars(body.value),
        body: plainText(body.text),
        language: booking.language === "fr" ? "fr" : "en",
        stayStart: booking.start_time,
        now,
      });
      await repo.applyRating(tx, booking.park_id, 1, body.stars);
      return id;
    });
    return ownReview((await repo.findShown(d.db, id))!, now);
  } catch (err) {
    if (isUniqueViolation(err, "reviews_booking_key")) {
      throw new AppError(409, "already_reviewed", ALREADY_REVIEWED);
    }
    throw err;
  }
}

/** The driver's review, locked, or 404 (another driver's is the same 404). */
async function ownLocked(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], userId: string, id: number) {
  const r = await repo.lockReview(tx, id);
  if (!r || r.user_id !== userId) throw AppError.notFound(REVIEW_NOT_FOUND);
  return r;
}

/** Changes the driver's review within REVIEW_EDIT_DAYS of writing it (409 after). */
export async function editReview(
  d: ReviewDeps,
  userId: string,
  id: number,
  body: ReviewEditBody,
): Promise<OwnReview> {
  const now = d.clock();
  await d.db.transaction(async (tx) => {
    const r = await ownLocked(tx, userId, id);
    if (now >= editableUntil(r)) throw new AppError(409, "edit_window_over", EDIT_TOO_LATE);
    // A field the edit does not send is kept; null clears a sub-rating.
    const kept = (sent: number | null | undefined, was: number | string | null) =>
      sent === undefined ? (was === null ? null : Number(was)) : sent;
    await repo.updateReview(tx, id, {
      stars: body.stars,
      ease: kept(body.ease, r.ease),
      safety: kept(body.safety, r.safety),
      value: kept(body.value, r.value),
      body: body.text === undefined ? r.body : plainText(body.text),
      now,
    });
    if (r.hidden_at === null) await repo.applyRating(tx, r.park_id, 0, body.stars - Number(r.stars));
  });
  return ownReview((await repo.findShown(d.db, id))!, now);
}

/** Deletes the driver's review (any time); a visible one leaves the park's rating. */
export async function deleteReview(d: ReviewDeps, userId: string, id: number): Promise<void> {
  await d.db.transaction(async (tx) => {
    const r = await ownLocked(tx, userId, id);
    await repo.deleteReview(tx, id);
    if (r.hidden_at === null) await repo.applyRating(tx, r.park_id, -1, -Number(r.stars));
  });
}

/**
 * Deletes the reviews of the users' bookings, inside `tx`, before the bookings themselves are
 * deleted (the demo reset): the visible ones leave their parks' ratings in the same transaction,
 * parks in id order. The caller holds the bookings' row locks first, so no review of them is being
 * written meanwhile (its insert waits for the bookings, then finds them gone).
 */
export async function deleteReviewsOfBookingsInTx(tx: Tx, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  for (const park of await repo.deleteReviewsOfBookingsOf(tx, userIds)) {
    await repo.applyRating(tx, park.parkId, -park.count, -park.stars);
  }
}

/**
 * The driver's review of one of their bookings, or null when they have not written one (a normal
 * answer: the booking's page asks before showing the form). Another driver's booking, or none, is
 * a 404, as before.
 */
export async function reviewOfBooking(
  d: ReviewDeps,
  userId: string,
  bookingId: string,
): Promise<OwnReview | null> {
  const r = await repo.findShownByBooking(d.db, bookingId);
  if (r) {
    if (r.user_id !== userId) throw AppError.notFound(REVIEW_NOT_FOUND);
    return ownReview(r, d.clock());
  }
  const booking = await repo.findBooking(d.db, bookingId);
  if (!booking || booking.user_id !== userId) throw AppError.notFound(REVIEW_NOT_FOUND);
  return null;
}

/** The driver's reviews, newest first. */
export async function myReviews(d: ReviewDeps, userId: string, q: PageQuery) {
  const { rows, total } = await repo.driverReviews(d.db, userId, q.size, offsetOf(q));
  const now = d.clock();
  return listPage(
    rows.map((r) => ownReview(r, now)),
    total,
    q,
  );
}

/** A park drivers may see (as its page: an inactive park is no park), or 404. */
async function activePark(db: Db, ref: string) {
  const park = await repo.findPark(db, ref.trim());
  if (!park || park.status === "inactive") throw AppError.notFound(PARK_NOT_FOUND, "park_not_found");
  return park;
}

/** A page of a park's visible reviews: newest, highest or lowest first. */
export async function parkReviews(db: Db, ref: string, q: ParkReviewsQuery) {
  const parkId = (await activePark(db, ref)).id;
  const { rows, total } = await repo.parkReviews(db, parkId, q.sort, q.size, offsetOf(q));
  return listPage(rows.map(publicReview), total, q);
}

/** A park's rating: average, count and the visible reviews per star. */
export async function parkRating(db: Db, ref: string): Promise<ReviewSummary> {
  const parkId = (await activePark(db, ref)).id;
  const row = (await repo.ratingSummary(db, parkId))!;
  const per = row.per_star ?? {};
  const n = (s: string) => Number(per[s] ?? 0);
  return {
    park_id: parkId,
    average: row.rating_average === null ? null : Number(row.rating_average),
    count: Number(row.rating_count),
    distribution: { "1": n("1"), "2": n("2"), "3": n("3"), "4": n("4"), "5": n("5") },
  };
}

/**
 * A driver reports another driver's visible review (once per driver: a second report changes
 * nothing). Their own is a 403: a report asks Parkwell to judge someone else's words, and the
 * author can edit or delete their own.
 */
export async function reportReview(d: ReviewDeps, userId: string, id: number, reason: string | undefined) {
  await d.db.transaction(async (tx) => {
    const r = await repo.lockReview(tx, id);
    if (!r || r.hidden_at !== null) throw AppError.notFound(REVIEW_NOT_FOUND);
    if (r.user_id === userId) throw new AppError(403, "own_review", OWN_REVIEW_REPORT);
    await repo.addReport(tx, id, userId, plainText(reason), d.clock());
  });
  return { reported: true as const };
}

// --- The back office (features/admin/reviews holds the permission, scope and audit) ----------

/** The parks a staff member works at; null for every park. */
type ParkScope = readonly number[] | null;
type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The reviews of the parks in a scope, newest first (the most reported first for "reported"). */
export async function reviewsInScope(db: Db, parkIds: ParkScope, q: AdminReviewsQuery) {
  const { rows, total } = await repo.staffReviews(
    db,
    parkIds,
    { parkId: q.park_id, status: q.status },
    q.size,
    offsetOf(q),
  );
  return listPage(rows.map(adminReview), total, q);
}

/** A review in a scope, locked; outside it, the same 404 as none. */
async function scopedLocked(tx: Transaction, parkIds: ParkScope, id: number) {
  const r = await repo.lockReview(tx, id);
  if (!r || (parkIds !== null && !parkIds.includes(Number(r.park_id)))) {
    throw AppError.notFound(REVIEW_NOT_FOUND);
  }
  return r;
}

/** Writes the one reply to a review in the scope, inside `tx` (409 when it has one); answers it. */
export async function replyInTx(
  tx: Transaction,
  parkIds: ParkScope,
  by: string,
  id: number,
  text: string,
  now: Date,
): Promise<{ parkId: number; reply: string }> {
  const r = await scopedLocked(tx, parkIds, id);
  const reply = plainText(text);
  if (!(await repo.setReply(tx, id, reply, by, now))) {
    throw new AppError(409, "already_replied", ALREADY_REPLIED);
  }
  return { parkId: Number(r.park_id), reply };
}

/** Hides a review in the scope with its reason, inside `tx`: it leaves the park's page and rating. */
export async function hideInTx(
  tx: Transaction,
  parkIds: ParkScope,
  by: string,
  id: number,
  reason: string,
  now: Date,
): Promise<{ parkId: number; reason: string }> {
  const r = await scopedLocked(tx, parkIds, id);
  if (r.hidden_at !== null) throw new AppError(409, "already_hidden", ALREADY_HIDDEN);
  const why = plainText(reason);
  await repo.setHidden(tx, id, why, by, now);
  await repo.applyRating(tx, r.park_id, -1, -Number(r.stars));
  return { parkId: Number(r.park_id), reason: why };
}

/** A review as the back office shows it. */
export async function staffReview(db: Db, id: number): Promise<AdminReview> {
  return adminReview((await repo.findShown(db, id))!);
}
