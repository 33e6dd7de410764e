import { randomBytes, randomUUID } from "node:crypto";
import type { BookingFilter, BookingRequest, CreateBookingBody } from "@parkwell/contract";
import { attachCharger } from "../parks/chargers.service";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Clock } from "../../lib/clock";
import { bookingCode } from "./bookings.domain";
import { assertFlightFits, requestedFlight } from "./booking-flights.domain";
import { queueBookingMail } from "./bookings-mail.service";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";
import type { ParkView } from "./bookings-view.repo";
import { chargeAccountKeys, ensureChargeAccounts, revenueShard } from "../wallet/ledger.service";
import {
  chargerRefused,
  closedWindow,
  currencyChanged,
  full,
  guardVehicle,
  notFound,
  lockBookingCoupon,
  pricedWindow,
  savedVehicle,
  type BookingDeps,
  type ParkForBooking,
} from "./booking-core.service";
import {
  BOOKING_PURCHASE,
  bookingReceiptOnly,
  firstMoveKey,
  receiptPark,
  rewardBooking,
} from "./booking-receipts.service";
import { fingerprintOf } from "../purchases/purchases.domain";
import { assertCouponApplies, recordCouponUse } from "../purchases/coupons.service";
import { assertSameRequest, shortfall } from "../purchases/purchases.service";
import { windowPurchase } from "../purchases/company-purchases.service";
import {
  checkPurchase,
  companyAccountKey,
  ensureCompanyAccount,
  lockMember,
  payingCompany,
  recordCharge,
} from "../companies/company-pay.service";
import { listPage, offsetOf } from "../../lib/pagination";
import { pgCode, SQLSTATE } from "../../lib/pg-error";

export { VEHICLE_BUSY, type BookingDeps } from "./booking-core.service";
export {
  cancelForOrganiser,
  cancelInFull,
  changeStatus,
  changeVehicle,
  extendBooking,
  quoteExtension,
} from "./booking-changes.service";
export { activeBookingsOfEvent } from "./bookings.repo";

/** `book_space` answered something else than booked: the transaction (and its mail job) rolls back. */
class NotBooked extends Error {
  constructor(readonly status: repo.BookSpaceStatus) {
    super(`not booked: ${status}`);
  }
}

const fingerprint = (body: BookingRequest) =>
  fingerprintOf([
    body.park_id,
    body.vehicle_type_id,
    body.vehicle_id ?? null,
    body.plate_number ?? null,
    ...(body.company_id ? [`company:${body.company_id}`] : []),
    ...(body.coupon_code ? [`coupon:${body.coupon_code}`] : []),
    ...(body.charger_id ? [`charger:${body.charger_id}`] : []),
    ...(body.kind === "window"
      ? [body.start_time.toISOString(), body.end_time.toISOString()]
      : [body.event_code]),
  ]);

/**
 * The booking a key already produced, or null: its purchases row and the booking in one read; the
 * same key with another body is a 422 (the purchase engine's check).
 */
export async function replay(db: Db, userId: string, key: string, hash: string): Promise<BookingRow | null> {
  const found = await repo.bookingOfKey(db, userId, BOOKING_PURCHASE.name, key);
  if (!found) return null;
  assertSameRequest(BOOKING_PURCHASE, found, hash);
  return found.booking;
}

export interface NewBooking {
  userId: string;
  body: BookingRequest;
  idempotencyKey: string | undefined;
  hash: string;
  now: Date;
  vehicleId: number | null;
  plate: string | null;
}

