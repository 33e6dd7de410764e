/** Changes to an existing booking: extend, cancel and renew (docs/decisions/008-bookings.md). */
import { AppError } from "../../lib/app-error";
import { refundToWallet } from "../wallet/ledger.service";
import {
  chargeDueMinor,
  extendProblem,
  isOpenAt,
  refundMinor,
  statusChange,
  windowProblems,
} from "./bookings.domain";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";

import {
  busy,
  charge,
  full,
  guardVehicle,
  hoursOf,
  loadPark,
  notFound,
  price,
  revenueShard,
  type BookingDeps,
} from "./booking-core.service";

type Park = Awaited<ReturnType<typeof loadPark>>;
type Tx = Parameters<Parameters<BookingDeps["db"]["transaction"]>[0]>[0];

/**
 * The common frame of every change: find the caller's booking (another user's is a 404), then in
 * one transaction lock the capacity row before the booking (the lock order everywhere:
 * park_capacities, then the booking, then wallet accounts) and hand both to `change`.
 */
async function withLockedBooking<T>(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  change: (tx: Tx, b: BookingRow, park: Park, capacity: number) => Promise<T>,
): Promise<T> {
  const { db } = deps;
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
      return change(tx, b, park, capacity);
    }),
  );
}

/** A space (and the booking's plate) must be free over [start, end), this booking aside. */
async function assertRoom(tx: Tx, userId: string, b: BookingRow, capacity: number, start: Date, end: Date) {
  const peak = await repo.peakOccupancy(tx, b.parkId, b.vehicleTypeId, start, end, b.id);
  if (peak >= capacity) throw full();
  if (b.plateNumber && (await repo.plateBusy(tx, userId, b.plateNumber, start, end, b.id))) throw busy();
}

export async function extendBooking(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  newEnd: Date,
): Promise<BookingRow> {
  const now = deps.clock();
  return withLockedBooking(deps, userId, bookingId, async (tx, b, park, capacity) => {
    const problem = extendProblem(b, newEnd, now);
    if (problem) throw AppError.validation({ new_end_time: problem });
    if (!isOpenAt(hoursOf(park), newEnd, "end")) {
      throw AppError.validation({ new_end_time: "The park is closed at new_end_time" });
    }
    await assertRoom(tx, userId, b, capacity, b.endTime, newEnd);
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
  });
}

/** Cancel (refund by the policy) or renew (charge again what was refunded, if space is still free). */
export async function changeStatus(
  deps: BookingDeps,
  userId: string,
  bookingId: string,
  target: "active" | "cancelled",
): Promise<{ booking: BookingRow; refundedMinor: number; chargedMinor: number; decimals: number }> {
  const now = deps.clock();
  return withLockedBooking(deps, userId, bookingId, async (tx, b, park, capacity) => {
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
    await assertRoom(tx, userId, b, capacity, b.startTime, b.endTime);
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
  });
}
