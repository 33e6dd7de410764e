/**
 * Changes to an existing booking: extend, cancel and renew (docs/decisions/008-bookings.md); the
 * frame and checks a change of window shares with them (booking-window.service.ts, decision 063).
 */
import {
  EVENT_BOOKING_FIXED_MESSAGE,
  EVENT_BOOKING_NOT_RENEWABLE_MESSAGE,
  OFFER_OPEN_MESSAGE,
  windowVerdict,
  type ChangeVehicleBody,
} from "@parkwell/contract";
import { AppError } from "../../lib/app-error";
import { windowPurchase } from "../purchases/company-purchases.service";
import {
  checkPurchase,
  lockMember,
  payerOfBooking,
  payingCompany,
  type MemberLock,
  type PayingCompany,
} from "../companies/company-pay.service";
import { chargeMove, refundPurchase } from "../purchases/purchases.service";
import { releaseCouponUse } from "../purchases/coupons.service";
import { chargeDueMinor, extendProblem, refundMinor, statusChange } from "./bookings.domain";
import { clockOfPark } from "../parks/parks.present";
import { withBookedCoupon, type BookedRateRule, type PriceBreakdown } from "../parks/pricing.domain";
import { taxesAt } from "../reference/tax-rates.domain";
import * as repo from "./bookings.repo";
import { openOfferCause } from "./bookings-view.repo";
import type { ReceiptBody } from "../receipts/receipts.domain";
import type { BookingRow } from "./bookings.repo";
import type { ParkView } from "./bookings-view.repo";
import { queueBookingMail } from "./bookings-mail.service";
import {
  BOOKING_CHARGES,
  BOOKING_MOVES,
  bookingPurchaseOf,
  cancellationNoteBody,
  extensionReceiptBody,
  receiptCharger,
  receiptPark,
  renewalReceiptBody,
} from "./booking-receipts.service";
import {
  assertSameCurrency,
  busy,
  full,
  guardVehicle,
  holdCharger,
  lockPark,
  notFound,
  price,
  readPark,
  savedVehicle,
  type BookingDeps,
  windowRefused,
  type LockedPark,
} from "./booking-core.service";

type Tx = Parameters<Parameters<BookingDeps["db"]["transaction"]>[0]>[0];

/**
 * The common frame of every change: find the caller's booking (another user's is a 404), then in
 * one transaction lock the capacity row before the booking (the lock order everywhere:
 * park_capacities, then the booking, then wallet accounts) and hand both to `change`.
 */
export async function withLockedBooking<T>(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  change: (tx: Tx, b: BookingRow, park: LockedPark) => Promise<T>,
  /** A first lock taken before the park's (a company payer's member row), if any. */
  before?: (tx: Tx) => Promise<void>,
): Promise<T> {
  const { db } = deps;
  const current = await repo.findBooking(db, userId, { id: bookingId });
  if (!current) throw notFound();
  return guardVehicle(() =>
    db.transaction(async (tx) => {
      if (before) await before(tx);
      const park = await lockPark(tx, deps, current.parkId, current.vehicleTypeId);
      const b = await repo.findBooking(tx, userId, { id: bookingId }, true);
      if (!b) throw notFound();
      return change(tx, b, park);
    }),
  );
}

/** A space (and the booking's plate) must be free over [start, end), this booking aside. */
export async function assertRoom(
  db: Parameters<typeof repo.occupancy>[0],
  b: BookingRow,
  park: LockedPark,
  start: Date,
  end: Date,
) {
  const { peak, plateBusy } = await repo.occupancy(db, b, start, end);
  if (peak >= park.capacity) throw full();
  if (plateBusy) throw busy();
}

/** The booking's charger, when it holds one, free over [start, end) besides itself (holdCharger). */
export async function assertChargerRoom(tx: Tx, b: BookingRow, start: Date, end: Date, now: Date) {
  if (b.chargerId === null) return;
  await holdCharger(tx, { chargerId: b.chargerId, parkId: b.parkId, start, end, exclude: b.id, now });
}

