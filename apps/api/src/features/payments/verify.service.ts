import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { toMajor, toMinor } from "../../lib/money";
import type { ServedCountries } from "../reference/served-countries";
import { companyOfTopUp, EXPIRED, failureKind, mayStillBePaid, type FailureKind } from "./payments.domain";
import type { CompanyTopUps } from "./company-top-ups";
import { paidCheckoutOf, type PaidCheckouts } from "./paid-checkouts";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { providerFailure } from "./provider-errors";
import type { TransferEvent } from "./providers/transfers";
import type { Payments } from "./registry";
import { balance, settle, type SettleOutcome } from "./settle.service";

export interface PaymentDeps {
  db: Db;
  payments: Payments;
  clock: Clock;
  /** The served countries: gateways and currency decimals (decision 018). */
  countries: ServedCountries;
  /** Where a settled top-up's receipt is queued. */
  jobs: Jobs;
  /** The kinds of purchase a top-up may pay the difference for (paid-checkouts.ts), wired by the app. */
  checkouts: readonly PaidCheckouts[];
  /** Credits a company's top-up (company-top-ups.ts), wired by the app; without it one fails. */
  companyTopUps?: CompanyTopUps;
  /**
   * Settles a payout's transfer event (issue #65: the payouts feature's, wired by the app); its
   * answer is the outcome's name. A failure is a 500, so the provider delivers the event again.
   */
  payoutEvents?: (provider: ProviderName, event: TransferEvent) => Promise<string>;
}

export const IN_PROGRESS = "Payment verification already in progress";
export const NOT_COMPLETED = "Payment has not been completed yet";

/**
 * The answer while another verification of the payment holds its lease (verify, credit, a
 * company's top-up verify alike): pending, "in progress"; `verifying` says so whatever the
 * message's language.
 */
export const inProgress = <D extends object>(data: D) => ({
  status: "pending" as const,
  message: IN_PROGRESS,
  data: { ...data, verifying: true },
});
const LEASE_MS = 60_000;

type ProviderName = PaymentRow["provider"];

export async function findPayment(db: Db, userId: string, reference: string, provider?: ProviderName) {
  const payment = await repo.findForUser(db, userId, reference, provider);
  if (!payment) throw AppError.notFound("Payment not found", "payment_not_found");
  return payment;
}

/** The amount a client names must be the one initialised (tampering moves nothing). */
export function checkAmount(payment: PaymentRow, decimals: number, amount: number | undefined): void {
  if (amount === undefined) return;
  if (toMinor(amount, decimals) !== payment.amountMinor) {
    throw AppError.validation({ amount: "The amount does not match this payment" });
  }
}

/**
 * Asks the provider and settles, under a short lease so that concurrent verifications of one
 * payment make one provider call; the others answer "in progress". No transaction is open while
 * the provider is called.
 */
export async function confirmWithProvider(
  deps: PaymentDeps,
  payment: PaymentRow,
): Promise<SettleOutcome | { kind: "busy" }> {
  const now = deps.clock();
  if (!(await repo.claimLease(deps.db, payment.id, now, new Date(now.getTime() + LEASE_MS)))) {
    const current = await repo.findById(deps.db, payment.id);
    if (current?.status === "succeeded") {
      return { kind: "already", balanceMinor: await balance(deps.db, current), heldMinor: current.heldMinor };
    }
    if (current && !mayStillBePaid(current.status, current.failureReason)) {
      return { kind: "failed", reason: failureKind(current.failureReason) };
    }
    return { kind: "busy" };
  }
  try {
    const adapter = deps.payments.get(payment.provider);
    if (!adapter || !payment.providerReference) {
      throw new AppError(503, "payments_unavailable", "This payment's provider is not available right now");
    }
    let reported;
    try {
      reported = await adapter.retrieve({
        reference: payment.reference,
        providerReference: payment.providerReference,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        userId: payment.userId,
      });
    } catch (err) {
      throw providerFailure(err);
    }
    return await settle(deps, payment, reported);
  } finally {
    await repo.releaseLease(deps.db, payment.id);
  }
}

/** `decimals`: the ISO 4217 exponent of the payment's currency (its country's). */
function describe(
  payment: PaymentRow,
  decimals: number,
  settled?: { balanceMinor: number; heldMinor: number },
) {
  return {
    reference: payment.reference,
    provider: payment.provider,
    amount: toMajor(payment.amountMinor, decimals),
    currency: payment.currency,
    ...(settled ? { new_balance: toMajor(settled.balanceMinor, decimals) } : {}),
    ...(settled?.heldMinor ? { held: toMajor(settled.heldMinor, decimals) } : {}),
  };
}

/** Said when part of a payment did not fit under the wallet's cap. */
export const HELD =
  "Your wallet was credited up to its limit; the rest is held and our support team will return it to you";

/** Said of a top-up the expiry job closed while it was still unpaid (payments.domain EXPIRED). */
export const EXPIRED_TEXT = "This top-up expired before it was paid; nothing was credited";

const isExpired = (payment: PaymentRow) => payment.status === "failed" && payment.failureReason === EXPIRED;

