/** The payments feature's work on the job queue (jobs/registration.ts): expiry and receipts. */
import { registerMail } from "../../jobs/mail-job";
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { composeReceiptMail } from "./settle.service";

declare module "../../jobs/queue" {
  interface JobData {
    "payments-expire": Record<string, never>;
  }
}

export const PAYMENT_JOBS = [
  // Every 5 minutes: unfinished top-ups past their time are expired (expire.service, given by the
  // app with the payment providers and the configuration it needs).
  registerJob(
    "payments-expire",
    scheduled("*/5 * * * *"),
    (_data, d: { expirePayments: () => Promise<unknown> }) => d.expirePayments(),
  ),
];

export const PAYMENT_MAILS = [
  registerMail("receipt", (job, d: Parameters<typeof composeReceiptMail>[0]) =>
    composeReceiptMail(d, job.paymentId),
  ),
];