/** An extension to `newEnd` the booking and its park allow (422 at new_end_time otherwise). */
function assertExtendable(b: BookingRow, park: LockedPark, newEnd: Date, now: Date) {
  if (b.eventId !== null) throw AppError.validation({ new_end_time: EVENT_BOOKING_FIXED_MESSAGE });
  const problem = extendProblem(b, newEnd, now);
  if (problem) throw AppError.validation({ new_end_time: problem });
  assertSameCurrency(b, park);
  // The whole stay, from its start, must fit the opening hours (the start may be past by now).
  const verdict = windowVerdict(b.startTime, newEnd, b.startTime, clockOfPark(park));
  if (!verdict.bookable) throw windowRefused(verdict, "new_end_time");
}

/**
 * A booking's window [start, end) priced again now, at today's rates and taxes, keeping what the
 * booking was bought with: its coupon takes the same amount off; the charging it bought (a
 * per-hour charger group) is priced at the price per hour it was booked at (decision 048,
 * "Charging sold per hour"). `rule`: the busy-time rule that prices its parking (decision 059;
 * null: the normal rates).
 */
export function repriced(
  b: BookingRow,
  park: LockedPark,
  start: Date,
  end: Date,
  now: Date,
  rule: BookedRateRule | null,
): PriceBreakdown {
  const newPrice = price(park, start, end, now, b.breakdown.chargingHourMinor ?? null, rule);
  const taxes = taxesAt(park, park, now, "window");
  return { ...newPrice, ...withBookedCoupon(newPrice, b.breakdown, taxes) };
}

/**
 * The longer booking's whole price (repriced) and what extending charges on top of what it has
 * paid. A booking priced by a busy-time rule keeps it: the longer window's parking is moved by the
 * same rule, with its floor and ceiling, as it was quoted (decision 059), whatever the rules or the
 * occupancy are now; one priced at the normal rates stays so.
 */
function extensionPrice(b: BookingRow, park: LockedPark, newEnd: Date, now: Date) {
  const breakdown = repriced(b, park, b.startTime, newEnd, now, b.breakdown.rateRule ?? null);
  return { breakdown, due: chargeDueMinor(breakdown.totalMinor, b.paidMinor) };
}

/**
 * GET /bookings/{id}/extension: what extendBooking would charge for `newEnd`, by the same checks
 * and price, read without a lock and nothing written (the extension itself decides, under its
 * locks, and also refuses a window with no room).
 */
export async function quoteExtension(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  newEnd: Date,
): Promise<{ breakdown: PriceBreakdown; due: number; park: LockedPark }> {
  const now = deps.clock();
  const b = await repo.findBooking(deps.db, userId, { id: bookingId });
  if (!b) throw notFound();
  const park = await readPark(deps.db, b.parkId, b.vehicleTypeId);
  assertExtendable(b, park, newEnd, now);
  await refuseOpenOffer(deps.db, b.id);
  return { ...extensionPrice(b, park, newEnd, now), park };
}

/**
 * A booking a closure or a cut of spaces hit has an open offer of the space guarantee: it is not
 * extended (its driver chooses a space elsewhere or the refund, decision 061), 409 `offer_open`.
 */
export async function refuseOpenOffer(db: Parameters<typeof openOfferCause>[0], bookingId: string) {
  if ((await openOfferCause(db, bookingId)) !== null) {
    throw new AppError(409, "offer_open", OFFER_OPEN_MESSAGE);
  }
}

