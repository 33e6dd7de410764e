/**
 * Moving a booking's window, its start and its end with it (decision 063): the new window checked
 * as a new booking of it would be at its park and priced as one now (the booking's coupon and
 * charging kept, as an extension keeps them); more than the booking paid is charged as an
 * extension is, less is given back by the cancellation policy with a credit note. In the frame of
 * every change (booking-changes.service withLockedBooking: the caller's booking, the capacity row
 * locked, then the booking's).
 */
import { EVENT_BOOKING_FIXED_MESSAGE, type ChangeWindowBody } from "@parkwell/contract";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import { refundPurchase } from "../purchases/purchases.service";
import { lockMember, type MemberLock } from "../companies/company-pay.service";
import type { BookedRateRule, PriceBreakdown } from "../parks/pricing.domain";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";
import type { ParkView } from "./bookings-view.repo";
import { queueBookingMail } from "./bookings-mail.service";
import { chargeDueMinor, windowChangeProblem, windowRefundOf, type WindowRefund } from "./bookings.domain";
import {
  BOOKING_MOVES,
  bookingPurchaseOf,
  countryTaxOf,
  receiptCharger,
  receiptPark,
  windowChangeNoteBody,
  windowChangeReceiptBody,
} from "./booking-receipts.service";
import {
  assertBookableWindow,
  assertQuoteHolds,
  assertSameCurrency,
  notFound,
  presentedClaim,
  quoteTokenOf,
  readPark,
  windowRule,
  type BookingDeps,
  type LockedPark,
  type WindowAsk,
} from "./booking-core.service";
import {
  assertChargerRoom,
  assertRoom,
  chargeChange,
  companyPayer,
  refuseOpenOffer,
  repriced,
  withLockedBooking,
} from "./booking-changes.service";

/** The new window asked for. */
interface NewWindow {
  start: Date;
  end: Date;
}

/** What a change of window does with money: the new price, what it charges, what it gives back. */
interface WindowMoney {
  breakdown: PriceBreakdown;
  /** Charged on top of what the booking paid (0 when the new price is not more). */
  due: number;
  /** Given back by the cancellation policy (its amount is 0 when the new price is not less). */
  refund: WindowRefund;
}

const sameWindow = (b: BookingRow, w: NewWindow) =>
  b.startTime.getTime() === w.start.getTime() && b.endTime.getTime() === w.end.getTime();

/**
 * What the booking allows of a change to `w` (422 at start_time otherwise): not an event's booking
 * (its window is the event's), and the booking's own state (bookings.domain windowChangeProblem:
 * active, the car not in, not ended, no step of the cancellation policy gained).
 */
function assertMovable(b: BookingRow, w: NewWindow, now: Date) {
  if (b.eventId !== null) throw AppError.validation({ start_time: EVENT_BOOKING_FIXED_MESSAGE });
  const problem = windowChangeProblem(b, w.start, now);
  if (problem) throw AppError.validation({ start_time: problem });
}

/**
 * What the park allows of the new window, as a new booking's (assertBookableWindow: not past, its
 * length, opening hours and closures), in the booking's currency, and no open offer of the space
 * guarantee (409 offer_open, as an extension).
 */
async function assertWindowAllowed(db: Tx, b: BookingRow, park: LockedPark, w: NewWindow, now: Date) {
  assertBookableWindow(park, w.start, w.end, now);
  assertSameCurrency(b, park);
  await refuseOpenOffer(db, b.id);
}

/**
 * The new window's price (repriced, by `rule`) against what the booking paid: the difference
 * charged (chargeDueMinor) or given back (windowRefundOf); the booking's own window costs nothing
 * and gives nothing back, whatever today's rates.
 */
function windowMoney(
  b: BookingRow,
  park: LockedPark,
  w: NewWindow,
  now: Date,
  rule: BookedRateRule | null,
): WindowMoney {
  // Priced against itself: nothing is taken off any line, so nothing comes back.
  if (sameWindow(b, w)) {
    return { breakdown: b.breakdown, due: 0, refund: windowRefundOf(b, b.breakdown, now) };
  }
  const breakdown = repriced(b, park, w.start, w.end, now, rule);
  return {
    breakdown,
    due: chargeDueMinor(breakdown.totalMinor, b.paidMinor),
    refund: windowRefundOf(b, breakdown, now, countryTaxOf(receiptPark(park))),
  };
}

/** The new window as a new booking of it asks for its price (booking-core WindowAsk). */
const windowAsk = (b: BookingRow, w: NewWindow, now: Date, pricing: WindowAsk["pricing"]): WindowAsk => ({
  userId: b.userId,
  parkId: b.parkId,
  vehicleTypeId: b.vehicleTypeId,
  start: w.start,
  end: w.end,
  now,
  pricing,
});

