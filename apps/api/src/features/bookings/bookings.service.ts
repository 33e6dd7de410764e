import { createHash, randomBytes } from "node:crypto";
import {
  BOOKING_FULL_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  type BookingFilter,
  type CreateBookingBody,
} from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { toMajor } from "../../lib/money";
import { priceWindow } from "../parks/pricing.domain";
import { list as listVehicles } from "../vehicles/vehicles.service";
import { chargeWallet, refundToWallet, walletBalanceMinor } from "../wallet/ledger.service";
import {
  bookingCode,
  chargeDueMinor,
  extendProblem,
  isOpenAt,
  refundMinor,
  statusChange,
  windowProblems,
} from "./bookings.domain";
import * as repo from "./bookings.repo";
import type { BookingRow, ParkForBooking } from "./bookings.repo";

export interface BookingDeps {
  db: Db;
  clock: Clock;
  /** Test-only: skip the capacity row lock to prove the race tests can fail. Never set in production. */
  unsafeSkipCapacityLock?: boolean;
}

export const VEHICLE_BUSY = "This vehicle already has a booking in this window";
/** Spreads booking revenue over this many ledger accounts per currency (see ledger.service). */
const REVENUE_SHARDS = 16;
const revenueShard = (bookingId: string) => parseInt(bookingId.slice(0, 4), 16) % REVENUE_SHARDS;
const notFound = () => AppError.notFound(BOOKING_NOT_FOUND_MESSAGE, "booking_not_found");
const full = () => new AppError(409, "no_capacity", BOOKING_FULL_MESSAGE);
const busy = () => new AppError(409, "vehicle_busy", VEHICLE_BUSY, { vehicle_id: VEHICLE_BUSY });

async function loadPark(db: Db, parkId: number, vehicleTypeId: number): Promise<ParkForBooking> {
  const park = await repo.findParkForBooking(db, parkId, vehicleTypeId);
  if (!park || park.status !== "active") {
    throw AppError.validation({ park_id: "Park not found" });
  }
  if (park.hourlyMinor === null || park.dailyMaxMinor === null) {
    throw AppError.validation({ vehicle_type_id: "This park takes no vehicles of this type" });
  }
  return park;
}

const hoursOf = (p: ParkForBooking) => ({
  open24h: p.open24h,
  openingHours: p.openingHours,
  timeZone: p.timeZone,
});

function price(p: ParkForBooking, start: Date, end: Date) {
  const b = priceWindow({ hourlyMinor: p.hourlyMinor!, dailyMaxMinor: p.dailyMaxMinor! }, p, start, end);
  return { ...b, taxName: p.taxName };
}

/**
 * Charges the wallet inside the caller's transaction. A short balance is a 402 naming the amount
 * missing; the throw rolls the whole transaction back, so nothing is created.
 */
async function charge(
  tx: Tx,
  b: { id: string; userId: string; currency: string; bookingCode: string },
  amountMinor: number,
  move: number,
  kind: string,
  decimals: number,
) {
  if (amountMinor <= 0) return;
  try {
    await chargeWallet(tx, {
      userId: b.userId,
      currency: b.currency,
      amountMinor,
      idempotencyKey: `booking:${b.id}:${move}`,
      kind,
      reference: b.bookingCode,
      description: `${kind} ${b.bookingCode}`,
      revenueShard: revenueShard(b.id),
    });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== "insufficient_funds") throw err;
    const missing = amountMinor - (await walletBalanceMinor(tx, b.userId, b.currency));
    const amount = toMajor(missing, decimals);
    throw new AppError(
      402,
      "insufficient_funds",
      `Your wallet balance is too low: add ${amount} ${b.currency} to pay for this booking`,
      { amount_missing: String(amount), currency: b.currency },
    );
  }
}

/** Runs `fn`, turning the one-vehicle exclusion constraint into the same 409 as the pre-check. */
async function guardVehicle<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (repo.pgCode(err) === "23P01") throw busy();
    throw err;
  }
}

const fingerprint = (body: CreateBookingBody) =>
  createHash("sha256")
    .update(
      JSON.stringify([
        body.park_id,
        body.vehicle_type_id,
        body.vehicle_id ?? null,
        body.plate_number ?? null,
        body.start_time.toISOString(),
        body.end_time.toISOString(),
      ]),
    )
    .digest("hex");