export async function extendBooking(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  newEnd: Date,
): Promise<{ booking: BookingRow; park: ParkView }> {
  const now = deps.clock();
  const payer = await companyPayer(deps, userId, bookingId);
  let member: MemberLock | null = null;
  return withLockedBooking(
    deps,
    userId,
    bookingId,
    async (tx, b, park) => {
      assertExtendable(b, park, newEnd, now);
      await refuseOpenOffer(tx, b.id);
      await assertRoom(tx, b, park, b.endTime, newEnd);
      const { breakdown, due } = extensionPrice(b, park, newEnd, now);
      const moves = b.moves + 1;
      await chargeChange(
        tx,
        b,
        park,
        payer && member ? { company: payer, member } : null,
        { kind: "extension", from: b.endTime, to: newEnd },
        {
          due,
          move: moves,
          description: `Booking extension ${b.bookingCode}`,
          now,
          receipt: () => extensionReceiptBody(tx, b, breakdown, newEnd, due, receiptPark(park)),
        },
      );
      await assertChargerRoom(tx, b, b.endTime, newEnd, now);
      const set = {
        endTime: newEnd,
        totalMinor: breakdown.totalMinor,
        paidMinor: b.paidMinor + due,
        breakdown,
        moves,
        updatedAt: now,
      };
      await repo.updateBooking(tx, b.id, set);
      await queueBookingMail(deps.jobs, tx, { ...b, ...set }, "extended");
      return { booking: { ...b, ...set }, park: park.view };
    },
    payer
      ? async (tx) => {
          member = await lockMember(tx, payer, userId);
        }
      : undefined,
  );
}

/**
 * The company that paid a booking (its first move's company_charges row), checked as a payer again
 * (the caller still an active member of a verified, enabled company) when `charging`; null when the
 * driver's wallet paid.
 */
export async function companyPayer(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
): Promise<PayingCompany | null> {
  const paid = await payerOfBooking(deps.db, bookingId);
  return paid ? payingCompany(deps.db, paid.companyId, userId) : null;
}

/**
 * Before an extension's, a change of window's or a renewal's charge to the company that paid the
 * booking (the member's row locked first): its policy and limits asked for what the change buys.
 */
async function askPolicy(
  tx: Tx,
  c: { company: PayingCompany; member: MemberLock },
  b: BookingRow,
  park: LockedPark,
  what: { kind: keyof typeof BOOKING_CHARGES; from: Date; to: Date },
  due: number,
  now: Date,
) {
  const purchase = await windowPurchase(tx, {
    kind: what.kind,
    parkId: park.id,
    timeZone: park.timeZone,
    start: what.from,
    end: what.to,
    amountMinor: due,
    currency: b.currency,
    decimals: park.decimals,
  });
  await checkPurchase(tx, c.company, c.member, purchase, now);
}

/**
 * A change's price above what the booking paid (`due`, nothing when 0) charged to the booking's
 * payer through the purchase engine as `kind`'s move: the company that paid it, its policy asked
 * first for what the change buys (`what`), else the driver's wallet (402 when short). The receipt
 * is written only when there is something to charge. An extension, a change of window and a
 * renewal each charge their difference so.
 */
export async function chargeChange(
  tx: Tx,
  b: BookingRow,
  park: LockedPark,
  payer: { company: PayingCompany; member: MemberLock } | null,
  what: { kind: keyof typeof BOOKING_CHARGES; from: Date; to: Date },
  m: { due: number; move: number; description: string; now: Date; receipt: () => Promise<ReceiptBody> },
): Promise<void> {
  if (m.due <= 0) return;
  if (payer) await askPolicy(tx, payer, b, park, what, m.due, m.now);
  const shown = receiptPark(park);
  await chargeMove(tx, BOOKING_CHARGES[what.kind], bookingPurchaseOf(b, shown), {
    move: m.move,
    amountMinor: m.due,
    description: m.description,
    at: m.now,
    receiptBody: await m.receipt(),
    company: payer,
  });
}

const VEHICLE_LOCKED = "The vehicle can only be changed before the booking starts";
const VEHICLE_IN = "The vehicle cannot be changed once the car has checked in";

/**
 * Puts another vehicle on an upcoming booking: a saved vehicle of the booking's vehicle type, or a
 * plate. The type (and so the space and the price) stays and no money moves, so only the booking
 * row is locked, not the park's capacity. A plate already booked over the window is refused by the
 * exclusion constraint (409 `vehicle_busy`), as at booking.
 */
