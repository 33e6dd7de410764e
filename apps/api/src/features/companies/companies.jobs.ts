/** The companies feature's work on the job queue (jobs/registration.ts): its e-mails. */
import { registerMail } from "../../jobs/mail-job";
import { composeCompanyVerifyMail } from "./companies.service";
import { composeCompanyInvitationMail } from "./company-invitations.service";

export const COMPANY_MAILS = [
  registerMail("company_verify", (job, d: Parameters<typeof composeCompanyVerifyMail>[0]) =>
    composeCompanyVerifyMail(d, job.companyId, job.language),
  ),
  registerMail("company_invitation", (job, d: Parameters<typeof composeCompanyInvitationMail>[0]) =>
    composeCompanyInvitationMail(d, job.invitationId, job.language),
  ),
];
