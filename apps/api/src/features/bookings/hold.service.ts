/**
 * Pay the difference (docs/decisions/026-pay-the-difference.md): a driver whose wallet is short of a
 * booking's price holds the window, under the same capacity lock and peak as a booking, while a
 * top-up of exactly what is missing (or the country's minimum top-up, when that is more) is paid.
 * The top-up's settle books the hold in its own transaction (payments settle.service); a hold never
 * paid lapses at its expiry, the payment's payable window.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { type Hold, type HoldBookingBody, type HoldReason, type PaymentBooking } from "@parkwell/contract";
import type { Jobs } from "../../jobs/queue";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Clock } from "../../lib/clock";
import { servedCountries } from "../reference/served-countries";
import { CHECKOUT_LIFETIME_MS } from "../payments/payments.domain";
import type { PaidCheckouts, PaidOutcome } from "../payments/paid-checkouts";
import { payTheDifference } from "../payments/pay-difference.service";
import type { PaymentDeps } from "../payments/verify.service";
import { chargeAccountKeys, ensureChargeAccounts, revenueShard } from "../wallet/ledger.service";
import {
  busy,
  closedWindow,
  currencyChanged,
  full,
  holdCharger,
  pricedWindow,
  savedVehicle,
} from "./booking-core.service";
import { queueBookingMail } from "./bookings-mail.service";
import {
  assertCouponApplies,
  lockCouponUse,
  recordCouponUse,
  type LockedCouponUse,
} from "../purchases/coupons.service";
import { issueBookingReceipt, type ReceiptPark } from "./booking-receipts.service";
import { bookingCode } from "./bookings.domain";
import { assertFlightFits, requestedFlight } from "./booking-flights.domain";
import * as bookings from "./bookings.repo";
import * as repo from "./holds.repo";
import type { HoldPark, HoldRow } from "./holds.repo";
import { presentHold } from "./hold.present";

/** Said when the wallet already covers the price: the checkout books as usual. */
export const FUNDS_AVAILABLE = "Your wallet can pay for this booking: book it directly";

/** hold_check answered `closed`: a closure day saved meanwhile covers the window. */
class WindowClosed extends Error {}

/**
 * POST /bookings/hold, on the one pay-the-difference start (payTheDifference). Checks the window as
 * a booking does (park, vehicle type, window rule, vehicle) before anything is written and prices
 * it; in the start's transaction the space is locked and checked (hold_check) after the key's
 * claim, and the hold inserted after the top-up's row. When no provider opens the payment, the
 * space goes back at once. An Idempotency-Key answers the same hold and payment again, also to a
 * request sent at once with it.
 */
