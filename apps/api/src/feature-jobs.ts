/**
 * The one list of the queue's work: the queue's own jobs and every feature's registrations (each
 * feature's `<feature>.jobs.ts`). A new kind of job or mail is declared and registered in its
 * feature's folder and added here; nothing under jobs/ names a feature. The app gives the
 * registrations their dependencies (app.ts), and `migrateWithJobs` installs their queues.
 */
import { migrate, MIGRATIONS_DIR } from "./db/migrate";
import type { Database } from "./db/client";
import { ACCOUNT_MAILS } from "./features/accounts/accounts.jobs";
import { PEOPLE_MAILS } from "./features/admin/people/people.jobs";
import { BOOKING_JOBS, BOOKING_MAILS, BOOKING_PUSHES } from "./features/bookings/bookings.jobs";
import { CLAIM_MAILS } from "./features/claims/claims.jobs";
import { COMPANY_MAILS } from "./features/companies/companies.jobs";
import { DEMO_JOBS } from "./features/demo/demo.jobs";
import { GUARANTEE_JOBS } from "./features/guarantee/guarantee.jobs";
import { INQUIRY_MAILS } from "./features/inquiries/inquiries.jobs";
import { MARKETPLACE_MAILS } from "./features/marketplace/marketplace.jobs";
import { PASS_JOBS, PASS_MAILS, PASS_PUSHES } from "./features/passes/passes.jobs";
import { PAYMENT_JOBS, PAYMENT_MAILS } from "./features/payments/payments.jobs";
import { PAYOUT_JOBS, PAYOUT_MAILS } from "./features/payouts/payouts.jobs";
import { RECEIPT_JOBS } from "./features/receipts/receipts.jobs";
import { REVIEW_JOBS, REVIEW_MAILS } from "./features/reviews/reviews.jobs";
import { SETTLEMENT_JOBS, SETTLEMENT_MAILS } from "./features/settlements/settlements.jobs";
import {
  VEHICLE_DOC_JOBS,
  VEHICLE_DOC_MAILS,
  VEHICLE_DOC_PUSHES,
} from "./features/vehicle-docs/vehicle-docs.jobs";
import { QUEUE_JOBS, type MailType } from "./jobs/mail-job";
import { PUSH_JOBS } from "./jobs/push-job";
import { installJobs, type JobName, type QueueSpec } from "./jobs/queue";

export const JOBS = [
  ...QUEUE_JOBS,
  ...PUSH_JOBS,
  ...BOOKING_JOBS,
  ...PAYMENT_JOBS,
  ...DEMO_JOBS,
  ...PASS_JOBS,
  ...VEHICLE_DOC_JOBS,
  ...REVIEW_JOBS,
  ...RECEIPT_JOBS,
  ...SETTLEMENT_JOBS,
  ...PAYOUT_JOBS,
  ...GUARANTEE_JOBS,
];

export const MAILS = [
  ...ACCOUNT_MAILS,
  ...BOOKING_MAILS,
  ...PASS_MAILS,
  ...MARKETPLACE_MAILS,
  ...VEHICLE_DOC_MAILS,
  ...PAYMENT_MAILS,
  ...PEOPLE_MAILS,
  ...INQUIRY_MAILS,
  ...REVIEW_MAILS,
  ...COMPANY_MAILS,
  ...SETTLEMENT_MAILS,
  ...PAYOUT_MAILS,
  ...CLAIM_MAILS,
];

/** The mails that are also push notifications (jobs/push-job.ts): the reminders. */
export const PUSHES = [...BOOKING_PUSHES, ...PASS_PUSHES, ...VEHICLE_DOC_PUSHES];

/** Each queue's settings, by name. */
export const QUEUES = Object.fromEntries(JOBS.map((job) => [job.name, job.queue])) as Record<
  JobName,
  QueueSpec
>;

// Every declared kind has its registration here, or this does not compile (the missing kind is
// named in the error): a job queued that no worker would ever take is caught before it is written.
type Unregistered<All extends string, Registered> = Record<Exclude<All, Registered>, never>;
export const everyJobRegistered: Unregistered<JobName, (typeof JOBS)[number]["name"]> = {};
export const everyMailRegistered: Unregistered<MailType, (typeof MAILS)[number]["type"]> = {};

/**
 * Applies the migrations, then installs or updates pg-boss and every queue of JOBS under the same
 * lock (on PostgreSQL, on the migration's connection): what each process, script and test database
 * runs before use.
 */
export function migrateWithJobs(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  return migrate(database, migrationsFolder, (connection) => installJobs(database, JOBS, connection));
}
