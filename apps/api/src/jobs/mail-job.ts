/**
 * E-mail as jobs: what a mail job carries, and delivery that sends each message once.
 *
 * A job names what to write about (a user, a booking, a payment), never the text: the handler
 * composes the message when it runs, in the recipient's language, so no link or token waits in
 * the queue's table. Each job has a delivery key; `deliverOnce` claims it in `mail_deliveries`
 * before sending and marks it sent after, so a job run twice (its acknowledgement lost, or two
 * processes after an expiry) sends one message. The one gap left is a process killed between the
 * mail server's acceptance and the mark: after the lease the message is sent again (at least once).
 */
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { VehicleDocStage } from "@parkwell/contract";
import type { Db } from "../db/client";
import { mailDeliveries } from "../db/schema";
import type { Clock } from "../lib/clock";
import type { Mailer, MailMessage } from "../lib/mailer";

export type AccountMailTemplate = "verify" | "reset" | "taken";
export type BookingMailTemplate = "booked" | "extended" | "cancelled" | "renewed" | "event_cancelled";
/** The marketplace order stages a driver is written to about. */
export type OrderMailTemplate =
  "placed" | "out_for_delivery" | "delivered" | "canceled" | "rejected" | "returned";
/** A monthly pass's e-mails: its purchase, then before a renewal, each grace day, its lapse, and its success. */
export type PassMailTemplate = "bought" | "reminder" | "grace" | "lapsed" | "renewed";

export type MailJob = { key: string } & (
  | { type: "account"; template: AccountMailTemplate; userId: string }
  | {
      type: "booking";
      template: BookingMailTemplate;
      bookingId: string;
      /** The booking as it was when the change committed (a later change has its own mail). */
      endTime: string;
      paidMinor: number;
      refundMinor: number;
    }
  /** An order reached a stage; `refundMinor` is what that move gave back to the wallet. */
  | { type: "order"; template: OrderMailTemplate; orderId: string; refundMinor: number }
  /**
   * A pass's renewal mail, with the amounts as the renewal job computed them: `amountMinor` the
   * term's price with its fees and tax, `missingMinor` what the wallet lacks (grace), and `at` the
   * instant it is about (the renewal, the lapse, or the new end of the paid term).
   */
  | {
      type: "pass";
      template: PassMailTemplate;
      passId: string;
      period: number;
      amountMinor: number;
      missingMinor: number;
      at: string;
    }
  | { type: "reminder"; edge: "start" | "end"; bookingId: string; at: string }
  | { type: "receipt"; paymentId: string }
  /** A staff invitation: the handler makes the link's token when it sends (staff.service.ts). */
  | { type: "invitation"; invitationId: string; language: "en" | "fr" }
  /** A company's billing e-mail verification: the handler makes the link's token when it sends. */
  | { type: "company_verify"; companyId: number; language: "en" | "fr" }
  /** An invitation to join a company: the handler makes the link's token when it sends. */
  | { type: "company_invitation"; invitationId: string; language: "en" | "fr" }
  /**
   * A vehicle document request reached a stage (decision 031); `refundMinor` is what that move gave
   * back to the wallet.
   */
  | { type: "vehicle_docs"; requestId: string; stage: VehicleDocStage; refundMinor: number }
  /** A paper recorded to expire on `expiresOn` is `lead` days away or less (decision 031). */
  | { type: "vehicle_doc_expiry"; expiryId: number; lead: 30 | 7; expiresOn: string }
  /** A Contact Us message or demo request, to the team's address (INQUIRIES_TO). */
  | { type: "inquiry"; kind: "contact" | "demo"; inquiryId: string }
  /** Ask the driver to review the stay of this booking, once (decision 033). */
  | { type: "review_request"; bookingId: string }
);

/**
 * How long a claim keeps other runs off: longer than the mailer's own time limits (lib/mailer.ts),
 * so a claim is only taken over when its holder is gone.
 */
export const MAIL_LEASE_MS = 60_000;

export class MailInProgress extends Error {
  constructor(key: string) {
    super(`mail ${key} is being sent by another run`);
  }
}

/**
 * Sends the message `compose` writes, once per key. `compose` runs only for the run that holds
 * the claim, and may answer null when there is nothing to send any more (the user turned
 * reminders off, the booking is gone): the key is then marked done all the same.
 * Answers whether a message was sent by this run.
 */
export async function deliverOnce(
  db: Db,
  mailer: Mailer,
  clock: Clock,
  key: string,
  compose: () => Promise<MailMessage | null>,
): Promise<boolean> {
  const now = clock();
  const claimed = await db
    .insert(mailDeliveries)
    .values({ key, claimedAt: now })
    .onConflictDoUpdate({
      target: mailDeliveries.key,
      set: { claimedAt: now },
      setWhere: and(
        isNull(mailDeliveries.sentAt),
        lt(mailDeliveries.claimedAt, new Date(now.getTime() - MAIL_LEASE_MS)),
      ),
    })
    .returning({ key: mailDeliveries.key });
  if (claimed.length === 0) {
    const [row] = await db.select().from(mailDeliveries).where(eq(mailDeliveries.key, key));
    if (row?.sentAt) return false;
    throw new MailInProgress(key);
  }
  let message: MailMessage | null;
  try {
    message = await compose();
    if (message) await mailer.send({ ...message, id: key });
  } catch (err) {
    // Not sent: release the claim, so that the retry takes it at once.
    await persisting(() =>
      db.delete(mailDeliveries).where(and(eq(mailDeliveries.key, key), isNull(mailDeliveries.sentAt))),
    );
    throw err;
  }
  // Sent: this write matters most. Left undone, the claim would run out and the message go again.
  await persisting(() =>
    db.update(mailDeliveries).set({ sentAt: clock() }).where(eq(mailDeliveries.key, key)),
  );
  return message !== null;
}

/**
 * A claim's release or mark, tried again each second for up to `tries` seconds: the database
 * restarting at that moment (a few seconds) is waited out here, where the outcome is known.
 */
async function persisting(write: () => Promise<unknown>, tries = 30): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await write();
      return;
    } catch (err) {
      if (attempt >= tries) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

/** Deliveries older than this are forgotten (their jobs are long gone). */
export function pruneDeliveries(db: Db, now: Date, days = 30) {
  return db
    .delete(mailDeliveries)
    .where(
      lt(mailDeliveries.claimedAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`),
    );
}
