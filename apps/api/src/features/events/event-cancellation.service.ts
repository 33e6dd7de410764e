/**
 * An organiser's cancellation of an event: every booking of it is cancelled and refunded in full,
 * fees included, with an e-mail (docs/PRODUCT-RULES.md#events). The back office marks the event
 * cancelled and queues `events-cancel` in the same transaction; the job does the refunds.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { refundToWallet } from "../wallet/ledger.service";
import { revenueShard } from "../bookings/booking-core.service";
import { queueBookingMail } from "../bookings/bookings-mail.service";
import * as repo from "../bookings/bookings.repo";

/** Queues the refunds of a cancelled event's bookings, in the cancellation's own transaction. */
export function queueEventCancellation(jobs: Jobs, tx: Tx, eventId: number) {
  return jobs.send(tx, "events-cancel", { eventId });
}

/** Bookings refunded per transaction: each is its own, so a failure part-way loses nothing done. */
const BATCH = 50;

/**
 * The `events-cancel` job: cancels every booking of the event still active, refunding what the
 * wallet paid for it (the whole price: the organiser cancelled, not the driver), each in its own
 * transaction under its park's capacity lock and the booking's row lock (the lock order of every
 * booking change). Run twice, or by two processes, it refunds each booking once: a booking
 * already cancelled is skipped and the ledger move's key is the booking's next move.
 */
export async function cancelEventBookings(
  d: { db: Db; clock: Clock; jobs: Jobs },
  eventId: number,
): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await d.db
      .select({ id: bookings.id, parkId: bookings.parkId, vehicleTypeId: bookings.vehicleTypeId })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.status, "active")))
      .orderBy(asc(bookings.id))
      .limit(BATCH);
    if (batch.length === 0) return done;
    for (const b of batch) {
      if (await cancelOne(d, b)) done += 1;
    }
  }
}

async function cancelOne(
  d: { db: Db; clock: Clock; jobs: Jobs },
  target: { id: string; parkId: number; vehicleTypeId: number },
): Promise<boolean> {
  return d.db.transaction(async (tx) => {
    await repo.lockParkForBooking(tx, target.parkId, target.vehicleTypeId);
    const [b] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, target.id), sql`${bookings.status} = 'active'`))
      .for("update");
    if (!b) return false;
    const now = d.clock();
    const moves = b.moves + 1;
    if (b.paidMinor > 0) {
      await refundToWallet(tx, {
        userId: b.userId,
        currency: b.currency,
        amountMinor: b.paidMinor,
        idempotencyKey: `booking:${b.id}:${moves}`,
        reference: b.bookingCode,
        description: `Event cancelled: refund ${b.bookingCode}`,
        revenueShard: revenueShard(b.id),
      });
    }
    const set = { status: "cancelled" as const, paidMinor: 0, moves, cancelledAt: now, updatedAt: now };
    await repo.updateBooking(tx, b.id, set);
    await queueBookingMail(d.jobs, tx, { ...b, ...set }, "event_cancelled", b.paidMinor);
    return true;
  });
}
