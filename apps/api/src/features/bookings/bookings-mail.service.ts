/**
 * A booking's e-mails as jobs: the confirmation of each change (queued in the change's own
 * transaction) and the reminders before the start and the end (queued by the reminder job), both
 * composed when the mail job runs, in the driver's language and on the park's clock.
 */
import type { GuaranteeCause } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { MailJob } from "../../jobs/mail-job";
import { queueReminder, type ComposedPush } from "../../jobs/push-job";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import type { MailMessage } from "../../lib/mailer";
import { toMajor } from "../../lib/money";
import { payerNamesOfMoves } from "../companies/company-pay.service";
import { receiptLine, withReceiptLine } from "../receipts/receipts.mail";
import type { ServedCountries } from "../reference/served-countries";
import { bookingMail, reminderMail, reminderPush, type BookingMailTemplate } from "./bookings.mail";
import { bookingViews } from "./bookings-view.service";
import * as repo from "./bookings.repo";
import type { BookingRow } from "./bookings.repo";

export interface BookingMailDeps {
  db: Db;
  /** The served countries' facts, held in memory: a currency's decimals. */
  countries: ServedCountries;
  clock: Clock;
  publicUrl: string;
  qrSecret: string;
}

/** When the reminders go out, before the start and before the end (config: REMINDER_*_MINUTES). */
export interface ReminderLeads {
  beforeStartMinutes: number;
  beforeEndMinutes: number;
}

declare module "../../jobs/mail-job" {
  interface MailKinds {
    booking: {
      template: BookingMailTemplate;
      bookingId: string;
      /**
       * The booking as it was when the change committed (a later change has its own mail); a job
       * queued before a window could move has no start: the booking's own.
       */
      startTime?: string;
      endTime: string;
      paidMinor: number;
      refundMinor: number;
    };
    reminder: { edge: "start" | "end"; bookingId: string; at: string };
  }
}

/**
 * Queues the e-mail of a change in the change's transaction. Each change moves the booking's
 * `moves` counter, so `booking:<id>:<moves>` names the change: the mail's delivery key.
 */
export function queueBookingMail(
  jobs: Jobs,
  tx: Tx,
  b: Pick<BookingRow, "id" | "moves" | "startTime" | "endTime" | "paidMinor">,
  template: BookingMailTemplate,
  refundMinor = 0,
) {
  return jobs.send(tx, "mail", {
    key: `booking:${b.id}:${b.moves}`,
    type: "booking",
    template,
    bookingId: b.id,
    startTime: b.startTime.toISOString(),
    endTime: b.endTime.toISOString(),
    paidMinor: b.paidMinor,
    refundMinor,
  });
}

/**
 * Queues the space guarantee's offer to the driver of a booking a closure or a cut of the park's
 * spaces hit (decisions 058 and 061), in that change's transaction; its own delivery key
 * (`offer:<booking>`): the booking did not change.
 */
export function queueOfferMail(
  jobs: Jobs,
  tx: Tx,
  b: Pick<BookingRow, "id" | "endTime" | "paidMinor">,
  cause: GuaranteeCause,
) {
  return jobs.send(tx, "mail", {
    key: `offer:${b.id}`,
    type: "booking",
    template: cause === "capacity" ? "capacity_offer" : "closure_offer",
    bookingId: b.id,
    endTime: b.endTime.toISOString(),
    paidMinor: b.paidMinor,
    refundMinor: 0,
  });
}

async function presented(d: BookingMailDeps, row: BookingRow, language: "en" | "fr") {
  const [booking] = await bookingViews(d.db, [row], { qrSecret: d.qrSecret, now: d.clock(), language });
  return booking!;
}

/** The confirmation a booking mail job sends, showing the booking as the change left it. */
export async function composeBookingMail(
  d: BookingMailDeps,
  job: Extract<MailJob, { type: "booking" }>,
): Promise<MailMessage | null> {
  const found = await repo.findBookingForMail(d.db, job.bookingId);
  if (!found) return null;
  const { row, email, language } = found;
  const lang = language === "fr" ? "fr" : "en";
  const startTime = job.startTime ? new Date(job.startTime) : row.startTime;
  const b = await presented(
    d,
    { ...row, startTime, endTime: new Date(job.endTime), paidMinor: job.paidMinor },
    lang,
  );
  const refund = toMajor(job.refundMinor, d.countries.decimalsOf(row.currency));
  // The change's ledger move has the mail's key (`booking:<id>:<moves>`): its receipt or credit note.
  const receipt = await receiptLine(d, { ledgerKey: job.key }, lang);
  // A company-paid change has a company_charges row with the same key: the mail names the company.
  const company = (await payerNamesOfMoves(d.db, [job.key])).get(job.key) ?? null;
  return withReceiptLine(bookingMail(job.template, lang, email, b, d.publicUrl, refund, company), receipt);
}

/**
 * The reminder job (every minute, once across processes): marks the bookings whose reminder is
 * due and queues their mails, in one transaction, so a booking is reminded once however many
 * processes run and however often the job is retried. A driver who turned reminders off is skipped.
 */
export async function queueDueReminders(d: { db: Db; clock: Clock; jobs: Jobs }, leads: ReminderLeads) {
  const now = d.clock();
  return d.db.transaction(async (tx) => {
    const due = await repo.markDueReminders(tx, now, leads);
    for (const r of due) {
      await queueReminder(d.jobs, tx, {
        key: `reminder:${r.edge}:${r.id}:${r.at.toISOString()}`,
        type: "reminder",
        edge: r.edge,
        bookingId: r.id,
        at: r.at.toISOString(),
      });
    }
    return due.length;
  });
}

/**
 * A reminder, composed when its mail job runs; null when it no longer applies: the booking was
 * cancelled or completed, its end moved (the new end has its own reminder), or the driver turned
 * reminders off in the meantime.
 */
export async function composeReminderMail(
  d: BookingMailDeps,
  job: Extract<MailJob, { type: "reminder" }>,
): Promise<MailMessage | null> {
  const found = await stillDue(d, job);
  if (!found?.reminders) return null;
  const { row, email, language } = found;
  const lang = language === "fr" ? "fr" : "en";
  return reminderMail(job.edge, lang, email, await presented(d, row, lang), d.publicUrl);
}

/**
 * A reminder's push notification (decision 066), for the driver's devices that chose it, whether
 * or not they get it by e-mail; null when it no longer applies, as the e-mail. A device that was
 * off gets it until the moment it is about, not after.
 */
export async function composeReminderPush(
  d: BookingMailDeps,
  job: Extract<MailJob, { type: "reminder" }>,
): Promise<ComposedPush | null> {
  const found = await stillDue(d, job);
  if (!found) return null;
  const { row, language } = found;
  const lang = language === "fr" ? "fr" : "en";
  return {
    userId: row.userId,
    reminder: job.edge === "start" ? "booking_start" : "booking_end",
    message: reminderPush(job.edge, lang, await presented(d, row, lang), d.publicUrl),
    ttlSeconds: Math.max(60, Math.floor((new Date(job.at).getTime() - d.clock().getTime()) / 1000)),
  };
}

/** The booking of a reminder while it still applies: active, its start or end where it was, ahead. */
async function stillDue(d: BookingMailDeps, job: Extract<MailJob, { type: "reminder" }>) {
  const found = await repo.findBookingForMail(d.db, job.bookingId);
  if (!found) return null;
  const at = new Date(job.at);
  const edgeTime = job.edge === "start" ? found.row.startTime : found.row.endTime;
  if (found.row.status !== "active" || edgeTime.getTime() !== at.getTime() || at <= d.clock()) return null;
  return found;
}
