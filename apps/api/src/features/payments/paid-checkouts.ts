/**
 * The kinds of purchase a top-up may pay the difference for (decision 026), as payments settles
 * them: one registration per kind, wired by the app (a held booking window from bookings'
 * hold.service, the engine's orders, passes and document requests from purchases'
 * purchase-checkouts.service), so payments imports none of them and each kind imports payments.
 * Every kind is started by the one `payTheDifference`; settling differs only in when the purchase
 * is made:
 * - a kind that keeps what it sells while the payment is awaited (a held window keeps its space)
 *   completes in settle's transaction, after the credit (`inSettle`);
 * - a kind that keeps nothing is made after that transaction commits (`afterSettle`), with its
 *   checkout's Idempotency-Key, so every path that finds the payment paid (verify, a webhook, the
 *   expiry job, a retry) may ask again and it is made once.
 */
import type { PaymentBooking, PaymentPurchase } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";

/** What verify tells of the purchase a top-up paid for: its part of the answer, and its message once paid. */
export interface PaidOutcome {
  data: { booking: PaymentBooking } | { purchase: PaymentPurchase };
  /** The message of a successful verify (`paid`: what it says of the top-up alone). */
  message(paid: string): string;
}

/**
 * One kind's registration; `Row` is the kind's own row of a payment, which payments only hands
 * back, and `Locked` what its settle's `lock` read under its locks, handed to its `complete`.
 */
export interface PaidCheckouts<Row = unknown, Locked = unknown> {
  /** This kind's row for a payment, or undefined when the payment pays for something else. */
  ofPayment(db: Db | Tx, paymentId: string): Promise<Row | undefined>;
  /** A kind that keeps what it sells: completed in settle's transaction. */
  inSettle?: {
    /** Creates what its completion moves, outside any transaction (before settle's). */
    prepare(db: Db, row: Row): Promise<void>;
    /**
     * In settle's transaction, before the credit locks the wallet: the kind's own locks, and what
     * it read under them, handed to `complete` (the locks are held until the COMMIT, so it still holds).
     */
    lock(tx: Tx, row: Row): Promise<Locked>;
    /** In settle's transaction after the credit: completes the purchase, or records why not. */
    complete(deps: { db: Db; jobs: Jobs }, tx: Tx, row: Row, now: Date, locked: Locked): Promise<void>;
  };
  /** A kind that keeps nothing: after settle's transaction found the payment paid, makes the purchase or records why not. */
  afterSettle?(row: Row): Promise<void>;
  /** What became of the purchase, for verify's answer. */
  outcome(db: Db, row: Row, now: Date): Promise<PaidOutcome>;
}

/** The registration whose kind a payment pays for, with its row; undefined for a plain top-up. */
export async function paidCheckoutOf(
  kinds: readonly PaidCheckouts[],
  db: Db | Tx,
  paymentId: string,
): Promise<{ kind: PaidCheckouts; row: unknown } | undefined> {
  for (const kind of kinds) {
    const row = await kind.ofPayment(db, paymentId);
    if (row !== undefined) return { kind, row };
  }
  return undefined;
}
