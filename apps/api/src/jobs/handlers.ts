/** What each queue's job does: the features' work, given what it needs. */
import type { Db } from "../db/client";
import { composeAccountMail } from "../features/accounts/accounts.service";
import { composeInvitationMail } from "../features/admin/people/staff.service";
import { composeCompanyInvitationMail } from "../features/companies/company-invitations.service";
import { composeCompanyVerifyMail } from "../features/companies/companies.service";
import { composeInquiryMail } from "../features/inquiries/inquiries.service";
import {
  composeBookingMail,
  composeReminderMail,
  queueDueReminders,
  type ReminderLeads,
} from "../features/bookings/bookings-mail.service";
import { completeEndedBookings } from "../features/bookings/bookings.service";
import { expireHolds } from "../features/bookings/hold.service";
import { cancelEventBookings } from "../features/bookings/event-cancellation.service";
import { composeOrderMail } from "../features/marketplace/orders.mail";
import { composeVehicleDocMail } from "../features/vehicle-docs/vehicle-docs.mail";
import { purgeVehicleDocFiles } from "../features/vehicle-docs/vehicle-docs-files.service";
import { composeExpiryReminderMail } from "../features/vehicle-docs/vehicle-docs-reminders.mail";
import { queueExpiryReminders } from "../features/vehicle-docs/vehicle-docs-reminders.service";
import { composeReviewRequestMail, queueReviewRequests } from "../features/reviews/reviews-request.service";
import { resetDemoDataWhenDue } from "../features/demo/demo.service";
import { composePassMail, renewAfterTopUp, renewDuePasses } from "../features/passes/passes-renewal.service";
import { composeReceiptMail } from "../features/payments/settle.service";
import { numberReceipts } from "../features/receipts/receipts.service";
import type { ServedCountries } from "../features/reference/served-countries";
import type { Clock } from "../lib/clock";
import type { Mailer, MailMessage } from "../lib/mailer";
import type { PrivateFileStorage } from "../lib/private-files";
import { deliverOnce, pruneDeliveries, type MailJob } from "./mail-job";
import type { Handlers, Jobs } from "./queue";

export interface HandlerDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  jobs: Jobs;
  publicUrl: string;
  qrSecret: string;
  countries: ServedCountries;
  reminders: ReminderLeads;
  demoMode: boolean;
  /** The team's address for Contact Us messages and demo requests (INQUIRIES_TO). */
  inquiriesTo?: string | undefined;
  /** The expiry of unfinished top-ups (payments feature). */
  expirePayments: () => Promise<unknown>;
  /** Where personal documents are kept (the retention jobs remove them). */
  privateFiles: PrivateFileStorage;
}

function compose(d: HandlerDeps, job: MailJob): Promise<MailMessage | null> {
  switch (job.type) {
    case "account":
      return composeAccountMail(d, job.userId, job.template);
    case "booking":
      return composeBookingMail(d, job);
    case "reminder":
      return composeReminderMail(d, job);
    case "pass":
      return composePassMail(d, job);
    case "order":
      return composeOrderMail(d, job);
    case "vehicle_docs":
      return composeVehicleDocMail(d, job);
    case "vehicle_doc_expiry":
      return composeExpiryReminderMail(d, job);
    case "receipt":
      return composeReceiptMail(d, job.paymentId);
    case "invitation":
      return composeInvitationMail(d, job.invitationId, job.language);
    case "inquiry":
      return composeInquiryMail(d, job.kind, job.inquiryId);
    case "review_request":
      return composeReviewRequestMail(d, job);
    case "company_verify":
      return composeCompanyVerifyMail(d, job.companyId, job.language);
    case "company_invitation":
      return composeCompanyInvitationMail(d, job.invitationId, job.language);
  }
}

export function jobHandlers(d: HandlerDeps): Handlers {
  return {
    mail: (job) => deliverOnce(d.db, d.mailer, d.clock, job.key, () => compose(d, job)),
    // Each minute: the bookings that ended are completed, and the holds past their expiry marked.
    "bookings-complete": async () =>
      (await completeEndedBookings(d.db, d.clock)) + (await expireHolds(d.db, d.clock)),
    "bookings-remind": () => queueDueReminders(d, d.reminders),
    "payments-expire": () => d.expirePayments(),
    // Unscheduled outside demo mode (server.ts); a job left from a demo run does nothing.
    "demo-reset": async () => d.demoMode && (await resetDemoDataWhenDue(d.db, d.clock, undefined, d.jobs)),
    "jobs-housekeeping": () => pruneDeliveries(d.db, d.clock()),
    "events-cancel": (job) => cancelEventBookings(d, job.eventId),
    "passes-renew": () => renewDuePasses(d),
    "vehicle-docs-remind": () => queueExpiryReminders(d),
    "reviews-request": () => queueReviewRequests(d),
    "receipts-number": () => numberReceipts(d.db),
    "passes-topped-up": (job) => renewAfterTopUp(d, job.userId, job.currency),
    "vehicle-docs-purge": () => purgeVehicleDocFiles(d.db, d.privateFiles, d.clock),
  };
}
