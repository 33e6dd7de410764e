/**
 * The one function that turns a provider's "paid" into wallet money, shared by verify, credit and
 * every webhook. It runs one short transaction; the provider is never called inside it.
 * Exactly once: the payment row is locked, a settled row is left alone, and the ledger's unique
 * key `topup:<provider>:<provider_reference>` would refuse a second credit even if both failed.
 * Never past the cap: the wallet takes what fits under its max balance, the rest is held in the
 * user's `held:` account in the same ledger transaction and the payment's held_minor flags it for
 * support (a booking refund can fill the wallet between a top-up's start and its payment).
 */
import { zoneOfCurrency } from "@parkwell/contract";
import { servedCountries } from "../reference/served-countries";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Jobs } from "../../jobs/queue";
import type { MailMessage } from "../../lib/mailer";
import { moneyText } from "../../lib/money";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { paidCheckoutOf, type PaidCheckouts } from "./paid-checkouts";
import { receiptMail } from "./payments.mail";
import { creditTopUp, walletBalanceMinor } from "../wallet/ledger.service";
import { companyOfTopUp, DECLINED, failureKind, mayStillBePaid } from "./payments.domain";
import type { CompanyTopUps } from "./company-top-ups";
import type { Tx } from "../../db/tx";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import type { ProviderPayment } from "./providers/types";

export type SettleOutcome =
  | { kind: "credited" | "already"; balanceMinor: number; heldMinor: number }
  | { kind: "pending" }
  | { kind: "failed"; reason: ReturnType<typeof failureKind> };

/** Why a reported payment may not be credited against our row, or null when it matches. */
export function mismatch(payment: PaymentRow, reported: ProviderPayment): string | null {
  if (reported.providerReference !== payment.providerReference) return "reference";
  if (reported.currency !== payment.currency) return "currency";
  if (reported.amountMinor !== payment.amountMinor) return "amount";
  if (reported.userId !== undefined && reported.userId !== payment.userId) return "user";
  return null;
}

export async function balance(db: Db, payment: PaymentRow): Promise<number> {
  return walletBalanceMinor(db, payment.userId, payment.currency);
}

/**
 * A provider's report applied to our row. "paid" credits once, even after a decline: the customer
 * may pay on the same checkout after a failed attempt, and the provider's verified or signed word
 * that money arrived is what counts. A mismatch is final and never credits.
 *
 * A top-up that pays the difference for a purchase (paid-checkouts.ts) completes it: a kind that
 * keeps what it sells (a held window, POST /bookings/hold) in the same transaction, after the
 * credit, its own rows (the hold's park and capacity) locked before the credit locks the wallet,
 * the bookings' lock order; whichever of verify, redirect, webhook or expiry settles first books
 * it, the others find the payment settled. A kind that keeps nothing is made after the COMMIT.
 */
export async function settle(
  deps: SettleDeps,
  payment: PaymentRow,
  reported: ProviderPayment,
): Promise<SettleOutcome> {
  // Only a payment that is or may now be paid completes a purchase: a poll that finds it pending
  // or declined looks nothing up.
  const paysNow = payment.status === "succeeded" || reported.status === "succeeded";
  const paid = paysNow ? await paidCheckoutOf(deps.checkouts, deps.db, payment.id) : undefined;
  const outcome = await settleOnce(deps, payment, reported, paid?.kind.inSettle && paid);
  // A purchase of a kind that keeps nothing is made once the credit is committed (its
  // Idempotency-Key makes it once, whichever path and however often it gets here).
  if ((outcome.kind === "credited" || outcome.kind === "already") && paid?.kind.afterSettle) {
    await paid.kind.afterSettle(paid.row);
  }
  return outcome;
}

async function settleOnce(
  deps: SettleDeps,
  payment: PaymentRow,
  reported: ProviderPayment,
  /** The purchase completed in this transaction (a kind with `inSettle`), if the top-up pays for one. */
  held: { kind: PaidCheckouts; row: unknown } | undefined,
): Promise<SettleOutcome> {
  const { db } = deps;
  if (payment.status === "succeeded") return already(db, payment);
  if (reported.status === "pending") return { kind: "pending" };
  if (reported.status === "failed") return markFailed(db, payment, DECLINED);
  const wrong = mismatch(payment, reported);
  if (wrong) return markFailed(db, payment, `mismatch:${wrong}`);

  const completion = held?.kind.inSettle;
  if (held && completion) await completion.prepare(db, held.row);
  const outcome = await db.transaction(async (tx) => {
    const row = await repo.findById(tx, payment.id, true);
    if (!row) throw new Error(`payment ${payment.id} vanished`);
    if (row.status === "succeeded")
      return { kind: "already" as const, balanceMinor: -1, heldMinor: row.heldMinor };
    if (!mayStillBePaid(row.status, row.failureReason)) {
      return { kind: "failed" as const, reason: failureKind(row.failureReason) };
    }
    const locked = held && completion ? await completion.lock(tx, held.row) : undefined;
    const companyId = companyOfTopUp(row.reference);
    if (companyId !== null) return creditCompany(deps, tx, row, companyId);
    const credit = await creditTopUp(servedCountries(db), tx, {
      userId: row.userId,
      provider: row.provider,
      currency: row.currency,
      amountMinor: row.amountMinor,
      capMinor: await repo.findWalletCap(tx, row.userId, row.currency),
      idempotencyKey: `topup:${row.provider}:${row.providerReference}`,
      reference: row.reference,
      // The receipt's time: when the money was found paid.
      at: deps.clock(),
      // Ledger text is the server's own: a client must not be able to label its money.
      description: `Wallet top-up (${row.provider})`,
    });
    await repo.updatePayment(tx, row.id, {
      status: "succeeded",
      ledgerTransactionId: credit.transactionId,
      heldMinor: credit.heldMinor,
      verifyLeaseUntil: null,
      failureReason: null,
    });
    // The receipt commits with the credit: one per payment, whichever path settled it.
    if (credit.created) {
      await deps.jobs.send(tx, "mail", { key: `receipt:${row.id}`, type: "receipt", paymentId: row.id });
      // Monthly passes in grace in this currency renew at once (the passes feature's job).
      await deps.jobs.send(tx, "passes-topped-up", { userId: row.userId, currency: row.currency.trim() });
      // The card it was paid with, kept as the driver asked (decision 069).
      if (row.saveCard) await deps.jobs.send(tx, "saved-card", { paymentId: row.id });
    }
    if (held && completion) await completion.complete(deps, tx, held.row, deps.clock(), locked);
    return {
      kind: credit.created ? ("credited" as const) : ("already" as const),
      // The wallet moved only when some of it fitted; otherwise its balance is read after commit.
      // (and when a booking was paid from it since: read after commit too).
      balanceMinor: held ? -1 : (credit.walletBalanceMinor ?? -1),
      heldMinor: credit.heldMinor,
    };
  });
  if (outcome.kind !== "failed" && outcome.balanceMinor < 0) {
    return { ...outcome, balanceMinor: await balance(db, payment) };
  }
  return outcome;
}