/** The row of a new booking for `[start, end)` at `breakdown`'s price, before `book_space` inserts it. */
export function newBookingRow(
  n: NewBooking,
  park: { id: number; currency: string },
  start: Date,
  end: Date,
  breakdown: BookingRow["breakdown"] & { totalMinor: number },
  eventId: number | null,
): BookingRow {
  return {
    id: randomUUID(),
    bookingCode: bookingCode(randomBytes(8)),
    userId: n.userId,
    parkId: park.id,
    vehicleTypeId: n.body.vehicle_type_id,
    vehicleId: n.vehicleId,
    plateNumber: n.plate,
    startTime: start,
    endTime: end,
    status: "active",
    currency: park.currency,
    totalMinor: breakdown.totalMinor,
    paidMinor: breakdown.totalMinor,
    breakdown,
    moves: 1,
    createdAt: n.now,
    updatedAt: n.now,
    cancelledAt: null,
    startRemindedAt: null,
    endRemindedFor: null,
    checkedInAt: null,
    checkedInBy: null,
    checkedOutAt: null,
    checkedOutBy: null,
    overstayMinor: 0,
    overstayOwedMinor: 0,
    eventId,
    reviewRequestedAt: null,
    chargerId: n.body.kind === "window" ? (n.body.charger_id ?? null) : null,
  };
}

/**
 * What every new booking starts with: the replay of a known Idempotency-Key (null when none), and
 * the vehicle (a saved one of the user's, checked against the vehicle type, or a typed plate).
 */
export async function startBooking(
  deps: BookingDeps,
  userId: string,
  body: BookingRequest,
  idempotencyKey: string | undefined,
): Promise<{ replayed: BookingRow } | { replayed: null; new: NewBooking }> {
  const { db } = deps;
  const hash = fingerprint(body);
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return { replayed: found };
  }
  const vehicle = body.vehicle_id
    ? await savedVehicle(db, userId, body.vehicle_id, body.vehicle_type_id, "vehicle_type_id")
    : undefined;
  return {
    replayed: null,
    new: {
      userId,
      body,
      idempotencyKey,
      hash,
      now: deps.clock(),
      vehicleId: body.vehicle_id ?? null,
      plate: vehicle?.plate_number ?? body.plate_number ?? null,
    },
  };
}

/**
 * A window's booking. `quoteSecret` reads the quote's token the body presents (decision 059): the
 * booking is charged the quoted parking; a park with busy-time rules needs one.
 */
export async function createBooking(
  deps: BookingDeps,
  userId: string,
  body: CreateBookingBody,
  idempotencyKey: string | undefined,
  quoteSecret: string,
): Promise<{ booking: BookingRow; park?: ParkView; replayed: boolean }> {
  const { db } = deps;
  const started = await startBooking(deps, userId, body, idempotencyKey);
  if (started.replayed) return { booking: started.replayed, replayed: true };
  const { now } = started.new;

  const { park, coupon, breakdown } = await pricedWindow(db, {
    parkId: body.park_id,
    vehicleTypeId: body.vehicle_type_id,
    start: body.start_time,
    end: body.end_time,
    now,
    code: body.coupon_code,
    userId,
    chargerId: body.charger_id,
    pricing: { as: "booking", token: body.quote_token, secret: quoteSecret },
  });
  assertCouponApplies(coupon);
  assertFlightFits(body, park, { start: body.start_time, end: body.end_time });
  const flight = requestedFlight(body);
  const booking = newBookingRow(started.new, park, body.start_time, body.end_time, breakdown, null);
  const placed = await placeBooking(deps, started.new, booking, park, "booking", async (tx, keys) => {
    const status = await bookWindow(tx, booking, keys, now);
    // The flight is written with the booking, in its transaction, once the space is the driver's.
    if (status === "booked" && flight) await repo.saveFlight(tx, booking.id, flight, now);
    return status;
  });
  if (placed.replayed) return { booking: placed.replayed, replayed: true };
  if (placed.status === "full") throw full();
  if (placed.status === "moved") throw currencyChanged();
  if (placed.status === "closed")
    throw await closedWindow(db, { ...booking, start: booking.startTime, end: booking.endTime });
  if (placed.status === "charger_full" || placed.status === "charger_gone")
    throw chargerRefused(placed.status);
  if (placed.status !== "booked") throw new Error(`book_space answered ${placed.status}`);
  return { booking, park: park.view, replayed: false };
}

