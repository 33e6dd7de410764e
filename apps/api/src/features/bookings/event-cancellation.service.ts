/**
 * An organiser's cancellation of an event: every booking of it is cancelled and refunded in full,
 * fees included, with an e-mail (docs/PRODUCT-RULES.md#events). The back office marks the event
 * cancelled and queues `events-cancel` in the same transaction; the job does the refunds.
 */
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";
import { activeBookingsOfEvent, cancelForOrganiser, type BookingDeps } from "./bookings.service";

declare module "../../jobs/queue" {
  interface JobData {
    /** An organiser cancelled this event: cancel and refund its bookings (`cancelEventBookings`). */
    "events-cancel": { eventId: number };
  }
}

/** Queues the refunds of a cancelled event's bookings, in the cancellation's own transaction. */
export function queueEventCancellation(jobs: Jobs, tx: Tx, eventId: number) {
  return jobs.send(tx, "events-cancel", { eventId });
}

/**
 * The `events-cancel` job: cancels every booking of the event still active, refunding what the
 * wallet paid for it (the whole price: the organiser cancelled, not the driver), each in its own
 * transaction (bookings.service `cancelForOrganiser`). Run twice, or by two processes, it refunds
 * each booking once: a booking already cancelled is skipped.
 */
export async function cancelEventBookings(d: BookingDeps, eventId: number): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await activeBookingsOfEvent(d.db, eventId, 50);
    if (batch.length === 0) return done;
    for (const b of batch) {
      if (await cancelForOrganiser(d, b)) done += 1;
    }
  }
}
