/** The vehicle documents feature's work on the job queue (jobs/registration.ts): its jobs and e-mails. */
import type { Db } from "../../db/client";
import { registerMail } from "../../jobs/mail-job";
import { registerPush } from "../../jobs/push-job";
import { scheduled, type Jobs } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import type { Clock } from "../../lib/clock";
import type { PrivateFileStorage } from "../../lib/private-files";
import { purgeVehicleDocFiles } from "./vehicle-docs-files.service";
import { composeExpiryReminderMail, composeExpiryReminderPush } from "./vehicle-docs-reminders.mail";
import { queueExpiryReminders } from "./vehicle-docs-reminders.service";
import { composeVehicleDocMail, type VehicleDocMailDeps } from "./vehicle-docs.mail";

declare module "../../jobs/queue" {
  interface JobData {
    "vehicle-docs-remind": Record<string, never>;
    "vehicle-docs-purge": Record<string, never>;
  }
}

export const VEHICLE_DOC_JOBS = [
  // Every 15 minutes: the papers expiring within 30 or 7 days (Nigeria's calendar) are reminded.
  registerJob(
    "vehicle-docs-remind",
    scheduled("*/15 * * * *"),
    (_data, d: { db: Db; clock: Clock; jobs: Jobs }) => queueExpiryReminders(d),
  ),
  // Daily: the files of vehicle document requests closed 90 days ago are deleted (decision 032).
  registerJob(
    "vehicle-docs-purge",
    scheduled("41 2 * * *"),
    (_data, d: { db: Db; clock: Clock; privateFiles: PrivateFileStorage }) =>
      purgeVehicleDocFiles(d.db, d.privateFiles, d.clock),
  ),
];

export const VEHICLE_DOC_MAILS = [
  registerMail("vehicle_docs", (job, d: VehicleDocMailDeps) => composeVehicleDocMail(d, job)),
  registerMail("vehicle_doc_expiry", (job, d: Parameters<typeof composeExpiryReminderMail>[0]) =>
    composeExpiryReminderMail(d, job),
  ),
];

export const VEHICLE_DOC_PUSHES = [
  registerPush("vehicle_doc_expiry", (job, d: Parameters<typeof composeExpiryReminderPush>[0]) =>
    composeExpiryReminderPush(d, job),
  ),
];