function failed(outcome: { reason: FailureKind }): AppError {
  if (outcome.reason === "expired") return new AppError(422, "payment_expired", EXPIRED_TEXT);
  return outcome.reason === "mismatch"
    ? new AppError(
        422,
        "payment_mismatch",
        "The payment does not match what was initialised; nothing was credited",
      )
    : new AppError(422, "payment_failed", "The payment failed or was cancelled; nothing was credited");
}

type TopUpAnswer = Awaited<ReturnType<typeof verifyTopUp>>;

export const COMPANY_CREDITED = "Payment verified and the company's wallet was credited";

/**
 * A company's top-up verified on the wallet's routes (the member who started it): what is credited
 * is the company's account, so the answer says so and gives the company's balance, to an owner or
 * admin only (a member since made a plain one, or removed, gets the answer without a balance).
 * Never the member's own wallet.
 */
async function asCompanyTopUp(
  deps: PaymentDeps,
  companyId: number,
  userId: string,
  payment: PaymentRow,
  decimals: number,
  result: TopUpAnswer,
): Promise<TopUpAnswer> {
  // Pending: the answer has no balance yet.
  if (result.status !== "success") return result;
  const { new_balance: _personal, held: _held, ...data } = result.data;
  const seen = await deps.companyTopUps?.balanceSeenBy(deps.db, companyId, userId, payment.currency);
  return {
    ...result,
    message: data.credited ? COMPANY_CREDITED : result.message,
    data: { ...data, ...(seen == null ? {} : { new_balance: toMajor(seen, decimals) }) },
  };
}

/** POST /wallet/verify-payment: credits once; a credited reference answers success again. */
export async function verifyPayment(
  deps: PaymentDeps,
  userId: string,
  query: { reference: string; provider?: ProviderName | undefined; amount?: number | undefined },
) {
  const payment = await findPayment(deps.db, userId, query.reference, query.provider);
  const decimals = await deps.countries.currencyDecimals(payment.currency);
  checkAmount(payment, decimals, query.amount);
  const companyId = companyOfTopUp(payment.reference);
  if (companyId !== null) {
    return asCompanyTopUp(
      deps,
      companyId,
      userId,
      payment,
      decimals,
      await verifyTopUp(deps, payment, decimals),
    );
  }
  const result = await verifyTopUp(deps, payment, decimals);
  const paid = await paidCheckoutOf(deps.checkouts, deps.db, payment.id);
  if (!paid) return result;
  const outcome = await paid.kind.outcome(deps.db, paid.row, deps.clock());
  const data = { ...result.data, ...outcome.data };
  if (result.status !== "success") return { ...result, data };
  return { ...result, message: outcome.message(result.message), data };
}

async function verifyTopUp(deps: PaymentDeps, payment: PaymentRow, decimals: number) {
  const outcome = await confirmWithProvider(deps, payment);
  switch (outcome.kind) {
    case "credited":
      return {
        status: "success" as const,
        message: outcome.heldMinor
          ? `Payment verified. ${HELD}`
          : "Payment verified and your wallet was credited",
        data: { ...describe(payment, decimals, outcome), credited: true },
      };
    case "already":
      return {
        status: "success" as const,
        message: outcome.heldMinor ? `Payment already verified. ${HELD}` : "Payment already verified",
        data: { ...describe(payment, decimals, outcome), credited: false },
      };
    case "busy":
      return inProgress(describe(payment, decimals));
    case "pending":
      // An expired top-up the provider still calls unpaid is over for the customer (paying it now
      // would still credit it, but a new top-up is what they should start).
      if (isExpired(payment)) throw failed({ reason: "expired" });
      return { status: "pending" as const, message: NOT_COMPLETED, data: describe(payment, decimals) };
    case "failed":
      throw failed(outcome);
  }
}

/**
 * POST /wallet/credit: only a confirmed provider payment of the caller, not yet credited. While
 * another verification of the payment holds its lease, it answers as verify does: pending,
 * "in progress" (that verification is the one that may credit it).
 */
export async function creditPayment(
  deps: PaymentDeps,
  userId: string,
  query: { reference: string; amount: number },
) {
  const payment = await findPayment(deps.db, userId, query.reference);
  const decimals = await deps.countries.currencyDecimals(payment.currency);
  checkAmount(payment, decimals, query.amount);
  const already = new AppError(409, "already_credited", "This payment has already been credited");
  if (payment.status === "succeeded") throw already;
  const outcome = await confirmWithProvider(deps, payment);
  if (outcome.kind === "credited") {
    const result = {
      status: "success" as const,
      message: outcome.heldMinor ? HELD : "Your wallet was credited",
      data: { ...describe(payment, decimals, outcome), credited: true },
    };
    const companyId = companyOfTopUp(payment.reference);
    return companyId === null ? result : asCompanyTopUp(deps, companyId, userId, payment, decimals, result);
  }
  if (outcome.kind === "busy") {
    return inProgress(describe(payment, decimals));
  }
  if (outcome.kind === "already") throw already;
  if (outcome.kind === "failed") throw failed(outcome);
  if (isExpired(payment)) throw failed({ reason: "expired" });
  throw new AppError(
    409,
    "payment_not_confirmed",
    "The payment has not been confirmed by the provider; nothing was credited",
  );
}
