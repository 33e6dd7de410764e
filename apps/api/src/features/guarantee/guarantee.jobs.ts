/**
 * The space guarantee's work on the job queue: the refund of offers left open when their window
 * starts, and the monthly pass terms a closure owes that were not paid right after its commit.
 */
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { refundDueOffers, type GuaranteeDeps } from "./guarantee.service";
import { oweClosedDaysOfNewTerms, payClosedPassDays } from "./pass-closures.service";

declare module "../../jobs/queue" {
  interface JobData {
    "guarantee-refund": Record<string, never>;
  }
}

export const GUARANTEE_JOBS = [
  // Each minute: an offer still open when its booking's window starts is refunded in full; a pass
  // term paid since its park's closure days were saved (a renewal, a new pass) is owed them; and a
  // pass term a closure owes (its payment after the closure's commit failed or never ran, or owed
  // just before) is paid. One part's failure leaves the others' work done; the run then fails, and
  // is retried.
  registerJob("guarantee-refund", scheduled("* * * * *"), async (_data, d: GuaranteeDeps) => {
    let first: unknown = null;
    for (const part of [
      () => refundDueOffers(d),
      () => oweClosedDaysOfNewTerms(d),
      () => payClosedPassDays(d, null),
    ]) {
      await part().catch((err: unknown) => (first ??= err));
    }
    if (first) throw first;
  }),
];