export async function holdAndPay(
  deps: PaymentDeps,
  config: Config,
  userId: string,
  body: HoldBookingBody,
  idempotencyKey: string | undefined,
  /** Reads the quote's token the body presents (decision 059), as POST /bookings does. */
  quoteSecret: string,
): Promise<{ hold: Hold; replayed: boolean }> {
  const { db } = deps;
  const id = randomUUID();
  const move = (currency: string) => ({ userId, currency, revenueShard: revenueShard(id) });
  const started = payTheDifference(deps, config, {
    userId,
    idempotencyKey,
    purpose: holdFingerprint(body),
    cardId: body.card_id,
    fundsAvailable: FUNDS_AVAILABLE,
    currencyMismatch: (park, wallet) =>
      `This park charges in ${park}; your wallet is in ${wallet}, so a top-up cannot pay for it`,
    async price() {
      const { park, coupon, breakdown } = await pricedWindow(db, {
        parkId: body.park_id,
        vehicleTypeId: body.vehicle_type_id,
        start: body.start_time,
        end: body.end_time,
        now: deps.clock(),
        code: body.coupon_code,
        userId,
        chargerId: body.charger_id,
        pricing: { as: "booking", token: body.quote_token, secret: quoteSecret },
      });
      assertCouponApplies(coupon);
      assertFlightFits(body, park, { start: body.start_time, end: body.end_time });
      const vehicle = body.vehicle_id
        ? await savedVehicle(db, userId, body.vehicle_id, body.vehicle_type_id, "vehicle_type_id")
        : undefined;
      const plate = vehicle?.plate_number ?? body.plate_number ?? null;
      return { currency: park.currency, amountMinor: breakdown.totalMinor, park, plate, breakdown };
    },
    // The wallet hold_check locks, and the revenue shard the booking will be paid to.
    prepare: ({ currency }) => ensureChargeAccounts(db, move(currency)),
    async keep(tx, held, now) {
      const check = await repo.holdCheck(
        tx,
        {
          userId,
          parkId: held.park.id,
          vehicleTypeId: body.vehicle_type_id,
          plateNumber: held.plate,
          startTime: body.start_time,
          endTime: body.end_time,
          currency: held.park.currency,
        },
        now,
        chargeAccountKeys(move(held.currency)).wallet,
      );
      if (check === "full") throw full();
      if (check === "moved") throw currencyChanged();
      // A closure saved meanwhile: answered once the transaction is over (closedWindow reads the park).
      if (check === "closed") throw new WindowClosed();
      if (check === "plate_busy") throw busy();
      // The charger, as a booking holds it: its group's row locked last, after the driver's.
      if (body.charger_id) {
        await holdCharger(tx, {
          chargerId: body.charger_id,
          parkId: held.park.id,
          start: body.start_time,
          end: body.end_time,
          exclude: null,
          now,
        });
      }
    },
    async link(tx, payment, held, m) {
      await repo.insertHold(tx, {
        id,
        bookingCode: bookingCode(randomBytes(8)),
        userId,
        parkId: held.park.id,
        vehicleTypeId: body.vehicle_type_id,
        vehicleId: body.vehicle_id ?? null,
        plateNumber: held.plate,
        startTime: body.start_time,
        endTime: body.end_time,
        currency: held.park.currency,
        totalMinor: held.amountMinor,
        breakdown: held.breakdown,
        balanceMinor: m.balanceMinor,
        paymentId: payment.id,
        chargerId: body.charger_id ?? null,
        flightNumber: body.flight_number ?? null,
        returnDate: body.return_date ?? null,
        status: "held",
        expiresAt: new Date(m.now.getTime() + CHECKOUT_LIFETIME_MS[payment.provider]),
        createdAt: m.now,
        updatedAt: m.now,
      });
    },
    // No provider opened the payment: it can never be paid, so the space goes back at once.
    release: () => repo.releaseHold(db, id, deps.clock()).then(() => undefined),
    async answer(payment, data, m) {
      const hold = await repo.findByPayment(db, payment.id);
      if (!hold) throw new Error(`payment ${payment.id} of a hold request has no hold`);
      return presentHold(hold, data, { balanceMinor: hold.balanceMinor, ...m });
    },
  });
  const { answer, replayed } = await started.catch(async (err: unknown) => {
    // hold_check's `closed`: the window's refusal, as a booking's (book_space's `closed`).
    if (!(err instanceof WindowClosed)) throw err;
    throw await closedWindow(db, {
      parkId: body.park_id,
      vehicleTypeId: body.vehicle_type_id,
      start: body.start_time,
      end: body.end_time,
    });
  });
  return { hold: answer, replayed };
}

const holdFingerprint = (b: HoldBookingBody) =>
  JSON.stringify([
    "hold",
    b.park_id,
    b.vehicle_type_id,
    b.vehicle_id ?? null,
    b.plate_number ?? null,
    b.start_time.toISOString(),
    b.end_time.toISOString(),
    ...(b.coupon_code ? [`coupon:${b.coupon_code}`] : []),
    ...(b.charger_id ? [`charger:${b.charger_id}`] : []),
    ...(b.flight_number ? [`flight:${b.flight_number}`] : []),
    ...(b.return_date ? [`returns:${b.return_date}`] : []),
  ]);