export async function changeVehicle(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  body: ChangeVehicleBody,
): Promise<{ booking: BookingRow }> {
  const { db } = deps;
  const now = deps.clock();
  // A booking's vehicle type never changes: the vehicle can be checked against it before the lock.
  const current = await repo.findBooking(db, userId, { id: bookingId });
  if (!current) throw notFound();
  const vehicle = body.vehicle_id
    ? await savedVehicle(db, userId, body.vehicle_id, current.vehicleTypeId, "vehicle_id")
    : undefined;
  const set = {
    vehicleId: vehicle?.id ?? null,
    plateNumber: vehicle?.plate_number ?? body.plate_number ?? null,
  };
  const booking = await guardVehicle(() =>
    db.transaction(async (tx) => {
      const b = await repo.findBooking(tx, userId, { id: bookingId }, true);
      if (!b) throw notFound();
      if (b.checkedInAt) throw AppError.validation({ vehicle_id: VEHICLE_IN });
      if (b.status !== "active" || b.startTime <= now) {
        throw AppError.validation({ vehicle_id: VEHICLE_LOCKED });
      }
      await repo.updateBooking(tx, b.id, { ...set, updatedAt: now });
      return { ...b, ...set, updatedAt: now };
    }),
  );
  return { booking };
}

/** Cancel (refund by the policy) or renew (charge again what was refunded, if space is still free). */
export async function changeStatus(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  target: "active" | "cancelled",
): Promise<{ booking: BookingRow; park: ParkView; refundedMinor: number; chargedMinor: number }> {
  const now = deps.clock();
  const paid = await payerOfBooking(deps.db, bookingId);
  // Renewing charges again: the payer is checked again (cancelling only gives money back).
  const payer = paid && target === "active" ? await payingCompany(deps.db, paid.companyId, userId) : null;
  let member: MemberLock | null = null;
  return withLockedBooking(
    deps,
    userId,
    bookingId,
    async (tx, b, park) => {
      const change = statusChange(b, target, now);
      if (!change.ok) throw AppError.validation({ status: change.message });
      const moves = b.moves + 1;
      if (change.kind === "cancel") {
        const refund = refundMinor(b, now);
        if (refund.amountMinor > 0) {
          const shown = receiptPark(park);
          const charger = await receiptCharger(tx, b);
          await refundPurchase(tx, BOOKING_MOVES, bookingPurchaseOf(b, shown), {
            move: moves,
            amountMinor: refund.amountMinor,
            description: `Booking refund ${b.bookingCode}`,
            at: now,
            creditNote: () => cancellationNoteBody(b, refund.amountMinor, shown, charger),
          });
        }
        const set = {
          status: "cancelled" as const,
          paidMinor: b.paidMinor - refund.amountMinor,
          moves,
          cancelledAt: now,
          updatedAt: now,
        };
        await repo.updateBooking(tx, b.id, set);
        await queueBookingMail(deps.jobs, tx, { ...b, ...set }, "cancelled", refund.amountMinor);
        return {
          booking: { ...b, ...set },
          park: park.view,
          refundedMinor: refund.amountMinor,
          chargedMinor: 0,
        };
      }
      // Its space came from the event's allocation, which may be gone: book the event again instead.
      if (b.eventId !== null) throw AppError.validation({ status: EVENT_BOOKING_NOT_RENEWABLE_MESSAGE });
      // Renewed, it would hold the park again: only while the park charges in the booking's currency.
      assertSameCurrency(b, park);
      const verdict = windowVerdict(b.startTime, b.endTime, now, clockOfPark(park));
      if (!verdict.bookable) throw windowRefused(verdict, "status");
      await assertRoom(tx, b, park, b.startTime, b.endTime);
      const due = chargeDueMinor(b.totalMinor, b.paidMinor);
      await chargeChange(
        tx,
        b,
        park,
        payer && member ? { company: payer, member } : null,
        { kind: "renewal", from: b.startTime, to: b.endTime },
        {
          due,
          move: moves,
          description: `Booking renewal ${b.bookingCode}`,
          now,
          receipt: () => renewalReceiptBody(tx, b, due, receiptPark(park)),
        },
      );
      await assertChargerRoom(tx, b, b.startTime, b.endTime, now);
      const set = {
        status: "active" as const,
        paidMinor: b.paidMinor + due,
        moves,
        cancelledAt: null,
        updatedAt: now,
      };
      await repo.updateBooking(tx, b.id, set);
      await queueBookingMail(deps.jobs, tx, { ...b, ...set }, "renewed");
      return { booking: { ...b, ...set }, park: park.view, refundedMinor: 0, chargedMinor: due };
    },
    payer
      ? async (tx) => {
          member = await lockMember(tx, payer, userId);
        }
      : undefined,
  );
}