/**
 * A window's booking: `book_space`, then, when it names a charger group, one of its chargers taken
 * for the window (attach_charger: the group's row locked last, after the capacity row, the wallet
 * and the driver's row). A group full or gone answers its status, and the booking and its charge
 * roll back with the transaction.
 */
async function bookWindow(tx: Tx, booking: BookingRow, keys: repo.SpaceCharge, now: Date) {
  const status = await repo.bookSpace(tx, booking, keys);
  if (status !== "booked" || booking.chargerId === null) return status;
  return attachCharger(tx, booking.id, booking.chargerId, now);
}

/**
 * Commits a new booking through its capacity statement (`book_space`, `book_event_space`), which
 * locks, checks, charges and inserts in one round trip, with its receipt (`kind`). The
 * confirmation's job, the booking and its receipt commit together, or none does: the job and the
 * receipt are written first (the receipt's ledger key is checked at the commit), so the capacity
 * lock is held only for the referral's check and the COMMIT that follow (decision 052). The
 * statement claims the booking's `purchases` row before it takes the capacity lock, so a retry
 * waits on the Idempotency-Key's index without holding up the park; that insert shares the driver's
 * row (its foreign key), and a hold of the same driver (hold_check, complete_hold) locks the
 * capacity row and then the driver's row FOR NO KEY UPDATE, which does not wait on that share
 * (hold.race.api.test.ts shows FOR UPDATE deadlocking there). The referral's reward comes after
 * the statement, which posts the charge it rewards: its wallets are locked after the capacity row,
 * as every other wallet of the booking. Answers
 * the statement's status, or the booking of the same Idempotency-Key that won a race with this
 * one; a short wallet is the 402. `refused`: the statement's refusal already read without the
 * lock, answered where the statement would answer it (after the company's checks) without running it.
 */