/**
 * GET /bookings/{id}/window: what changeWindow would do for `w`, by the same checks and price (the
 * park's busy-time rules as they apply now, decision 059), with the quote's token the change
 * presents to be charged that parking; read without a lock and nothing written. A window with no
 * room is refused as the change refuses it (read here without the lock: the change decides under it).
 */
export async function quoteWindowChange(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  w: NewWindow,
  quoteSecret: string,
): Promise<WindowMoney & { park: LockedPark; token: { token: string; expiresAt: Date } }> {
  const { db } = deps;
  const now = deps.clock();
  const b = await repo.findBooking(db, userId, { id: bookingId });
  if (!b) throw notFound();
  const park = await readPark(db, b.parkId, b.vehicleTypeId);
  assertMovable(b, w, now);
  const ask = windowAsk(b, w, now, { as: "quote" });
  let rule = b.breakdown.rateRule ?? null;
  if (!sameWindow(b, w)) {
    await assertWindowAllowed(db, b, park, w, now);
    await assertRoom(db, b, park, w.start, w.end);
    rule = await windowRule(db, park, ask, null);
  }
  const money = windowMoney(b, park, w, now, rule);
  const quoted = { ...ask, currency: park.currency, breakdown: money.breakdown };
  return { ...money, park, token: quoteTokenOf(quoteSecret, quoted, now) };
}

/**
 * PUT /bookings/{id}/window: moves the booking to [start_time, end_time). Under the capacity row's
 * lock and the booking's (the order of every change): the booking's and the park's checks, the
 * quote's token at a park with busy-time rules (presentedClaim), a space (and the plate, and the
 * charger it holds) free over the new window with the booking's own window left out, then the
 * money: more than it paid is charged to its payer (the wallet, 402 when short, or the company
 * within its policy) as an extension's charge with its receipt naming the new window; less is
 * given back by the cancellation policy with a credit note (refundPurchase); equal moves nothing.
 * The window it already has changes nothing: a request sent again after it committed answers the
 * booking as it is, and never charges or refunds twice.
 */
export async function changeWindow(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  body: ChangeWindowBody,
  quoteSecret: string,
): Promise<{ booking: BookingRow; park: ParkView }> {
  const now = deps.clock();
  const w = { start: body.start_time, end: body.end_time };
  const payer = await companyPayer(deps, userId, bookingId);
  let member: MemberLock | null = null;
  return withLockedBooking(
    deps,
    userId,
    bookingId,
    async (tx, b, park) => {
      assertMovable(b, w, now);
      if (sameWindow(b, w)) return { booking: b, park: park.view };
      await assertWindowAllowed(tx, b, park, w, now);
      const pricing = { as: "booking" as const, token: body.quote_token, secret: quoteSecret };
      const claim = presentedClaim(park, windowAsk(b, w, now, pricing));
      await assertRoom(tx, b, park, w.start, w.end);
      const { breakdown, due, refund } = windowMoney(b, park, w, now, claim?.r ?? null);
      assertQuoteHolds(claim, park, breakdown);
      const moves = b.moves + 1;
      const shown = receiptPark(park);
      await chargeChange(
        tx,
        b,
        park,
        payer && member ? { company: payer, member } : null,
        { kind: "window_change", from: w.start, to: w.end },
        {
          due,
          move: moves,
          description: `Booking time change ${b.bookingCode}`,
          now,
          receipt: () => windowChangeReceiptBody(tx, b, breakdown, w, due, shown),
        },
      );
      if (refund.amountMinor > 0) {
        const charger = await receiptCharger(tx, b);
        await refundPurchase(tx, BOOKING_MOVES, bookingPurchaseOf(b, shown), {
          move: moves,
          amountMinor: refund.amountMinor,
          description: `Booking time change refund ${b.bookingCode}`,
          at: now,
          creditNote: () => windowChangeNoteBody(b, refund.lines, w, shown, charger),
        });
      }
      await assertChargerRoom(tx, b, w.start, w.end, now);
      const set = {
        startTime: w.start,
        endTime: w.end,
        totalMinor: breakdown.totalMinor,
        paidMinor: b.paidMinor + due - refund.amountMinor,
        breakdown,
        moves,
        // A new start gets its own reminder (the end's is kept per end time already).
        ...(w.start.getTime() !== b.startTime.getTime() ? { startRemindedAt: null } : {}),
        updatedAt: now,
      };
      await repo.updateBooking(tx, b.id, set);
      await queueBookingMail(deps.jobs, tx, { ...b, ...set }, "rescheduled", refund.amountMinor);
      return { booking: { ...b, ...set }, park: park.view };
    },
    payer
      ? async (tx) => {
          member = await lockMember(tx, payer, userId);
        }
      : undefined,
  );
}