/** The booking a key already produced, or null; the same key with another body is a 422. */
async function replay(db: Db, userId: string, key: string, hash: string): Promise<BookingRow | null> {
  const found = await repo.findByIdempotencyKey(db, userId, key);
  if (!found) return null;
  if (found.requestHash !== hash) {
    throw new AppError(422, "idempotency_key_reused", "This Idempotency-Key was used for another booking");
  }
  return found;
}

export async function createBooking(
  deps: BookingDeps,
  userId: string,
  body: CreateBookingBody,
  idempotencyKey?: string,
): Promise<{ booking: BookingRow; replayed: boolean }> {
  const { db } = deps;
  const now = deps.clock();
  const hash = fingerprint(body);
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return { booking: found, replayed: true };
  }
  const park = await loadPark(db, body.park_id, body.vehicle_type_id);
  const problems = windowProblems(body.start_time, body.end_time, now, hoursOf(park));
  if (Object.keys(problems).length > 0) throw AppError.validation(problems);

  let plate = body.plate_number ?? null;
  if (body.vehicle_id) {
    const vehicle = (await listVehicles(db, userId)).find((v) => v.id === body.vehicle_id);
    if (!vehicle) throw AppError.validation({ vehicle_id: "Vehicle not found" });
    if (vehicle.vehicle_type_id !== body.vehicle_type_id) {
      throw AppError.validation({ vehicle_type_id: "This vehicle is of another vehicle type" });
    }
    plate = vehicle.plate_number;
  }
  const breakdown = price(park, body.start_time, body.end_time);

  try {
    const booking = await guardVehicle(() =>
      db.transaction(async (tx) => {
        const capacity = await repo.lockCapacity(
          tx,
          park.id,
          body.vehicle_type_id,
          !deps.unsafeSkipCapacityLock,
        );
        const peak = await repo.peakOccupancy(
          tx,
          park.id,
          body.vehicle_type_id,
          body.start_time,
          body.end_time,
        );
        if (peak >= capacity) throw full();
        if (plate && (await repo.plateBusy(tx, userId, plate, body.start_time, body.end_time))) throw busy();
        const row = await repo.insertBooking(tx, {
          bookingCode: bookingCode(randomBytes(8)),
          userId,
          parkId: park.id,
          vehicleTypeId: body.vehicle_type_id,
          vehicleId: body.vehicle_id ?? null,
          plateNumber: plate,
          startTime: body.start_time,
          endTime: body.end_time,
          status: "active",
          currency: park.currency,
          totalMinor: breakdown.totalMinor,
          paidMinor: breakdown.totalMinor,
          breakdown,
          moves: 1,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? hash : null,
          createdAt: now,
          updatedAt: now,
        });
        await charge(tx, row, breakdown.totalMinor, 1, "booking_charge", park.decimals);
        return row;
      }),
    );
    return { booking, replayed: false };
  } catch (err) {
    // The same key racing itself: the loser waits on the unique index, then replays the winner.
    if (idempotencyKey && repo.pgCode(err) === "23505") {
      const found = await replay(db, userId, idempotencyKey, hash);
      if (found) return { booking: found, replayed: true };
    }
    throw err;
  }
}

export async function extendBooking(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  newEnd: Date,
): Promise<BookingRow> {
  const { db } = deps;
  const now = deps.clock();
  const current = await repo.findBooking(db, userId, { id: bookingId });
  if (!current) throw notFound();
  const park = await loadPark(db, current.parkId, current.vehicleTypeId);
  return guardVehicle(() =>
    db.transaction(async (tx) => {
      // Lock order everywhere: park_capacities, then the booking, then wallet accounts.
      const capacity = await repo.lockCapacity(
        tx,
        park.id,
        current.vehicleTypeId,
        !deps.unsafeSkipCapacityLock,
      );
      const b = await repo.findBooking(tx, userId, { id: bookingId }, true);
      if (!b) throw notFound();
      const problem = extendProblem(b, newEnd, now);
      if (problem) throw AppError.validation({ new_end_time: problem });
      if (!isOpenAt(hoursOf(park), newEnd, "end")) {
        throw AppError.validation({ new_end_time: "The park is closed at new_end_time" });
      }
      const peak = await repo.peakOccupancy(tx, park.id, b.vehicleTypeId, b.endTime, newEnd, b.id);
      if (peak >= capacity) throw full();
      if (b.plateNumber && (await repo.plateBusy(tx, userId, b.plateNumber, b.endTime, newEnd, b.id))) {
        throw busy();
      }
      const breakdown = price(park, b.startTime, newEnd);
      const due = chargeDueMinor(breakdown.totalMinor, b.paidMinor);
      const moves = b.moves + 1;
      await charge(tx, b, due, moves, "booking_extension", park.decimals);
      const set = {
        endTime: newEnd,
        totalMinor: breakdown.totalMinor,
        paidMinor: b.paidMinor + due,
        breakdown,
        moves,
        updatedAt: now,
      };
      await repo.updateBooking(tx, b.id, set);
      return { ...b, ...set };
    }),
  );
}

