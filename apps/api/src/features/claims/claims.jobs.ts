/** The claims feature's work on the job queue (jobs/registration.ts): the decision's e-mail. */
import { registerMail } from "../../jobs/mail-job";
import { composeClaimMail, type ClaimMailDeps } from "./claims.mail";
import "./claims.service";

export const CLAIM_MAILS = [
  registerMail("claim_decided", (job, d: ClaimMailDeps) => composeClaimMail(d, job)),
];