/**
 * What a hold's settle reads once, in its lock step, for its completion: the hold's park (its
 * receipt's, whose country its coupon code is of) and its coupon, locked, with whether it leaves a use.
 */
export interface HoldSettle {
  park: HoldPark | undefined;
  coupon: LockedCouponUse;
}

/**
 * In settle's transaction, before its credit locks the wallet: the hold's coupon, park and capacity
 * rows, so a hold's completion takes the bookings' lock order (coupon, park, capacity, wallet,
 * driver); answers what completePaidHold needs of them.
 */
export async function lockForCompletion(tx: Tx, hold: HoldRow): Promise<HoldSettle> {
  // A plain read: it locks nothing, so it may come before the coupon's lock.
  const park = await repo.receiptParkOf(tx, hold.parkId, hold.vehicleTypeId);
  // A coupon's row before the space's, as a booking takes them (lockBookingCoupon before book_space).
  const coupon = await lockHoldCoupon(tx, hold, park);
  await repo.lockHoldSpace(tx, hold);
  return { park, coupon };
}

/**
 * The coupon a hold was priced with, under its lock, and whether it still leaves its driver a use
 * (a use left without one): two holds quoted with a coupon's last use, both paid, book one. The
 * hold's own use is not counted (a retried completion's, recorded once).
 */
async function lockHoldCoupon(tx: Tx, hold: HoldRow, park: HoldPark | undefined): Promise<LockedCouponUse> {
  const code = hold.breakdown.couponCode;
  if (!code || !park) return { couponId: null, useLeft: true };
  return lockCouponUse(tx, { countryId: park.countryId, code, userId: hold.userId, purchaseId: hold.id });
}

/** Creates the accounts a hold's booking moves (its wallet and revenue shard), outside any transaction. */
export async function prepareCompletion(db: Db, hold: HoldRow): Promise<void> {
  await ensureChargeAccounts(db, holdMove(hold));
}

const holdMove = (hold: HoldRow) => ({
  userId: hold.userId,
  currency: hold.currency,
  revenueShard: revenueShard(hold.id),
});

/**
 * A hold's top-up was credited, in settle's transaction after the credit: books the hold (the
 * charge `booking:<id>:1` and the booking with the hold's id and code, its confirmation queued in
 * the same transaction), or records why it could not be (the money stays in the wallet).
 */
export async function completePaidHold(
  deps: { db: Db; jobs: Jobs },
  tx: Tx,
  hold: HoldRow,
  now: Date,
  locked: HoldSettle,
): Promise<void> {
  if (!locked.coupon.useLeft) {
    await repo.refuseHold(tx, hold.id, "coupon_used_up", now);
    return;
  }
  const status = await repo.completeHold(tx, hold.id, now, chargeAccountKeys(holdMove(hold)));
  if (status === "missing_accounts" || status === "none") {
    throw new Error(`hold ${hold.id} could not be completed: ${status}`);
  }
  if (status !== "booked") return;
  // The booking's receipt, with its charge (idempotent: a second settle writes nothing again).
  const park = await receiptParkOfHold(deps.db, tx, hold, locked.park);
  // The hold kept the price it was quoted, its coupon's discount included: the use counts now
  // (lockForCompletion found one left, under the lock this transaction still holds).
  const { couponId } = locked.coupon;
  if (couponId !== null) {
    await recordCouponUse(tx, { couponId, userId: hold.userId, purchaseId: hold.id }, true);
  }
  await issueBookingReceipt(tx, "booking", hold, park, now);
  // The flight the hold was asked with (an airport park's), the booking's now (idempotent).
  const flight = requestedFlight({ flight_number: hold.flightNumber, return_date: hold.returnDate });
  if (flight) await bookings.saveFlight(tx, hold.id, flight, now);
  const booking = await bookings.findBooking(tx, hold.userId, { id: hold.id });
  // A second settle finds the hold booked: its confirmation was queued by the first (same key).
  if (booking && booking.moves === 1) await queueBookingMail(deps.jobs, tx, booking, "booked");
}

