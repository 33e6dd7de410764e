/** The monthly passes' work on the job queue (jobs/registration.ts): renewals and their e-mails. */
import type { Clock } from "../../lib/clock";
import { registerMail } from "../../jobs/mail-job";
import { registerPush } from "../../jobs/push-job";
import { scheduled } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import {
  composePassMail,
  composePassPush,
  renewAfterTopUp,
  renewDuePasses,
  type PassMailDeps,
  type RenewalDeps,
} from "./passes-renewal.service";

declare module "../../jobs/queue" {
  interface JobData {
    "passes-renew": Record<string, never>;
  }
}

export const PASS_JOBS = [
  // Each minute: monthly passes whose term ended are renewed, put in grace, or ended.
  registerJob("passes-renew", scheduled("* * * * *"), (_data, d: RenewalDeps) => renewDuePasses(d)),
  // A top-up (payments' `passes-topped-up`): the driver's passes in grace in its currency renew now.
  registerJob(
    "passes-topped-up",
    { retryLimit: 5, retryDelay: 10, retryDelayMax: 300, expireInSeconds: 300, concurrency: 1 },
    (job, d: RenewalDeps) => renewAfterTopUp(d, job.userId, job.currency),
  ),
];

export const PASS_MAILS = [registerMail("pass", (job, d: PassMailDeps) => composePassMail(d, job))];

export const PASS_PUSHES = [
  registerPush("pass", (job, d: PassMailDeps & { clock: Clock }) => composePassPush(d, job)),
];
