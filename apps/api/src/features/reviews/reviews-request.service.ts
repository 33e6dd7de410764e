/**
 * The e-mail asking a driver to review a stay (decision 033): the scheduled job `reviews-request`
 * claims the stays that ended (checked out, or the window over) within the last day and queues one
 * mail job each, in one transaction, so each booking is asked once however often the job runs.
 * Drivers who turned booking e-mails off (`users.booking_reminders`) are never asked. The mail is
 * composed when its job runs, in the driver's language, and sends nothing when the stay was
 * reviewed (or cancelled, or the account disabled, or e-mails turned off) meanwhile.
 */
import { dayOnClock } from "@parkwell/contract";
import type { Db } from "../../db/client";
import type { MailJob } from "../../jobs/mail-job";
import type { Jobs } from "../../jobs/queue";
import type { Clock } from "../../lib/clock";
import { renderMail, type LaidOutMail } from "../../lib/mail-layout";
import type { MailMessage } from "../../lib/mailer";
import { fillAll, mailTexts } from "../../lib/texts";
import { bookingForRequest, claimReviewRequests } from "./reviews.repo";

/** Stays that ended longer ago than this are not asked (nor, on the first run, older bookings). */
export const REVIEW_REQUEST_LOOKBACK_HOURS = 24;

declare module "../../jobs/mail-job" {
  interface MailKinds {
    /** Ask the driver to review the stay of this booking, once (decision 033). */
    review_request: { bookingId: string };
  }
}

export async function queueReviewRequests(d: { db: Db; clock: Clock; jobs: Jobs }): Promise<number> {
  const now = d.clock();
  return d.db.transaction(async (tx) => {
    const due = await claimReviewRequests(tx, now, REVIEW_REQUEST_LOOKBACK_HOURS);
    for (const bookingId of due) {
      await d.jobs.send(tx, "mail", {
        key: `review_request:${bookingId}`,
        type: "review_request",
        bookingId,
      });
    }
    return due.length;
  });
}

/** "November 2026" / "novembre 2026" from "2026-11". */
function monthText(month: string, lang: "en" | "fr"): string {
  return new Intl.DateTimeFormat(lang === "fr" ? "fr-FR" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T12:00:00Z`));
}

/** Where the driver writes the review: the booking's page, which opens its review form. */
export const reviewLink = (publicUrl: string, bookingCode: string) =>
  `${publicUrl}/booking-details/${encodeURIComponent(bookingCode)}?review=1`;

export function reviewRequestMail(
  lang: "en" | "fr",
  to: string,
  o: { firstName: string; park: string; month: string; link: string },
): LaidOutMail {
  const month = monthText(o.month, lang);
  const t = fillAll(mailTexts(lang).reviewRequest, { park: o.park, name: o.firstName, month });
  return renderMail(to, {
    language: lang,
    subject: t.subject,
    greeting: t.hello,
    paragraphs: [t.ask],
    action: { label: t.action, url: o.link },
  });
}

export async function composeReviewRequestMail(
  d: { db: Db; publicUrl: string },
  job: Extract<MailJob, { type: "review_request" }>,
): Promise<MailMessage | null> {
  const b = await bookingForRequest(d.db, job.bookingId);
  if (!b || b.status === "cancelled" || b.reviewed || !b.reminders || b.disabled) return null;
  return reviewRequestMail(b.language === "fr" ? "fr" : "en", b.email, {
    firstName: b.first_name,
    park: b.park_name,
    month: dayOnClock(new Date(b.start_time), b.time_zone).slice(0, 7),
    link: reviewLink(d.publicUrl, b.booking_code),
  });
}
