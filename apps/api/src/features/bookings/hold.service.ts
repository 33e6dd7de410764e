/**
 * Pay the difference (docs/decisions/026-pay-the-difference.md): a driver whose wallet is short of a
 * booking's price holds the window, under the same capacity lock and peak as a booking, while a
 * top-up of exactly what is missing (or the country's minimum top-up, when that is more) is paid.
 * The top-up's settle books the hold in its own transaction (payments settle.service); a hold never
 * paid lapses at its expiry, the payment's payable window.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  refusedEdge,
  windowVerdict,
  type Hold,
  type HoldBookingBody,
  type HoldReason,
  type PaymentBooking,
} from "@parkwell/contract";
import type { Jobs } from "../../jobs/queue";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMajor } from "../../lib/money";
import { clockOfPark } from "../parks/parks.present";
import { servedCountries } from "../reference/served-countries";
import { CHECKOUT_LIFETIME_MS } from "../payments/payments.domain";
import {
  claimTopUpKey,
  insertTopUp,
  openTopUp,
  prepareTopUp,
  replay,
  topUpFingerprint,
  topUpLimits,
  topUpOfKey,
  type TopUpRow as PaymentRow,
} from "../payments/top-up.service";
import type { PaidCheckouts } from "../payments/paid-checkouts";
import type { PaymentDeps } from "../payments/verify.service";
import {
  chargeAccountKeys,
  ensureChargeAccounts,
  userCurrency,
  revenueShard,
  walletBalanceMinor,
} from "../wallet/ledger.service";
import {
  busy,
  currencyChanged,
  full,
  price,
  readPark,
  savedVehicle,
  windowRefused,
} from "./booking-core.service";
import { queueBookingMail } from "./bookings-mail.service";
import { issueBookingReceipt, type ReceiptPark } from "./booking-receipts.service";
import { bookingCode } from "./bookings.domain";
import * as bookings from "./bookings.repo";
import * as repo from "./holds.repo";
import type { HoldRow } from "./holds.repo";
import { presentHold } from "./hold.present";

/** Said when the wallet already covers the price: the checkout books as usual. */
export const FUNDS_AVAILABLE = "Your wallet can pay for this booking: book it directly";

/**
 * POST /bookings/hold. Checks the window as a booking does (park, vehicle type, window rule,
 * vehicle) before anything is written, prices it, and starts a top-up of the difference: in one
 * transaction the Idempotency-Key is claimed (claimTopUpKey), the space is locked and checked
 * (hold_check), the top-up's row written under the wallet lock and cap (insertTopUp) and the hold
 * inserted; the provider is called after the COMMIT. An Idempotency-Key answers the same hold and
 * payment again, also to a request sent at once with it.
 */
export async function holdAndPay(
  deps: PaymentDeps,
  config: Config,
  userId: string,
  body: HoldBookingBody,
  idempotencyKey: string | undefined,
): Promise<{ hold: Hold; replayed: boolean }> {
  const { db } = deps;
  const now = deps.clock();
  if (idempotencyKey) {
    const seen = await topUpOfKey(db, userId, idempotencyKey);
    if (seen) return { hold: await replayHold(deps, seen, body), replayed: true };
  }
  const park = await readPark(db, body.park_id, body.vehicle_type_id);
  const verdict = windowVerdict(body.start_time, body.end_time, now, clockOfPark(park));
  if (!verdict.bookable) {
    throw windowRefused(verdict, refusedEdge(verdict) === "start" ? "start_time" : "end_time");
  }
  const vehicle = body.vehicle_id
    ? await savedVehicle(db, userId, body.vehicle_id, body.vehicle_type_id, "vehicle_type_id")
    : undefined;
  const plate = vehicle?.plate_number ?? body.plate_number ?? null;
  const user = await userCurrency(deps.countries, db, userId);
  if (!user) throw AppError.notFound("User not found");
  if (user.currency !== park.currency) {
    throw new AppError(
      409,
      "currency_mismatch",
      `This park charges in ${park.currency}; your wallet is in ${user.currency}, so a top-up cannot pay for it`,
    );
  }
  const breakdown = price(park, body.start_time, body.end_time);
  const balanceMinor = await walletBalanceMinor(db, userId, park.currency);
  const missingMinor = breakdown.totalMinor - balanceMinor;
  if (missingMinor <= 0) throw new AppError(409, "funds_available", FUNDS_AVAILABLE);
  const limits = await topUpLimits(deps.countries, user.countryId);
  const topUpMinor = Math.max(missingMinor, limits?.minMinor ?? 0);
  const plan = await prepareTopUp(deps, config, userId, {
    amount: toMajor(topUpMinor, user.decimals),
    idempotencyKey,
    purpose: holdFingerprint(body),
  });

  const id = randomUUID();
  const move = { userId, currency: park.currency, revenueShard: revenueShard(id) };
  // The wallet hold_check locks, and the revenue shard the booking will be paid to.
  await ensureChargeAccounts(db, move);
  const lifetime = CHECKOUT_LIFETIME_MS[plan.providers[0]!.name];
  const started = await db.transaction(async (tx) => {
    // The key first: the same key sent at once answers the first one's hold, not a busy plate or a full park.
    const seen = await claimTopUpKey(tx, userId, plan.idempotencyKey);
    if (seen) return seen;
    const check = await repo.holdCheck(
      tx,
      {
        userId,
        parkId: park.id,
        vehicleTypeId: body.vehicle_type_id,
        plateNumber: plate,
        startTime: body.start_time,
        endTime: body.end_time,
        currency: park.currency,
      },
      now,
      chargeAccountKeys(move).wallet,
    );
    if (check === "full") throw full();
    if (check === "moved") throw currencyChanged();
    if (check === "plate_busy") throw busy();
    const payment = await insertTopUp(tx, plan, now);
    if (payment.replayed) return payment;
    await repo.insertHold(tx, {
      id,
      bookingCode: bookingCode(randomBytes(8)),
      userId,
      parkId: park.id,
      vehicleTypeId: body.vehicle_type_id,
      vehicleId: body.vehicle_id ?? null,
      plateNumber: plate,
      startTime: body.start_time,
      endTime: body.end_time,
      currency: park.currency,
      totalMinor: breakdown.totalMinor,
      breakdown,
      balanceMinor,
      paymentId: payment.row.id,
      status: "held",
      expiresAt: new Date(now.getTime() + lifetime),
      createdAt: now,
      updatedAt: now,
    });
    return payment;
  });
  // The same key, sent twice at once: the first one's hold and payment.
  if (started.replayed) return { hold: await replayHold(deps, started.row, body), replayed: true };

  let opened;
  try {
    opened = await openTopUp(deps, config, plan, started.row);
  } catch (err) {
    // No provider opened the payment: it can never be paid, so the space goes back at once.
    await repo.releaseHold(db, id, deps.clock());
    throw err;
  }
  const hold = await repo.findByPayment(db, started.row.id);
  return {
    hold: presentHold(hold!, opened.data, { balanceMinor, topUpMinor, decimals: user.decimals }),
    replayed: false,
  };
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
  ]);

