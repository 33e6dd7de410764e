/**
 * A cut of a park's spaces below what is held (docs/PRODUCT-RULES.md "The space guarantee",
 * decision 061): which bookings it leaves without a space, for the back office to list and, once
 * confirmed, to offer the guarantee (offerGuarantee, cause `capacity`).
 */
import type { Tx } from "../../db/tx";
import { bookingsToMove } from "./guarantee.domain";
import * as repo from "./guarantee.repo";

/** A booking a cut moves: what its offer and its e-mail need. */
export type MovedBooking = repo.HitBooking;

/**
 * The bookings a cut of the park's spaces of a type to `capacity` moves, from `now` on, in the order
 * they were booked (bookingsToMove over what holds the spaces); null when what cannot move (cars in,
 * passes, event spaces, drive-up sales, live holds, bookings already offered) holds more than that.
 * In the cut's transaction, under the capacity row's lock.
 */
export async function capacityHits(
  tx: Tx,
  parkId: number,
  vehicleTypeId: number,
  capacity: number,
  now: Date,
): Promise<MovedBooking[] | null> {
  const held = await repo.spacesHeld(tx, parkId, vehicleTypeId, now);
  const moved = bookingsToMove(
    held.map((h) => ({
      code: h.booking_code,
      start: new Date(h.start_time),
      end: new Date(h.end_time),
      n: Number(h.n),
      bookedAt: h.booked_at === null ? null : new Date(h.booked_at),
    })),
    capacity,
    now,
  );
  if (moved === null) return null;
  const byCode = new Map(held.filter((h) => h.booked_at !== null).map((h) => [h.booking_code, h]));
  return moved.map((code) => byCode.get(code)!);
}
