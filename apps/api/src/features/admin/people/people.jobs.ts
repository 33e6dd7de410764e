/** The back office's people area on the job queue (jobs/registration.ts): staff invitations. */
import { registerMail } from "../../../jobs/mail-job";
import { composeInvitationMail } from "./staff.service";

export const PEOPLE_MAILS = [
  registerMail("invitation", (job, d: Parameters<typeof composeInvitationMail>[0]) =>
    composeInvitationMail(d, job.invitationId, job.language),
  ),
];