/**
 * The answer again for a key already used: the same request's hold and payment (a key used for
 * another request, or for a plain top-up, is the 422 add-funds gives).
 */
async function replayHold(deps: PaymentDeps, seen: PaymentRow, body: HoldBookingBody): Promise<Hold> {
  const again = replay(deps, seen, topUpFingerprint(holdFingerprint(body)));
  const hold = await repo.findByPayment(deps.db, seen.id);
  if (!hold) throw new Error(`payment ${seen.id} of a hold request has no hold`);
  const decimals = deps.countries.decimalsOf(seen.currency);
  return presentHold(hold, again.data, {
    balanceMinor: hold.balanceMinor,
    topUpMinor: seen.amountMinor,
    decimals,
  });
}

/**
 * In settle's transaction, before its credit locks the wallet: the hold's park and capacity rows,
 * so a hold's completion takes the bookings' lock order (park, capacity, wallet, driver).
 */
export async function lockForCompletion(tx: Tx, hold: HoldRow): Promise<void> {
  await repo.lockHoldSpace(tx, hold);
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
): Promise<void> {
  const status = await repo.completeHold(tx, hold.id, now, chargeAccountKeys(holdMove(hold)));
  if (status === "missing_accounts" || status === "none") {
    throw new Error(`hold ${hold.id} could not be completed: ${status}`);
  }
  if (status !== "booked") return;
  // The booking's receipt, with its charge (idempotent: a second settle writes nothing again).
  const park = await receiptParkOfHold(deps.db, tx, hold);
  await issueBookingReceipt(tx, "booking", hold, park, now);
  const booking = await bookings.findBooking(tx, hold.userId, { id: hold.id });
  // A second settle finds the hold booked: its confirmation was queued by the first (same key).
  if (booking && booking.moves === 1) await queueBookingMail(deps.jobs, tx, booking, "booked");
}

/** The park as a paid hold's receipt names it: its country's tax and decimals from the served countries. */
async function receiptParkOfHold(root: Db, tx: Tx, hold: HoldRow): Promise<ReceiptPark> {
  const park = await repo.receiptParkOf(tx, hold.parkId, hold.vehicleTypeId);
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

/** What became of the booking a top-up pays for, for verify's answer; undefined for a plain top-up. */
export async function holdOutcome(db: Db, paymentId: string, now: Date): Promise<PaymentBooking | undefined> {
  const hold = await repo.findByPayment(db, paymentId);
  if (!hold) return undefined;
  const status = hold.status === "held" && hold.expiresAt <= now ? "expired" : hold.status;
  return {
    booking_code: hold.bookingCode,
    status,
    ...(hold.status === "not_booked" && hold.outcome ? { reason: hold.outcome as HoldReason } : {}),
  };
}

/** The held windows as payments completes them when their top-up settles (wired by the app). */
export const heldCheckouts: PaidCheckouts = {
  ofPayment: holdOfPayment,
  prepare: prepareCompletion,
  lock: lockForCompletion,
  complete: completePaidHold,
  outcome: holdOutcome,
};

/** The scheduled job's part: marks the holds past their expiry (safe to run anywhere at once). */
export function expireHolds(db: Db, clock: Clock): Promise<number> {
  return repo.expireHolds(db, clock());
}
