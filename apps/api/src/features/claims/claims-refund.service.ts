/**
 * A claim's refund (decision 057), the money of its refund decisions: what the booking's receipts
 * (or the pass term's) can still give back, the credit note's body for a part of it, and the
 * refund's move through the purchase engine (`refundPurchase`: the booking's next move, or the
 * pass term's own `claim:<id>` move). Called by claims.service under its locks.
 */
import type { Tx } from "../../db/tx";
import { BOOKING_MOVES } from "../bookings/booking-receipts.service";
import { PASS_MOVES } from "../passes/passes.service";
import { refundPurchase } from "../purchases/purchases.service";
import { negated, reversalOf, type ReceiptBody } from "../receipts/receipts.domain";
import { bodiesOf, receiptIdOf } from "../receipts/receipts.service";
import { givenBackBy, partOfReversal } from "./claims.domain";
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
  const t = subject.term;
  const receiptId = await receiptIdOf(tx, `${PASS_MOVES.ledgerPrefix}:${t.id}:${t.period}`);
  const charged =
    receiptId === null ? undefined : (await bodiesOf(tx, t.userId, t.code)).find((r) => r.id === receiptId);
  if (!charged) return { remaining: t.totalMinor, note: () => null };
  const reversal = negated({ lines: charged.lines, taxes: charged.taxes });
  return { remaining: givenBackBy(reversal), note: (amount) => partOfReversal(reversal, amount) };
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
  const t = subject.term;
  const move = `claim:${claim.id}`;
  await refundPurchase(
    tx,
    PASS_MOVES,
    {
      id: t.id,
      code: t.code,
      userId: t.userId,
      currency: t.currency,
      countryId: t.countryId,
      parkId: t.parkId,
    },
    {
      move,
      charge: t.period,
      amountMinor,
      description,
      at: now,
      ...(body ? { creditNote: () => body } : {}),
    },
  );
  return `${PASS_MOVES.ledgerPrefix}:${t.id}:${move}`;
}
