/**
 * A rebooking (decision 058): the driver's booking closed and a new one made at another park for
 * the same window, paid with the first booking's money and the guarantee's difference, in one
 * transaction: the first booking refunded in full through the purchase engine (its credit note),
 * the difference credited from Parkwell's marketing account (creditGuarantee), then the new booking
 * made by `book_space` under its park's capacity lock (its receipt, its purchases row with the
 * Idempotency-Key), so a retry with the same key replays the new booking and the first booking is
 * closed once. No space left: everything rolls back and the first booking stays as it was.
 *
 * The space guarantee (features/guarantee) calls it for its offers; a driver's claim (decision
 * 057) calls it with its own `check` and `settle`, and `startTime` for what is left of a window
 * already begun.
 */
import {
  REBOOK_FULL_MESSAGE,
  REBOOK_PARK_MESSAGE,
  refusedEdge,
  windowVerdict,
  type CreateBookingBody,
} from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import { pgCode, SQLSTATE } from "../../lib/pg-error";
import type { Tx } from "../../db/tx";
import {
  companyAccountKey,
  payerOfBooking,
  payingCompany,
  recordCharge,
} from "../companies/company-pay.service";
import { clockOfPark } from "../parks/parks.present";
import type { BookedRateRule } from "../parks/pricing.domain";
import { ruleForWindow, ruleOfWindow, rulesOfParks } from "../parks/rate-rules.service";
import { fingerprintOf } from "../purchases/purchases.domain";
import { releaseCouponUse } from "../purchases/coupons.service";
import { refundPurchase, shortfall } from "../purchases/purchases.service";
import {
  chargeAccountKeys,
  creditGuarantee,
  ensureChargeAccounts,
  revenueShard,
} from "../wallet/ledger.service";
import {
  BOOKING_MOVES,
  BOOKING_PURCHASE,
  bookingPurchaseOf,
  bookingReceiptOnly,
  firstMoveKey,
  receiptPark,
} from "./booking-receipts.service";
import {
  closedWindow,
  currencyChanged,
  guardVehicle,
  lockPark,
  notFound,
  price,
  readParkWithCountry,
  windowRefused,
  type BookingDeps,
  type ParkForBooking,
} from "./booking-core.service";
import type { BookingMailTemplate } from "./bookings.mail";
import { queueBookingMail } from "./bookings-mail.service";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";
import { newBookingRow, replay } from "./bookings.service";

const NOT_REBOOKABLE_MESSAGE = "Only an active booking whose car is not in yet can be rebooked";

const notRebookable = () => new AppError(409, "booking_not_rebookable", NOT_REBOOKABLE_MESSAGE);
const parkRefused = () => AppError.validation({ park_id: REBOOK_PARK_MESSAGE }, REBOOK_PARK_MESSAGE);
const rebookFull = () => new AppError(409, "no_capacity", REBOOK_FULL_MESSAGE);

/** What a rebooking did, for the caller's `settle` (in its transaction) and its answer. */
export interface Rebooked {
  first: BookingRow;
  booking: BookingRow;
  /** The first booking's money, given back in full (its credit note) and paid on for the new one. */
  refundedMinor: number;
  /** What the guarantee added for the new booking (its price above the first's). */
  differenceMinor: number;
  /** What was left in the wallet when the new park costs less. */
  returnedMinor: number;
  at: Date;
}

interface RebookRequest {
  userId: string;
  bookingId: string;
  parkId: number;
  idempotencyKey?: string | undefined;
  /**
   * When the new booking starts, when not the first booking's start: a claim's rebooking of a
   * window already begun takes what is left of it (from now, to the same end).
   */
  startTime?: Date | undefined;
  /**
   * The new booking's e-mail: `rebooked` (the guarantee's words: the first park closed, the same
   * window) unless the caller's own e-mail says why (a claim's decision: `booked`).
   */
  mail?: BookingMailTemplate | undefined;
  /**
   * The caller's own rule, with the first booking locked (its row FOR UPDATE, after the new
   * park's capacity row): throws to refuse (an offer already settled).
   */
  check?: (tx: Tx, first: BookingRow) => Promise<void>;
  /** After the new booking is made, in its transaction: the caller's rows, who pays the difference. */
  settle?: (tx: Tx, done: Rebooked) => Promise<void>;
}