/**
 * The park as a paid hold's receipt names it (as lockForCompletion read it): its country's tax and
 * decimals from the served countries.
 */
async function receiptParkOfHold(
  root: Db,
  tx: Tx,
  hold: HoldRow,
  park: HoldPark | undefined,
): Promise<ReceiptPark> {
  const served = servedCountries(root);
  const [country, fees] = park
    ? await Promise.all([served.byId(park.countryId, tx), served.feesOf(park.countryId, tx)])
    : [undefined, undefined];
  if (!park || !country || !fees) throw new Error(`hold ${hold.id}: its park ${hold.parkId} has no fees`);
  return {
    ...park,
    taxName: fees.taxName,
    taxBps: fees.taxBps,
    decimals: country.currencyDecimals,
  };
}

/** The hold a top-up pays for, or undefined for a plain top-up. */
export const holdOfPayment = (db: Tx, paymentId: string) => repo.findByPayment(db, paymentId);

/** What became of a hold's booking, for verify's answer: booked, or why not (the money in the wallet). */
export function holdOutcome(hold: HoldRow, now: Date): PaidOutcome {
  const status = hold.status === "held" && hold.expiresAt <= now ? "expired" : hold.status;
  const booking: PaymentBooking = {
    booking_code: hold.bookingCode,
    status,
    ...(hold.status === "not_booked" && hold.outcome ? { reason: hold.outcome as HoldReason } : {}),
  };
  return { data: { booking }, message: (paid) => bookingMessage(booking, paid) };
}

/**
 * What verify says once a top-up that pays the difference is settled: the booking, or why there is
 * none (the money stays in the wallet). While it is not settled, what it says of the payment.
 */
function bookingMessage(booking: PaymentBooking, paid: string): string {
  if (booking.status === "booked")
    return `Payment verified: your booking ${booking.booking_code} is confirmed`;
  if (booking.status === "not_booked") return NOT_BOOKED[booking.reason ?? "full"];
  return paid;
}

/** Why a paid hold was not booked; the money is in the wallet either way. */
export const NOT_BOOKED: Record<HoldReason, string> = {
  full: "Payment verified, but the space was taken after your hold expired, so nothing was booked: the money is in your wallet",
  past: "Payment verified, but the window is over, so nothing was booked: the money is in your wallet",
  moved:
    "Payment verified, but the park's currency changed, so nothing was booked: the money is in your wallet",
  short:
    "Payment verified, but your wallet no longer covers the booking, so nothing was booked: the money is in your wallet",
  plate_busy:
    "Payment verified, but your vehicle is booked elsewhere in this window, so nothing was booked: the money is in your wallet",
  coupon_used_up:
    "Payment verified, but your coupon was used as many times as it allows meanwhile, so nothing was booked: the money is in your wallet",
  charger_full:
    "Payment verified, but every charger you chose was booked after your hold expired, so nothing was booked: the money is in your wallet",
  charger_gone:
    "Payment verified, but the park took the chargers you chose out of service, so nothing was booked: the money is in your wallet",
  closed:
    "Payment verified, but the park closed on a day of your window meanwhile, so nothing was booked: the money is in your wallet",
};

/** The held windows as payments settles them: completed in settle's transaction, as they keep their space. */
export const heldCheckouts: PaidCheckouts<HoldRow, HoldSettle> = {
  ofPayment: holdOfPayment,
  inSettle: { prepare: prepareCompletion, lock: lockForCompletion, complete: completePaidHold },
  outcome: async (_db, hold, now) => holdOutcome(hold, now),
};

/** The scheduled job's part: marks the holds past their expiry (safe to run anywhere at once). */
export function expireHolds(db: Db, clock: Clock): Promise<number> {
  return repo.expireHolds(db, clock());
}