export async function placeBooking(
  deps: BookingDeps,
  n: NewBooking,
  booking: BookingRow,
  park: ParkForBooking,
  kind: "booking" | "event_booking",
  statement: (tx: Tx, charge: repo.SpaceCharge) => Promise<repo.BookSpaceStatus>,
  refused: repo.BookSpaceStatus | null = null,
): Promise<{ status: repo.BookSpaceStatus; replayed: null } | { status: null; replayed: BookingRow }> {
  const { db } = deps;
  const move = { userId: n.userId, currency: park.currency, revenueShard: revenueShard(booking.id) };
  // Paying with a company: checked before the transaction, its account charged instead of the wallet.
  const companyId = n.body.company_id ?? null;
  const payer = companyId ? await payingCompany(db, companyId, n.userId) : null;
  const keys = payer
    ? { ...chargeAccountKeys(move), wallet: companyAccountKey(payer.id, park.currency) }
    : chargeAccountKeys(move);
  // What the company's policy is asked about, with the company that pays: one value, never half.
  const company = payer && {
    payer,
    purchase: await windowPurchase(db, {
      kind: "booking",
      parkId: park.id,
      timeZone: park.timeZone,
      start: booking.startTime,
      end: booking.endTime,
      amountMinor: booking.totalMinor,
      currency: park.currency,
      decimals: park.decimals,
    }),
  };
  const book = async (): Promise<repo.BookSpaceStatus> => {
    // Without a company nothing in the transaction answers before the statement: no transaction.
    if (refused && !payer) return refused;
    try {
      return await db.transaction(async (tx) => {
        // The member's row locked first: the month's charges summed and the policy asked before money moves.
        const paying = company && { ...company, member: await lockMember(tx, company.payer, n.userId) };
        if (paying) await checkPurchase(tx, paying.payer, paying.member, paying.purchase, n.now);
        if (refused) throw new NotBooked(refused);
        // The company's account in the park's currency, made at its first purchase inside this
        // transaction: a refused purchase (the policy's 403, a short account's 402) leaves none.
        if (payer) await ensureCompanyAccount(tx, payer.id, park.currency);
        const couponId = await lockBookingCoupon(tx, park, {
          kind,
          userId: n.userId,
          breakdown: booking.breakdown,
          now: n.now,
        });
        await queueBookingMail(deps.jobs, tx, booking, "booked");
        // The receipt of the charge the statement is about to post, written before it takes the
        // capacity lock (its ledger key is checked at the commit; a refusal rolls it back).
        await bookingReceiptOnly(tx, kind, booking, receiptPark(park), booking.createdAt, payer?.id ?? null);
        const status = await statement(tx, {
          ...keys,
          idempotencyKey: n.idempotencyKey ?? null,
          requestHash: n.idempotencyKey ? n.hash : null,
        });
        if (status !== "booked") throw new NotBooked(status);
        if (couponId !== null) {
          await recordCouponUse(tx, { couponId, userId: n.userId, purchaseId: booking.id });
        }
        await rewardBooking(tx, booking, booking.createdAt);
        if (paying) {
          await recordCharge(tx, {
            companyId: paying.payer.id,
            member: paying.member,
            userId: n.userId,
            kind: "booking",
            ledgerKey: firstMoveKey(booking.id),
            reference: booking.bookingCode,
            currency: park.currency,
            amountMinor: booking.totalMinor,
            at: n.now,
          });
        }
        return status;
      });
    } catch (err) {
      if (err instanceof NotBooked) return err.status;
      throw err;
    }
  };
  try {
    // A busy plate is refused by the insert itself (the exclusion constraint; guardVehicle makes it the 409).
    let status = await guardVehicle(book);
    if (status === "missing_accounts") {
      // The wallet's or revenue shard's first movement: create them, then book again.
      await ensureChargeAccounts(db, move);
      status = await guardVehicle(book);
    }
    // A refusal may be this request's own retry losing to its first attempt, committed since
    // startBooking looked (the first took the last space): the driver is answered with that booking.
    if (status !== "booked" && n.idempotencyKey) {
      const found = await replay(db, n.userId, n.idempotencyKey, n.hash);
      if (found) return { status: null, replayed: found };
    }
    return { status, replayed: null };
  } catch (err) {
    const code = pgCode(err);
    if (code === SQLSTATE.walletShort) {
      throw await shortfall(db, BOOKING_PURCHASE, {
        userId: n.userId,
        company: payer,
        currency: park.currency,
        amountMinor: booking.totalMinor,
        decimals: park.decimals,
      });
    }
    // The same key racing itself: the loser waits on the unique index, then replays the winner.
    if (n.idempotencyKey && code === SQLSTATE.uniqueViolation) {
      const found = await replay(db, n.userId, n.idempotencyKey, n.hash);
      if (found) return { status: null, replayed: found };
    }
    throw err;
  }
}

/** A user's booking by id (a wallet pass's link names it so); another's is not found. */
export async function getBooking(db: Db, userId: string, id: string) {
  const b = await repo.findBooking(db, userId, { id });
  if (!b) throw notFound();
  return b;
}

export async function getBookingByCode(db: Db, userId: string, code: string) {
  const b = await repo.findBooking(db, userId, { code: code.toUpperCase() });
  if (!b) throw notFound();
  return b;
}

export async function listBookings(
  db: Db,
  now: Date,
  userId: string,
  q: { page: number; size: number; status_filter?: BookingFilter | undefined },
) {
  const filter = q.status_filter ? repo.filters[q.status_filter](now) : undefined;
  const { rows, total } = await repo.listBookings(db, userId, filter, q.size, offsetOf(q));
  return listPage(rows, total, q);
}

/** The completed-status job: idempotent, one UPDATE, safe to run from several processes at once. */
export function completeEndedBookings(db: Db, clock: Clock): Promise<number> {
  return repo.completeEnded(db, clock());
}
