/**
 * The one receipt path (docs/decisions/029-receipts.md). A purchase calls `issueReceipt(tx, …)`
 * inside the transaction that posts its ledger move, so the receipt and the money commit together
 * or not at all; `numberReceipts` then gives numbers, in order of issue, to the receipts that have
 * none, holding the country's counter for the year only for that short transaction. Read paths
 * call it first (and a job each minute), so a receipt is numbered before anyone sees it.
 *
 *   await db.transaction(async (tx) => {
 *     await chargeWallet(tx, { …, idempotencyKey: `order:${id}:1` });
 *     await issueReceipt(tx, { kind: "order", ledgerKey: `order:${id}:1`, body, expectedMinor: total, … });
 *   });
 */
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { checkBody, type ReceiptIssue } from "./receipts.domain";
import * as repo from "./receipts.repo";

export { bodiesOf, receiptIdOf } from "./receipts.repo";
export type { ReceiptIssue } from "./receipts.domain";

/**
 * Writes the receipt of a ledger move in the caller's transaction, with the seller and buyer as
 * they are now. Idempotent: a second issue for the same ledger key writes nothing. Answers the
 * receipt's id.
 */
export async function issueReceipt(tx: Tx, r: ReceiptIssue): Promise<number> {
  checkBody(r.body, r.expectedMinor);
  if ((r.kind === "credit_note") !== (r.reversesId != null)) {
    throw new Error("a credit note, and only a credit note, reverses a receipt");
  }
  const id = (await repo.insertReceipt(tx, r)) ?? (await repo.receiptIdOf(tx, r.ledgerKey));
  if (id === null)
    throw new Error(`receipt for ${r.ledgerKey}: no user ${r.userId} or country ${r.countryId}`);
  return id;
}

/**
 * Numbers the receipts that have none, in order of issue, from the counter of their country and
 * year (only `countryId`'s, when given): each counter row is locked, the receipts committed by
 * then are numbered after its last number, and the counter moves on, in one transaction. What
 * rolled back was never counted, so numbers have no gaps. Answers how many were numbered.
 */
export async function numberReceipts(db: Db, countryId?: number): Promise<number> {
  const pending = await repo.pendingYears(db, countryId);
  let numbered = 0;
  for (const country of new Set(pending.map((p) => p.country_id))) {
    const years = pending.filter((p) => p.country_id === country).map((p) => Number(p.year));
    numbered += await db.transaction((tx) => repo.numberPending(tx, country, years));
  }
  return numbered;
}
