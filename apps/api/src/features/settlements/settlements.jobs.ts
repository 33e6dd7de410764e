/** The settlements feature's work on the job queue (jobs/registration.ts): closing periods, their e-mails. */
import type { Db } from "../../db/client";
import { registerMail } from "../../jobs/mail-job";
import { scheduled, type Jobs } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import type { Clock } from "../../lib/clock";
import { closeDuePeriods, composeStatementMail } from "./settlements.service";

declare module "../../jobs/queue" {
  interface JobData {
    "settlements-close": Record<string, never>;
  }
}

export const SETTLEMENT_JOBS = [
  // Twice an hour (:05, :35): every operator's statement periods that ended (on its country's clock; a
  // period ends at a midnight, some zones are half an hour off UTC) are closed, in order.
  registerJob(
    "settlements-close",
    scheduled("5,35 * * * *"),
    async (_data, d: { db: Db; clock: Clock; jobs: Jobs }) => {
      await closeDuePeriods(d, d.clock());
    },
  ),
];

export const SETTLEMENT_MAILS = [
  registerMail("settlement_statement", (job, d: Parameters<typeof composeStatementMail>[0]) =>
    composeStatementMail(d, job),
  ),
];