/** Cancel (refund by the policy) or renew (charge again what was refunded, if space is still free). */
export async function changeStatus(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  target: "active" | "cancelled",
): Promise<{ booking: BookingRow; refundedMinor: number; chargedMinor: number; decimals: number }> {
  const { db } = deps;
  const now = deps.clock();
  const current = await repo.findBooking(db, userId, { id: bookingId });
  if (!current) throw notFound();
  const park = await loadPark(db, current.parkId, current.vehicleTypeId);
  return guardVehicle(() =>
    db.transaction(async (tx) => {
      const capacity = await repo.lockCapacity(
        tx,
        park.id,
        current.vehicleTypeId,
        !deps.unsafeSkipCapacityLock,
      );
      const b = await repo.findBooking(tx, userId, { id: bookingId }, true);
      if (!b) throw notFound();
      const change = statusChange(b, target, now);
      if (!change.ok) throw AppError.validation({ status: change.message });
      const moves = b.moves + 1;
      if (change.kind === "cancel") {
        const refund = refundMinor(
          {
            startTime: b.startTime,
            parkingMinor: b.breakdown.parkingMinor,
            totalMinor: b.totalMinor,
            paidMinor: b.paidMinor,
          },
          now,
        );
        if (refund.amountMinor > 0) {
          await refundToWallet(tx, {
            userId,
            currency: b.currency,
            amountMinor: refund.amountMinor,
            idempotencyKey: `booking:${b.id}:${moves}`,
            reference: b.bookingCode,
            description: `refund ${b.bookingCode}`,
            revenueShard: revenueShard(b.id),
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
        return {
          booking: { ...b, ...set },
          refundedMinor: refund.amountMinor,
          chargedMinor: 0,
          decimals: park.decimals,
        };
      }
      const problems = windowProblems(b.startTime, b.endTime, now, hoursOf(park));
      if (problems.start_time) throw AppError.validation({ status: problems.start_time });
      const peak = await repo.peakOccupancy(tx, park.id, b.vehicleTypeId, b.startTime, b.endTime, b.id);
      if (peak >= capacity) throw full();
      if (b.plateNumber && (await repo.plateBusy(tx, userId, b.plateNumber, b.startTime, b.endTime, b.id))) {
        throw busy();
      }
      const due = chargeDueMinor(b.totalMinor, b.paidMinor);
      await charge(tx, b, due, moves, "booking_renewal", park.decimals);
      const set = {
        status: "active" as const,
        paidMinor: b.paidMinor + due,
        moves,
        cancelledAt: null,
        updatedAt: now,
      };
      await repo.updateBooking(tx, b.id, set);
      return { booking: { ...b, ...set }, refundedMinor: 0, chargedMinor: due, decimals: park.decimals };
    }),
  );
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
  const { rows, total } = await repo.listBookings(db, userId, filter, q.size, (q.page - 1) * q.size);
  return { rows, total, page: q.page, size: q.size, pages: Math.max(1, Math.ceil(total / q.size)) };
}

/** The completed-status job: idempotent, one UPDATE, safe to run from several processes at once. */
export function completeEndedBookings(db: Db, clock: Clock): Promise<number> {
  return repo.completeEnded(db, clock());
}

/** Spaces free over a whole window (capacity minus peak occupancy), for the park availability route. */
export function freeSpaces(db: Db, parkId: number, vehicleTypeId: number, start: Date, end: Date) {
  return repo.freeSpaces(db, parkId, vehicleTypeId, start, end);
}
