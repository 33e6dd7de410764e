/**
 * A part of one monthly pass term given back through the purchase engine (decision 040): the
 * engine's `refundPurchase` against that term's charge (`pass:<id>:<period>`), as a move named by
 * its cause (a claim's `claim:<id>`, a closure's `closure:<period>:<day>`), with a credit note that
 * gives each line and tax of the term's receipt its share. A claim's refund (decision 057) and a
 * closure's (decision 060) are this one refund; the caller holds the pass's row lock.
 */
import type { Tx } from "../../db/tx";
import { refundPurchase } from "../purchases/purchases.service";
import { companyNamesOfMoves } from "../purchases/later-payer.service";
import { givenBackBy, partOfReversal, reversalOf, type ReceiptBody } from "../receipts/receipts.domain";
import { bodiesOf, receiptIdOf } from "../receipts/receipts.service";
import { PASS_MOVES } from "./passes.service";

/** One term of a pass, as its refund reads it: the pass's facts and the term's period and price. */
export interface PassTermRef {
  id: string;
  code: string;
  userId: string;
  currency: string;
  countryId: number;
  parkId: number;
  period: number;
  /** The term's charge (fees and tax included): what is left when it has no receipt. */
  totalMinor: number;
}

const chargeKey = (t: PassTermRef) => `${PASS_MOVES.ledgerPrefix}:${t.id}:${t.period}`;

/**
 * What the term's charge still holds (its receipt less the credit notes that reversed part of it
 * already, whatever their cause), and the credit note's body for `amountMinor` of it. A term charged
 * before receipts existed: its price, and no credit note.
 */
export async function passTermRefundable(
  tx: Tx,
  t: PassTermRef,
): Promise<{ remaining: number; note: (amountMinor: number) => ReceiptBody | null }> {
  const receiptId = await receiptIdOf(tx, chargeKey(t));
  const bodies = receiptId === null ? [] : await bodiesOf(tx, t.userId, t.code);
  const charged = bodies.find((r) => r.id === receiptId);
  if (!charged) return { remaining: t.totalMinor, note: () => null };
  const reversal = reversalOf([charged, ...bodies.filter((r) => r.reversesId === receiptId)]);
  return { remaining: givenBackBy(reversal), note: (amount) => partOfReversal(reversal, amount) };
}

/**
 * Gives `amountMinor` of the term back to whoever paid its charge (the driver's wallet or the
 * company's account), as the pass's move `move`, with the credit note `body` (passTermRefundable's
 * note). The credit note's trigger takes the operator's share back (decision 056). Answers the
 * move's ledger key and the name of the company refunded, if one paid.
 */
export async function refundPassTerm(
  tx: Tx,
  t: PassTermRef,
  r: { move: string; amountMinor: number; description: string; at: Date; body: ReceiptBody | null },
): Promise<{ ledgerKey: string; company: string | null }> {
  const paid = await refundPurchase(
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
      move: r.move,
      charge: t.period,
      amountMinor: r.amountMinor,
      description: r.description,
      at: r.at,
      ...(r.body ? { creditNote: () => r.body! } : {}),
    },
  );
  const company = paid ? ((await companyNamesOfMoves(tx, [chargeKey(t)])).get(chargeKey(t)) ?? null) : null;
  return { ledgerKey: `${PASS_MOVES.ledgerPrefix}:${t.id}:${r.move}`, company };
}
