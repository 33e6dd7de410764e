import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { BookingFilter, CreateBookingBody } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { refusedEdge, windowVerdict } from "@parkwell/contract";
import { bookingCode } from "./bookings.domain";
import { queueBookingMail } from "./bookings-mail.service";
import { clockOfPark } from "../parks/parks.present";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";
import type { ParkView } from "./bookings-view.repo";
import { chargeAccountKeys, ensureChargeAccounts } from "../wallet/ledger.service";
import {
  full,
  guardVehicle,
  notFound,
  price,
  readPark,
  revenueShard,
  savedVehicle,
  shortOfFunds,
  windowRefused,
  type BookingDeps,
} from "./booking-core.service";

export { VEHICLE_BUSY, type BookingDeps } from "./booking-core.service";
export { changeStatus, changeVehicle, extendBooking } from "./booking-changes.service";

/** `book_space` answered something else than booked: the transaction (and its mail job) rolls back. */
class NotBooked extends Error {
  constructor(readonly status: repo.BookSpaceStatus) {
    super(`not booked: ${status}`);
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
): Promise<{ booking: BookingRow; park?: ParkView; replayed: boolean }> {
  const { db } = deps;
  const now = deps.clock();
  const hash = fingerprint(body);
  if (idempotencyKey) {
    const found = await replay(db, userId, idempotencyKey, hash);
    if (found) return { booking: found, replayed: true };
  }
  const vehicle = body.vehicle_id
    ? await savedVehicle(db, userId, body.vehicle_id, body.vehicle_type_id, "vehicle_type_id")
    : undefined;
  const plate = vehicle?.plate_number ?? body.plate_number ?? null;

  const park = await readPark(db, body.park_id, body.vehicle_type_id);
  const verdict = windowVerdict(body.start_time, body.end_time, now, clockOfPark(park));
  if (!verdict.bookable) {
    throw windowRefused(verdict, refusedEdge(verdict) === "start" ? "start_time" : "end_time");
  }
  const breakdown = price(park, body.start_time, body.end_time);
  const booking: BookingRow = {
    id: randomUUID(),
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
    cancelledAt: null,
    startRemindedAt: null,
    endRemindedFor: null,
    checkedInAt: null,
    checkedInBy: null,
    checkedOutAt: null,
    checkedOutBy: null,
    overstayMinor: 0,
    overstayOwedMinor: 0,
  };
  const move = { userId, currency: park.currency, revenueShard: revenueShard(booking.id) };
  const keys = chargeAccountKeys(move);
  // The confirmation's job and the booking commit together, or neither does. The job is written
  // first, so the capacity lock `book_space` takes is held only until the COMMIT that follows it.
  const book = async (): Promise<repo.BookSpaceStatus> => {
    try {
      return await db.transaction(async (tx) => {
        await queueBookingMail(deps.jobs, tx, booking, "booked");
        const status = await repo.bookSpace(tx, booking, keys);
        if (status !== "booked") throw new NotBooked(status);
        return status;
      });
    } catch (err) {
      if (err instanceof NotBooked) return err.status;
      throw err;
    }
  };
  try {
    // One statement locks, checks the peak, charges and inserts (book_space); a busy plate is
    // refused by the insert itself (the exclusion constraint; guardVehicle makes it the 409).
    let status = await guardVehicle(book);
    if (status === "missing_accounts") {
      // The wallet's or revenue shard's first movement: create them, then book again.
      await ensureChargeAccounts(db, move);
      status = await guardVehicle(book);
    }
    if (status === "full") throw full();
    if (status !== "booked") throw new Error(`book_space answered ${status}`);
    return { booking, park: park.view, replayed: false };
  } catch (err) {
    const code = repo.pgCode(err);
    if (code === "PW402") {
      throw await shortOfFunds(db, userId, park.currency, breakdown.totalMinor, park.decimals);
    }
    // The same key racing itself: the loser waits on the unique index, then replays the winner.
    if (idempotencyKey && code === "23505") {
      const found = await replay(db, userId, idempotencyKey, hash);
      if (found) return { booking: found, replayed: true };
    }
    throw err;
  }
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

/** The same for the parks of a search page, in one statement. */
export function freeSpacesOf(db: Db, parkIds: number[], vehicleTypeId: number, start: Date, end: Date) {
  return repo.freeSpacesOf(db, parkIds, vehicleTypeId, start, end);
}
