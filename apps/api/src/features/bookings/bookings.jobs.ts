/** The bookings feature's work on the job queue (jobs/registration.ts): its jobs and e-mails. */
import type { Db } from "../../db/client";
import { registerMail } from "../../jobs/mail-job";
import { registerPush } from "../../jobs/push-job";
import { scheduled, type Jobs } from "../../jobs/queue";
import { registerJob } from "../../jobs/registration";
import type { Clock } from "../../lib/clock";
import type { BookingDeps } from "./booking-core.service";
import {
  composeBookingMail,
  composeReminderMail,
  composeReminderPush,
  queueDueReminders,
  type BookingMailDeps,
  type ReminderLeads,
} from "./bookings-mail.service";
import { completeEndedBookings } from "./bookings.service";
import { cancelEventBookings } from "./event-cancellation.service";
import { expireHolds } from "./hold.service";

declare module "../../jobs/queue" {
  interface JobData {
    "bookings-complete": Record<string, never>;
    "bookings-remind": Record<string, never>;
  }
}

export const BOOKING_JOBS = [
  // Each minute: the bookings that ended are completed, and the holds past their expiry marked.
  registerJob(
    "bookings-complete",
    scheduled("* * * * *"),
    async (_data, d: { db: Db; clock: Clock }) =>
      (await completeEndedBookings(d.db, d.clock)) + (await expireHolds(d.db, d.clock)),
  ),
  registerJob(
    "bookings-remind",
    scheduled("* * * * *"),
    (_data, d: { db: Db; clock: Clock; jobs: Jobs; reminders: ReminderLeads }) =>
      queueDueReminders(d, d.reminders),
  ),
  registerJob(
    "events-cancel",
    { retryLimit: 20, retryDelay: 5, retryDelayMax: 600, expireInSeconds: 300, concurrency: 1 },
    (job, d: BookingDeps) => cancelEventBookings(d, job.eventId),
  ),
];

export const BOOKING_MAILS = [
  registerMail("booking", (job, d: BookingMailDeps) => composeBookingMail(d, job)),
  registerMail("reminder", (job, d: BookingMailDeps) => composeReminderMail(d, job)),
];

export const BOOKING_PUSHES = [
  registerPush("reminder", (job, d: BookingMailDeps) => composeReminderPush(d, job)),
];