/** `book_space` answered something else than booked: the rebooking rolls back whole. */
class NotRebooked extends Error {
  constructor(readonly status: repo.BookSpaceStatus) {
    super(`not rebooked: ${status}`);
  }
}

/** The fingerprint of a rebooking: the booking moved and the park chosen. */
const rebookFingerprint = (bookingId: string, parkId: number) => fingerprintOf(["rebook", bookingId, parkId]);

/**
 * Whether `to` can take the booking's window at `now`: another active park of the same country
 * (so the same currency), selling spaces of its vehicle type, open over the window; the price of
 * the window there today (pricing.domain, no coupon), by the busy-time rule the park would price
 * it by now (its rules and the window's occupancy, as a quote reads them: decision 059). Refusals:
 * 422 at park_id, or the window's.
 */
async function rebookingPrice(
  db: BookingDeps["db"],
  first: Pick<BookingRow, "parkId" | "vehicleTypeId" | "currency" | "startTime" | "endTime">,
  parkId: number,
  now: Date,
) {
  const fromPark = await readParkWithCountry(db, first.parkId, first.vehicleTypeId);
  const to = parkId === first.parkId ? undefined : await readParkWithCountry(db, parkId, first.vehicleTypeId);
  const rule =
    to && to.hourlyMinor !== null && to.dailyMaxMinor !== null
      ? await ruleForWindow(
          db,
          to,
          { hourlyMinor: to.hourlyMinor, dailyMaxMinor: to.dailyMaxMinor },
          first.vehicleTypeId,
          first.startTime,
          first.endTime,
        )
      : null;
  return priceRebooking(first, fromPark, to, now, rule);
}

/**
 * The busy-time rule each park would price the window by now (decision 059), for a list of choices:
 * the rules of the parks that have some in one statement, the occupancy from `free` (the parks'
 * free spaces for the window, read once for the list). A park priced at its normal rates is left out.
 */
export async function rebookingRules(
  db: BookingDeps["db"],
  parks: readonly ParkForBooking[],
  window: { start: Date; end: Date },
  free: ReadonlyMap<number, { capacity: number; available: number }>,
): Promise<Map<number, BookedRateRule>> {
  const ruled = parks.filter((p) => p.hasRateRules && p.hourlyMinor !== null && p.dailyMaxMinor !== null);
  const found = new Map<number, BookedRateRule>();
  if (ruled.length === 0) return found;
  const rules = await rulesOfParks(
    db,
    ruled.map((p) => p.id),
  );
  for (const p of ruled) {
    const rate = { hourlyMinor: p.hourlyMinor!, dailyMaxMinor: p.dailyMaxMinor! };
    const spaces = free.get(p.id) ?? { capacity: 0, available: 0 };
    const rule = ruleOfWindow(rules.get(p.id) ?? [], rate, { ...window, timeZone: p.timeZone, spaces });
    if (rule) found.set(p.id, rule);
  }
  return found;
}

/**
 * rebookingPrice with both parks already read (`to` undefined: not found, or the booking's own) and
 * the busy-time rule `to` prices the window by (null: its normal rates).
 */
export function priceRebooking(
  first: Pick<BookingRow, "currency" | "startTime" | "endTime">,
  fromPark: ParkForBooking | undefined,
  to: ParkForBooking | undefined,
  now: Date,
  rule: BookedRateRule | null = null,
) {
  if (
    !fromPark ||
    !to ||
    to.status !== "active" ||
    to.countryId !== fromPark.countryId ||
    to.currency !== first.currency.trim() ||
    !to.capacity ||
    to.hourlyMinor === null ||
    to.dailyMaxMinor === null
  ) {
    throw parkRefused();
  }
  const verdict = windowVerdict(first.startTime, first.endTime, now, clockOfPark(to));
  if (!verdict.bookable) {
    throw windowRefused(verdict, refusedEdge(verdict) === "start" ? "start_time" : "end_time");
  }
  return { park: to, fromPark, breakdown: price(to, first.startTime, first.endTime, now, null, rule) };
}

