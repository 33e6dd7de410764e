/** The payouts feature's work on the job queue (jobs/registration.ts): the payouts run and the account's confirmation mail. */
import { registerMail } from "../../jobs/mail-job";
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { composeConfirmMail } from "./payout-accounts.service";
import { runPayouts, type PayoutDeps } from "./payouts.service";

declare module "../../jobs/queue" {
  interface JobData {
    "payouts-run": Record<string, never>;
  }
}

export const PAYOUT_JOBS = [
  // Every 5 minutes: a payout for each statement that became payable, payouts due sent, sent ones asked about.
  registerJob("payouts-run", scheduled("*/5 * * * *"), (_data, d: { payouts: PayoutDeps }) =>
    runPayouts(d.payouts),
  ),
];

export const PAYOUT_MAILS = [
  registerMail("payout_account_confirm", (job, d: Parameters<typeof composeConfirmMail>[0]) =>
    composeConfirmMail(d, job.accountId, job.language),
  ),
];
