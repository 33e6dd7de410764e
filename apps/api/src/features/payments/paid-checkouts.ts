/**
 * A purchase that a top-up pays the difference for (today a held booking window, POST
 * /bookings/hold): settle completes it in the credit's transaction, verify reports what became of
 * it. Payments knows only this shape; the app wires the purchase kinds in (bookings' hold.service
 * `heldCheckouts`), so payments imports none of them and each purchase kind imports payments.
 */
import type { PaymentBooking, PaymentPurchase } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { Jobs } from "../../jobs/queue";

/** The purchase a top-up pays for, as its kind reads it; payments only hands it back. */
export interface PaidCheckout {
  id: string;
}

export interface PaidCheckouts {
  /** The purchase a top-up pays for, or undefined for a plain top-up. */
  ofPayment(db: Tx, paymentId: string): Promise<PaidCheckout | undefined>;
  /** Creates what its completion moves, outside any transaction (before settle's). */
  prepare(db: Db, checkout: PaidCheckout): Promise<void>;
  /** In settle's transaction, before the credit locks the wallet: the purchase's own locks. */
  lock(tx: Tx, checkout: PaidCheckout): Promise<void>;
  /** In settle's transaction after the credit: completes the purchase, or records why not. */
  complete(deps: { db: Db; jobs: Jobs }, tx: Tx, checkout: PaidCheckout, now: Date): Promise<void>;
  /** What became of the purchase a top-up pays for, for verify's answer; undefined for a plain top-up. */
  outcome(db: Db, paymentId: string, now: Date): Promise<PaymentBooking | undefined>;
}

/**
 * The purchases of the engine's kinds (an order, a pass, a document request) a top-up pays the
 * difference for (POST /purchases/checkout), wired by the app. Unlike a held booking, no space is
 * kept while the payment is awaited: the purchase is made after settle's transaction commits, with
 * its checkout's Idempotency-Key, so every path that finds the payment paid (verify, a webhook,
 * the expiry job, a retry) may ask again and the purchase is made once.
 */
export interface PaidPurchases {
  /** After a settle found the payment paid: makes the purchase it pays for, or records why not. */
  settled(paymentId: string): Promise<void>;
  /** What became of the purchase a top-up pays for, for verify's answer; undefined otherwise. */
  outcome(db: Db, paymentId: string): Promise<PaymentPurchase | undefined>;
}
