/** The payments feature's work on the job queue (jobs/registration.ts): expiry, receipts, saved cards and reloads. */
import { registerMail } from "../../jobs/mail-job";
import { scheduled, type QueueSpec } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import { composeReloadPausedMail } from "./auto-reload.service";
import { rememberCard } from "./saved-cards.service";
import { composeReceiptMail } from "./settle.service";

declare module "../../jobs/queue" {
  interface JobData {
    "payments-expire": Record<string, never>;
    "auto-reloads": Record<string, never>;
  }
}

/** Asking a provider for a card: a few quick retries, then the dead-letter queue for an admin. */
const CARD_QUEUE: QueueSpec = {
  retryLimit: 5,
  retryDelay: 10,
  retryDelayMax: 300,
  expireInSeconds: 120,
  concurrency: 2,
};

export const PAYMENT_JOBS = [
  // Every 5 minutes: unfinished top-ups past their time are expired (expire.service, given by the
  // app with the payment providers and the configuration it needs).
  registerJob(
    "payments-expire",
    scheduled("*/5 * * * *"),
    (_data, d: { expirePayments: () => Promise<unknown> }) => d.expirePayments(),
  ),
  // Every minute: wallets under their automatic reload's threshold are reloaded (decision 069).
  registerJob("auto-reloads", scheduled("* * * * *"), (_data, d: { autoReloads: () => Promise<unknown> }) =>
    d.autoReloads(),
  ),
  // A top-up paid with "save my card": the card is asked of the provider and kept.
  registerJob("saved-card", CARD_QUEUE, (data, d: Parameters<typeof rememberCard>[0]) =>
    rememberCard(d, data.paymentId),
  ),
];

export const PAYMENT_MAILS = [
  registerMail("receipt", (job, d: Parameters<typeof composeReceiptMail>[0]) =>
    composeReceiptMail(d, job.paymentId),
  ),
  registerMail("auto-reload-paused", (job, d: Parameters<typeof composeReloadPausedMail>[0]) =>
    composeReloadPausedMail(d, job.paymentId),
  ),
];
