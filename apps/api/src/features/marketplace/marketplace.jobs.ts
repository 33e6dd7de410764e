/** The marketplace's work on the job queue (jobs/registration.ts): its orders' e-mails. */
import { registerMail } from "../../jobs/mail-job";
import { composeOrderMail } from "./orders.mail";

export const MARKETPLACE_MAILS = [
  registerMail("order", (job, d: Parameters<typeof composeOrderMail>[0]) => composeOrderMail(d, job)),
];
