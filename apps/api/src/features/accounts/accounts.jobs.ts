/** The accounts feature's work on the job queue (jobs/registration.ts): its e-mails. */
import { registerMail } from "../../jobs/mail-job";
import { composeAccountMail } from "./accounts.service";

export const ACCOUNT_MAILS = [
  registerMail("account", (job, d: Parameters<typeof composeAccountMail>[0]) =>
    composeAccountMail(d, job.userId, job.template),
  ),
];
