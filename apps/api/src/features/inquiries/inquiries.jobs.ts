/** The inquiries feature's work on the job queue (jobs/registration.ts): the team's copy. */
import { registerMail } from "../../jobs/mail-job";
import { composeInquiryMail } from "./inquiries.service";

export const INQUIRY_MAILS = [
  registerMail("inquiry", (job, d: Parameters<typeof composeInquiryMail>[0]) =>
    composeInquiryMail(d, job.kind, job.inquiryId),
  ),
];
