/**
 * The expiry of top-ups never finished at their provider, run by a scheduled job. A payment still
 * initialized or pending PAYMENT_EXPIRE_MINUTES after it started is asked about one last time
 * through the same lease, provider call and settle() as a customer's verify (confirmWithProvider):
 * paid is credited, a decline or a mismatch fails as usual, and one the provider still calls unpaid
 * is expired: failed with reason `expired` (payments.domain EXPIRED). An expired top-up gives its
 * room under the wallet's cap back, and a later verify, redirect or signed webhook reporting it
 * paid still credits it, once.
 *
 * Safe on any number of processes at once, and to run twice: a payment is asked about under its
 * verification lease (a payment another run or a customer is verifying is left for later), settle()
 * credits at most once, and expiring is a conditional update that never overtakes a settlement or
 * a verification in progress.
 *
 * A provider that cannot be reached (timeout, 5xx, no keys any more) is not asked again in the same
 * run: its payments wait for a later run, and one still unfinished UNREACHABLE_GRACE_MS past its
 * expiry is expired without the provider's word. A provider that refuses the question about one
 * payment is asked about the others; that one waits the same way.
 */
import { PAYMENT_PROVIDERS } from "@parkwell/contract";
import type { Config } from "../../config";
import { AppError } from "../../lib/app-error";
import { EXPIRY_BATCH, expiresUnasked, expiryCutoff } from "./payments.domain";
import * as repo from "./payments.repo";
import type { PaymentRow } from "./payments.repo";
import { confirmWithProvider, type PaymentDeps } from "./verify.service";

/** What one expiry run did, for the job's log. */
export interface ExpiryRun {
  /** Payments whose provider was asked about them, whether it answered or not. */
  asked: number;
  /** Payments the provider reported paid, credited by this run. */
  credited: number;
  /** Payments this run marked expired. */
  expired: number;
  /** Payments the provider reported failed or not matching: failed as usual. */
  failed: number;
  /** Payments left for a later run: their provider did not answer, or a verification held them. */
  left: number;
}

/** confirmWithProvider's errors when the provider could not be reached or did not answer in time. */
const UNREACHABLE = new Set(["provider_unavailable", "provider_timeout"]);
/** Its error when the provider answered with a refusal (provider-errors.ts). */
const REFUSED = "provider_error";

const isUnfinished = (row: PaymentRow | null): row is PaymentRow =>
  row?.status === "initialized" || row?.status === "pending";

/**
 * One run: for each provider, its oldest payments still unfinished past the expiry (at most
 * EXPIRY_BATCH), one at a time, so a run stays short and one provider's outage or backlog never
 * holds up another's.
 */
export async function expireUnfinishedPayments(
  deps: PaymentDeps,
  config: Pick<Config, "PAYMENT_EXPIRE_MINUTES">,
): Promise<ExpiryRun> {
  const run: ExpiryRun = { asked: 0, credited: 0, expired: 0, failed: 0, left: 0 };
  const now = deps.clock();
  const minutes = config.PAYMENT_EXPIRE_MINUTES;

  const expire = async (row: PaymentRow) => {
    if (await repo.expirePayment(deps.db, row.id, deps.clock())) run.expired++;
  };
  // The provider's word is missing: the payment waits, unless it has waited long enough.
  const unanswered = async (row: PaymentRow) => {
    if (expiresUnasked(row.createdAt, now, minutes)) await expire(row);
    else run.left++;
  };

  for (const provider of PAYMENT_PROVIDERS) {
    const rows = await repo.findUnfinished(deps.db, provider, expiryCutoff(now, minutes), EXPIRY_BATCH);
    const adapter = deps.payments.get(provider);
    let reachable = adapter !== null;
    for (const listed of rows) {
      // Another run or a customer may have settled or expired it since the list was read.
      const row = await repo.findById(deps.db, listed.id);
      if (!isUnfinished(row)) continue;
      // Never opened at a provider (its start failed or never finished), or a demo checkout nobody
      // came back from: there is nobody to ask.
      if (!row.providerReference || adapter?.paidWhenAsked) {
        await expire(row);
        continue;
      }
      if (!reachable) {
        await unanswered(row);
        continue;
      }
      run.asked++;
      let outcome;
      try {
        outcome = await confirmWithProvider(deps, row);
      } catch (err) {
        if (!(err instanceof AppError) || !(UNREACHABLE.has(err.code) || err.code === REFUSED)) throw err;
        // A provider that is down would make every other question wait for the timeout too.
        if (err.code !== REFUSED) reachable = false;
        await unanswered(row);
        continue;
      }
      switch (outcome.kind) {
        case "credited":
          run.credited++;
          break;
        case "failed":
          // An expired one was expired by another run meanwhile.
          if (outcome.reason !== "expired") run.failed++;
          break;
        case "busy":
          run.left++;
          break;
        case "pending":
          await expire(row);
          break;
        case "already":
          break;
      }
    }
  }
  return run;
}
