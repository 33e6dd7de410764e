/** The reviews feature's work on the job queue (jobs/registration.ts): asking for reviews. */
import type { Db } from "../../db/client";
import { registerMail } from "../../jobs/mail-job";
import { scheduled, type Jobs } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import type { Clock } from "../../lib/clock";
import { composeReviewRequestMail, queueReviewRequests } from "./reviews-request.service";

declare module "../../jobs/queue" {
  interface JobData {
    "reviews-request": Record<string, never>;
  }
}

export const REVIEW_JOBS = [
  // Every 15 minutes: the stays that ended are asked for a review, once each (decision 033).
  registerJob(
    "reviews-request",
    scheduled("*/15 * * * *"),
    (_data, d: { db: Db; clock: Clock; jobs: Jobs }) => queueReviewRequests(d),
  ),
];

export const REVIEW_MAILS = [
  registerMail("review_request", (job, d: Parameters<typeof composeReviewRequestMail>[0]) =>
    composeReviewRequestMail(d, job),
  ),
];