/**
 * The organiser cancelled the booking's event: cancel it and refund everything the wallet paid,
 * fees included, with the e-mail, under the capacity lock and the booking's row lock (the lock
 * order of every change). False when the booking is no longer active (done before).
 */
export function cancelForOrganiser(
  deps: Pick<BookingDeps, "db" | "clock" | "jobs">,
  target: { id: string; parkId: number; vehicleTypeId: number },
): Promise<boolean> {
  return cancelInFull(deps, target, { template: "event_cancelled", description: "Event cancelled: refund" });
}

/**
 * Cancels an active booking and gives back everything it paid, fees included (its receipts and
 * earlier credit notes: the credit note reverses all that is left), to whoever paid, with its
 * coupon's use and the e-mail `template`: an organiser's cancellation, the space guarantee's
 * refund (a closure or a cut of spaces, decision 058). Under the capacity lock and the booking's
 * row lock (the lock order of every change), then `guard` (the caller's own row, e.g. the
 * guarantee's offer, locked last), which sees the booking (undefined: no longer active) and says
 * whether to go on. False when nothing was refunded.
 */
export async function cancelInFull(
  deps: Pick<BookingDeps, "db" | "clock" | "jobs">,
  target: { id: string; parkId: number; vehicleTypeId: number },
  how: {
    template: "event_cancelled" | "closure_refunded" | "capacity_refunded";
    /** The ledger move's description, followed by the booking's code. */
    description: string;
    guard?: (tx: Tx, b: BookingRow | undefined, now: Date) => Promise<boolean>;
    /** After the refund, in its transaction: what was given back. */
    after?: (tx: Tx, b: BookingRow, refundedMinor: number, now: Date) => Promise<void>;
  },
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const park = await repo.lockParkForBooking(tx, target.parkId, target.vehicleTypeId);
    const b = await repo.findActiveForUpdate(tx, target.id);
    const now = deps.clock();
    if (how.guard && !(await how.guard(tx, b, now))) return false;
    if (!b) return false;
    const moves = b.moves + 1;
    if (b.paidMinor > 0) {
      if (!park) throw new Error(`booking ${b.id}: its park ${target.parkId} is gone`);
      // Everything the booking's receipts and earlier credit notes left is given back.
      await refundPurchase(
        tx,
        BOOKING_MOVES,
        {
          id: b.id,
          code: b.bookingCode,
          userId: b.userId,
          currency: b.currency,
          countryId: park.countryId,
          parkId: park.id,
        },
        {
          move: moves,
          amountMinor: b.paidMinor,
          description: `${how.description} ${b.bookingCode}`,
          at: now,
        },
      );
    }
    // Everything came back: its coupon's use too (a driver's own cancellation keeps the fees, and the use).
    await releaseCouponUse(tx, b.id);
    const set = { status: "cancelled" as const, paidMinor: 0, moves, cancelledAt: now, updatedAt: now };
    await repo.updateBooking(tx, b.id, set);
    await queueBookingMail(deps.jobs, tx, { ...b, ...set }, how.template, b.paidMinor);
    await how.after?.(tx, b, b.paidMinor, now);
    return true;
  });
}
