/**
 * A claim's refund (decision 057), the money of its refund decisions: what the booking's receipts
 * (or the pass term's) can still give back, the credit note's body for a part of it, and the
 * refund's move through the purchase engine (`refundPurchase`: the booking's next move, or the
 * pass term's own `claim:<id>` move). Called by claims.service under its locks.
 */
import type { Tx } from "../../db/tx";
import { BOOKING_MOVES } from "../bookings/booking-receipts.service";
import { passTermRefundable, refundPassTerm } from "../passes/pass-refunds.service";
import { refundPurchase } from "../purchases/purchases.service";
import { givenBackBy, partOfReversal, reversalOf, type ReceiptBody } from "../receipts/receipts.domain";
import { bodiesOf } from "../receipts/receipts.service";
import * as repo from "./claims.repo";
import type { ClaimBooking, ClaimPassTerm, ClaimRow } from "./claims.repo";

/** A claim's subject, locked in its transaction: a booking (after its park's capacity row) or a pass term. */
export type Subject = { booking: ClaimBooking } | { term: ClaimPassTerm };

/** What a refund of the subject could give back now, and the credit note's body for `amountMinor` of it. */
export async function refundable(
  tx: Tx,
  subject: Subject,
): Promise<{ remaining: number; note: (amountMinor: number) => ReceiptBody | null }> {
  if ("booking" in subject) {
    const b = subject.booking;
    const bodies = await bodiesOf(tx, b.userId, b.code);
    if (bodies.length === 0) return { remaining: b.paidMinor, note: () => null };
    const reversal = reversalOf(bodies);
    return { remaining: givenBackBy(reversal), note: (amount) => partOfReversal(reversal, amount) };
  }
  // A pass term's: what its charge still holds (a closure's refund of it taken off).
  return passTermRefundable(tx, subject.term);
}

/**
 * The refund's move through the purchase engine; its ledger key. `body`: the credit note's body,
 * or null for the engine's reversal of everything the purchase's receipts hold.
 */
export async function refundSubject(
  tx: Tx,
  claim: ClaimRow,
  subject: Subject,
  amountMinor: number,
  body: ReceiptBody | null,
  now: Date,
): Promise<string> {
  const description = `Claim refund ${claim.code}`;
  if ("booking" in subject) {
    const b = subject.booking;
    const move = b.moves + 1;
    await refundPurchase(
      tx,
      BOOKING_MOVES,
      {
        id: b.id,
        code: b.code,
        userId: b.userId,
        currency: b.currency,
        countryId: b.countryId,
        parkId: b.parkId,
      },
      { move, amountMinor, description, at: now, ...(body ? { creditNote: () => body } : {}) },
    );
    await repo.bookingRefunded(tx, b.id, {
      paidMinor: Math.max(0, b.paidMinor - amountMinor),
      moves: move,
      at: now,
    });
    return `${BOOKING_MOVES.ledgerPrefix}:${b.id}:${move}`;
  }
  const refunded = await refundPassTerm(tx, subject.term, {
    move: `claim:${claim.id}`,
    amountMinor,
    description,
    at: now,
    body,
  });
  return refunded.ledgerKey;
}