type SettleDeps = {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  checkouts: readonly PaidCheckouts[];
  companyTopUps?: CompanyTopUps;
};

/**
 * A company's top-up (its reference names the company): the whole amount goes to the company's
 * account (a personal wallet's cap does not apply: decision 030), through the companies feature
 * (its receipt names the company, a `topup` row in company_charges). No mail: the company's
 * dashboard shows the receipt. `balanceMinor` is -1: the caller reads the company's balance.
 */
async function creditCompany(deps: SettleDeps, tx: Tx, row: PaymentRow, companyId: number) {
  if (!deps.companyTopUps) throw new Error(`company top-up ${row.reference}: no company top-ups wired`);
  const credit = await deps.companyTopUps.credit(servedCountries(deps.db), tx, {
    companyId,
    userId: row.userId,
    provider: row.provider,
    currency: row.currency.trim(),
    amountMinor: row.amountMinor,
    idempotencyKey: `topup:${row.provider}:${row.providerReference}`,
    reference: row.reference,
    at: deps.clock(),
  });
  await repo.updatePayment(tx, row.id, {
    status: "succeeded",
    ledgerTransactionId: credit.transactionId,
    heldMinor: 0,
    verifyLeaseUntil: null,
    failureReason: null,
  });
  return {
    kind: credit.created ? ("credited" as const) : ("already" as const),
    balanceMinor: 0,
    heldMinor: 0,
  };
}

async function already(db: Db, payment: PaymentRow): Promise<SettleOutcome> {
  return { kind: "already", balanceMinor: await balance(db, payment), heldMinor: payment.heldMinor };
}

/**
 * Records a failure on a payment that could still be paid. A decline leaves it payable; a mismatch
 * makes it final, also over an earlier decline. A settled payment stays settled.
 */
async function markFailed(db: Db, payment: PaymentRow, reason: string): Promise<SettleOutcome> {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findById(tx, payment.id, true);
    if (!current || !mayStillBePaid(current.status, current.failureReason)) return current;
    if (current.status === "failed" && reason === DECLINED) return current;
    await repo.updatePayment(tx, payment.id, { status: "failed", failureReason: reason });
    return { ...current, status: "failed" as const, failureReason: reason };
  });
  if (row?.status === "succeeded") return already(db, row);
  return { kind: "failed", reason: failureKind(row?.failureReason ?? reason) };
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** The receipt of a settled top-up (`composeReceiptMail`). */
    receipt: { paymentId: string };
  }
}

declare module "../../jobs/queue" {
  interface JobData {
    /**
     * A top-up credited this driver's wallet in this currency: what waited for money may go on
     * now (the passes feature renews the driver's passes in grace, passes.jobs.ts).
     */
    "passes-topped-up": { userId: string; currency: string };
    /** A top-up paid with `save_card`: its card is asked of the provider and kept (saved-cards.service). */
    "saved-card": { paymentId: string };
  }
}

/** The receipt a mail job sends for a settled top-up; null when the payment is not settled. */
export async function composeReceiptMail(
  d: { db: Db; publicUrl: string; countries: ServedCountries },
  paymentId: string,
): Promise<MailMessage | null> {
  const found = await repo.findForReceipt(d.db, paymentId);
  if (!found || found.payment.status !== "succeeded") return null;
  const { payment, email, language } = found;
  const decimals = d.countries.decimalsOf(payment.currency);
  const money = (minor: number) => moneyText(minor, payment.currency, decimals, language);
  const mail = receiptMail(
    language,
    email,
    {
      amount: money(payment.amountMinor),
      held: payment.heldMinor > 0 ? money(payment.heldMinor) : null,
      provider: payment.provider,
      reference: payment.reference,
      paidAt: payment.updatedAt,
      // On the clock of its currency's country, as its receipt is.
      timeZone: zoneOfCurrency(payment.currency, await d.countries.list()),
    },
    d.publicUrl,
  );
  const ledgerKey = `topup:${payment.provider}:${payment.providerReference}`;
  return withReceiptLine(mail, await receiptLine(d, { ledgerKey }, language === "fr" ? "fr" : "en"));
}