/**
 * The booking an earlier rebooking of `bookingId` to `parkId` made with this Idempotency-Key, or
 * null when there is none (a claim's decision asks before its own refusals: a replay answers the
 * decision made, not "already decided").
 */
export function priorRebooking(
  db: BookingDeps["db"],
  r: { userId: string; bookingId: string; parkId: number; idempotencyKey: string },
): Promise<BookingRow | null> {
  return replay(db, r.userId, r.idempotencyKey, rebookFingerprint(r.bookingId, r.parkId));
}

/**
 * Rebooks the caller's booking at `parkId` for the same window (or from `startTime` to its end),
 * or answers the rebooking made with the same Idempotency-Key (`replayed`). Another driver's
 * booking is a 404; a booking no longer active or whose car is in, 409 `booking_not_rebookable`;
 * one a company paid moves on the company's account (403 when the driver is no longer its
 * member); the park full, 409 `no_capacity` with the first booking untouched.
 */
export async function rebookBooking(
  deps: BookingDeps,
  r: RebookRequest,
): Promise<{ booking: BookingRow; replayed: boolean; rebooked: Rebooked | null }> {
  const { db } = deps;
  const hash = rebookFingerprint(r.bookingId, r.parkId);
  if (r.idempotencyKey) {
    const found = await replay(db, r.userId, r.idempotencyKey, hash);
    if (found) return { booking: found, replayed: true, rebooked: null };
  }
  const first = await repo.findBooking(db, r.userId, { id: r.bookingId });
  if (!first) throw notFound();
  if (first.status !== "active" || first.checkedInAt) throw notRebookable();
  // A booking a company paid moves on the company's account: its refund goes back there, and the
  // new booking (the guarantee's difference credited there first) is charged there, to the same
  // member and cost centre. The driver must still be an active member of it (else 403, as any
  // purchase on its account); its policy is not asked again: the company pays no more than it did.
  const paidBy = await payerOfBooking(db, first.id);
  const company = paidBy ? await payingCompany(db, paidBy.companyId, r.userId) : null;
  const now = deps.clock();
  // The new booking's window: the first's, or what is left of it from the caller's start.
  const start = r.startTime ?? first.startTime;
  const { park, fromPark, breakdown } = await rebookingPrice(
    db,
    { ...first, startTime: start },
    r.parkId,
    now,
  );
  const body: CreateBookingBody = {
    kind: "window",
    park_id: park.id,
    vehicle_type_id: first.vehicleTypeId,
    vehicle_id: first.vehicleId,
    plate_number: first.plateNumber,
    start_time: start,
    end_time: first.endTime,
  };
  const n = {
    userId: r.userId,
    body,
    idempotencyKey: r.idempotencyKey,
    hash,
    now,
    vehicleId: first.vehicleId,
    plate: first.plateNumber,
  };
  const booking = newBookingRow(n, park, start, first.endTime, breakdown, null);
  const move = { userId: r.userId, currency: park.currency, revenueShard: revenueShard(booking.id) };
  const keys = company
    ? { ...chargeAccountKeys(move), wallet: companyAccountKey(company.id, park.currency) }
    : chargeAccountKeys(move);
  // The wallet's and the new booking's revenue shard's first movement, before the locks.
  await db.transaction((tx) => ensureChargeAccounts(tx, move));
  let rebooked: Rebooked | null = null;
  try {
    await guardVehicle(() =>
      db.transaction(async (tx) => {
        // The new park's capacity row first (the lock every booking takes before the wallet's),
        // then the first booking's row: it is closed once, by whoever holds it.
        await lockPark(tx, deps, park.id, first.vehicleTypeId);
        const b = await repo.findActiveForUpdate(tx, first.id);
        if (!b || b.checkedInAt) throw notRebookable();
        await r.check?.(tx, b);
        const moves = b.moves + 1;
        const refundedMinor = b.paidMinor;
        if (refundedMinor > 0) {
          await refundPurchase(tx, BOOKING_MOVES, bookingPurchaseOf(b, receiptPark(fromPark)), {
            move: moves,
            amountMinor: refundedMinor,
            description: `Space guarantee: ${b.bookingCode} moved to ${booking.bookingCode}`,
            at: now,
          });
        }
        await releaseCouponUse(tx, b.id);
        const closed = {
          status: "cancelled" as const,
          paidMinor: 0,
          moves,
          cancelledAt: now,
          updatedAt: now,
        };
        await repo.updateBooking(tx, b.id, closed);
        const differenceMinor = Math.max(0, booking.totalMinor - refundedMinor);
        if (differenceMinor > 0) {
          await creditGuarantee(tx, {
            userId: r.userId,
            companyId: company?.id ?? null,
            currency: park.currency,
            amountMinor: differenceMinor,
            idempotencyKey: `guarantee:${b.id}`,
            reference: booking.bookingCode,
            description: `Space guarantee: ${b.bookingCode} moved to ${booking.bookingCode}`,
            shard: revenueShard(b.id),
          });
        }
        await queueBookingMail(deps.jobs, tx, booking, r.mail ?? "rebooked");
        await bookingReceiptOnly(tx, "booking", booking, receiptPark(park), now, company?.id ?? null);
        const status = await repo.bookSpace(tx, booking, {
          ...keys,
          idempotencyKey: r.idempotencyKey ?? null,
          requestHash: r.idempotencyKey ? hash : null,
        });
        if (status !== "booked") throw new NotRebooked(status);
        if (company && paidBy) {
          // The member's rows: the new booking's charge, and the guarantee's part given back (so
          // the member's month counts what the company paid, not what the guarantee added).
          const member = { memberId: paidBy.memberId, costCentre: paidBy.costCentre };
          const row = { companyId: company.id, member, userId: r.userId, currency: park.currency, at: now };
          await recordCharge(tx, {
            ...row,
            kind: "booking",
            ledgerKey: firstMoveKey(booking.id),
            reference: booking.bookingCode,
            amountMinor: booking.totalMinor,
          });
          if (differenceMinor > 0) {
            await recordCharge(tx, {
              ...row,
              kind: "refund",
              ledgerKey: `guarantee:${b.id}`,
              reference: booking.bookingCode,
              amountMinor: -differenceMinor,
            });
          }
        }
        rebooked = {
          first: { ...b, ...closed },
          booking,
          refundedMinor,
          differenceMinor,
          returnedMinor: Math.max(0, refundedMinor - booking.totalMinor),
          at: now,
        };
        await r.settle?.(tx, rebooked);
      }),
    );
  } catch (err) {
    if (
      r.idempotencyKey &&
      (err instanceof NotRebooked || err instanceof AppError || pgCode(err) === SQLSTATE.uniqueViolation)
    ) {
      // This request's own retry lost to its first attempt: answered with that rebooking.
      const found = await replay(db, r.userId, r.idempotencyKey, hash);
      if (found) return { booking: found, replayed: true, rebooked: null };
    }
    if (err instanceof NotRebooked) {
      if (err.status === "full") throw rebookFull();
      if (err.status === "closed") {
        throw await closedWindow(db, {
          parkId: park.id,
          vehicleTypeId: first.vehicleTypeId,
          start,
          end: first.endTime,
        });
      }
      if (err.status === "moved") throw currencyChanged();
      throw new Error(`book_space answered ${err.status}`, { cause: err });
    }
    if (pgCode(err) === SQLSTATE.walletShort) {
      throw await shortfall(db, BOOKING_PURCHASE, {
        userId: r.userId,
        company,
        currency: park.currency,
        amountMinor: booking.totalMinor,
        decimals: park.decimals,
      });
    }
    throw err;
  }
  return { booking, replayed: false, rebooked };
}
