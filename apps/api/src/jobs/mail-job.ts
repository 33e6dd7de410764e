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
import type { Db } from "../db/client";
import { mailDeliveries } from "../db/schema";
import type { Clock } from "../lib/clock";
import type { Mailer, MailMessage } from "../lib/mailer";
import type { QueueSpec } from "./queue";
import { scheduled } from "./queue";
import { registerJob } from "./registration";

/**
 * What each type of mail job carries besides its key, by type. Each feature adds the types it
 * sends with `declare module "../../jobs/mail-job" { interface MailKinds { ... } }`, in the module
 * that queues them, and registers their composer (`registerMail`) in its `<feature>.jobs.ts`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations
export interface MailKinds {}
export type MailType = keyof MailKinds;

/** A mail job of one type (or of any): its delivery key, its type, and what that type carries. */
export type MailJob<T extends MailType = MailType> = {
  [K in T]: { key: string; type: K } & MailKinds[K];
}[T];

/** Writes the message of one type of mail job when it runs (null: nothing to send any more). */
export type Composer = (job: MailJob) => Promise<MailMessage | null>;

export interface MailRegistration<D, T extends MailType = MailType> {
  type: T;
  withDeps(deps: D): { type: T; compose: Composer };
}

/** A type of mail and its composer; `compose` names the dependencies it needs by its parameter's type. */
export function registerMail<T extends MailType, D>(
  type: T,
  compose: (job: MailJob<T>, deps: D) => Promise<MailMessage | null>,
): MailRegistration<D, T> {
  return {
    type,
    // The mail handler gives each composer the jobs of its own type only (`composeMail`).
    withDeps: (deps) => ({ type, compose: (job) => compose(job as unknown as MailJob<T>, deps) }),
  };
}

/** One composer for every type of mail job, from the registrations given their dependencies. */
export function composeMail(composers: readonly { type: MailType; compose: Composer }[]): Composer {
  const byType = new Map<MailType, Composer>();
  for (const { type, compose } of composers) {
    if (byType.has(type)) throw new Error(`the mail type ${type} is registered twice`);
    byType.set(type, compose);
  }
  return (job) => {
    const compose = byType.get(job.type);
    if (!compose) throw new Error(`no composer for the mail type ${job.type}`);
    return compose(job);
  };
}

/**
 * Mail retries for about a day (5 s, 10 s, ... capped at 30 min): a mail server down for hours
 * loses nothing.
 */
const MAIL_QUEUE: QueueSpec = {
  retryLimit: 60,
  retryDelay: 5,
  retryDelayMax: 1800,
  expireInSeconds: 60,
  concurrency: 2,
};

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** Every registered type's composer (`composeMail`). */
  composeMail: Composer;
}

/** The queue's own jobs: the mail queue, and the daily prune of old deliveries. */
export const QUEUE_JOBS = [
  registerJob("mail", MAIL_QUEUE, (job, d: MailDeps) =>
    deliverOnce(d.db, d.mailer, d.clock, job.key, () => d.composeMail(job)),
  ),
  registerJob("jobs-housekeeping", scheduled("17 3 * * *"), (_data, d: { db: Db; clock: Clock }) =>
    pruneDeliveries(d.db, d.clock()),
  ),
];

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
  return sendOnce(db, clock, key, async () => {
    const message = await compose();
    if (message) await mailer.send({ ...message, id: key });
    return message !== null;
  });
}

/**
 * Runs `send` once per key across runs and processes (an e-mail, a push notification to one
 * device): the key is claimed in `mail_deliveries` before, marked sent after. Another run holding
 * a live claim makes this one fail (`MailInProgress`, retried later); a key already sent answers
 * false. `send` answers whether something was sent; it may throw, which releases the claim.
 */
export async function sendOnce(
  db: Db,
  clock: Clock,
  key: string,
  send: () => Promise<boolean>,
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
  let sent: boolean;
  try {
    sent = await send();
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
  return sent;
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
