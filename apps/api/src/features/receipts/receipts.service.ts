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
import { RECEIPT_NOT_FOUND_MESSAGE, type Receipt, type ReceiptKind } from "@parkwell/contract";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Language } from "../../lib/language";
import { listPage, offsetOf, type PageQuery } from "../../lib/pagination";
import type { Tx } from "../../db/tx";
import { checkBody, type ReceiptIssue } from "./receipts.domain";
import { receiptPdf } from "./receipts.pdf";
import { presentReceipt, presentSummary } from "./receipts.present";
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
  // A new receipt at an operator's park moves the operator's share with it, in the same statement
  // (the database's receipt_operator_share trigger, decision 056).
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
 * `unsafeSkipCounterLock` exists for the race test to show what the lock prevents; nothing else sets it.
 */
export async function numberReceipts(
  db: Db,
  countryId?: number,
  options: { unsafeSkipCounterLock?: boolean } = {},
): Promise<number> {
  const pending = await repo.pendingYears(db, countryId);
  let numbered = 0;
  for (const country of new Set(pending.map((p) => p.country_id))) {
    const years = pending.filter((p) => p.country_id === country).map((p) => Number(p.year));
    numbered += await db.transaction((tx) =>
      repo.numberPending(tx, country, years, !options.unsafeSkipCounterLock),
    );
  }
  return numbered;
}

/** Numbers `userId`'s receipts that have none yet: what a read does first, so it shows every one. */
export async function numberReceiptsOf(db: Db, userId: string): Promise<void> {
  for (const country of await repo.unnumberedCountriesOf(db, userId)) await numberReceipts(db, country);
}

export async function listOwn(
  db: Db,
  userId: string,
  q: PageQuery & {
    from?: string | undefined;
    to?: string | undefined;
    kind?: ReceiptKind | undefined;
    reference?: string | undefined;
  },
) {
  await numberReceiptsOf(db, userId);
  const { rows, total } = await repo.listReceipts(
    db,
    { userId, from: q.from, to: q.to, kind: q.kind, reference: q.reference },
    q.size,
    offsetOf(q),
  );
  return listPage(
    rows.map((r) => presentSummary(r as typeof r & { number: string })),
    total,
    q,
  );
}

/** One of the user's receipts (404 for another user's: never says it exists). */
export async function getOwn(db: Db, userId: string, number: string, language: Language): Promise<Receipt> {
  const found = await repo.findReceipt(db, userId, number);
  if (!found) throw AppError.notFound(RECEIPT_NOT_FOUND_MESSAGE);
  return presentReceipt(
    found.receipt as typeof found.receipt & { number: string },
    found.creditNotes,
    language,
  );
}

/** One of the user's receipts as a PDF tax invoice in `language` (404 for another user's). */
export async function pdfOwn(db: Db, userId: string, number: string, language: Language): Promise<Buffer> {
  return receiptPdf(await getOwn(db, userId, number, language), language);
}
