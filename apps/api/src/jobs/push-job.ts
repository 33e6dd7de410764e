/**
 * Push notifications as jobs (decision 066), beside the e-mails: a reminder that is mailed is also
 * queued as a push job carrying the same data (`queueReminder`), and the push job sends it to each
 * device of the driver that chose that reminder. A type of mail that has a push form registers its
 * composer (`registerPush`), which writes the notification in the driver's language when the job
 * runs, or answers null when the reminder no longer applies.
 *
 * Each device is sent once per reminder (`sendOnce`, keyed by the job's key and the device); a
 * device the push service reports gone (404, 410) is forgotten. A failure for one device fails the
 * job, which is retried: the devices already sent are not sent again.
 */
import type { PushReminder } from "@parkwell/contract";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { pushSubscriptions } from "../db/schema";
import type { Tx } from "../db/tx";
import type { Clock } from "../lib/clock";
import type { PushMessage, PushSender, PushTarget } from "../lib/web-push";
import { sendOnce, type MailJob, type MailType } from "./mail-job";
import type { Jobs, QueueSpec } from "./queue";
import { registerJob } from "./registration";

declare module "./queue" {
  interface JobData {
    push: MailJob;
  }
}

/** A notification written for one driver, for the devices that chose `reminder`. */
export interface ComposedPush {
  userId: string;
  reminder: PushReminder;
  message: PushMessage;
  /** How long a push service keeps it for a device that is off: no later than the moment it is about. */
  ttlSeconds: number;
}

export type PushComposer = (job: MailJob) => Promise<ComposedPush | null>;

export interface PushRegistration<D, T extends MailType = MailType> {
  type: T;
  withDeps(deps: D): { type: T; compose: PushComposer };
}

/** The push form of a type of mail job; `compose` names the dependencies it needs by its parameter's type. */
export function registerPush<T extends MailType, D>(
  type: T,
  compose: (job: MailJob<T>, deps: D) => Promise<ComposedPush | null>,
): PushRegistration<D, T> {
  return {
    type,
    withDeps: (deps) => ({ type, compose: (job) => compose(job as unknown as MailJob<T>, deps) }),
  };
}

/** One composer for every type with a push form. */
export function composePush(composers: readonly { type: MailType; compose: PushComposer }[]): PushComposer {
  const byType = new Map<MailType, PushComposer>();
  for (const { type, compose } of composers) {
    if (byType.has(type)) throw new Error(`the push type ${type} is registered twice`);
    byType.set(type, compose);
  }
  return (job) => {
    const compose = byType.get(job.type);
    if (!compose) throw new Error(`no push composer for the mail type ${job.type}`);
    return compose(job);
  };
}

/**
 * Queues a reminder by e-mail and by push, in the transaction that claimed it. Each composer
 * decides for its channel: the e-mail's when the driver turned e-mail reminders off, the push's
 * when no device of theirs chose this reminder (or the server has no VAPID keys).
 */
export async function queueReminder(jobs: Jobs, tx: Tx, job: MailJob): Promise<void> {
  await jobs.send(tx, "mail", job);
  await jobs.send(tx, "push", job);
}

/** A push service down for a while loses nothing; past an hour a reminder is moot. */
const PUSH_QUEUE: QueueSpec = {
  retryLimit: 12,
  retryDelay: 5,
  retryDelayMax: 600,
  expireInSeconds: 60,
  concurrency: 2,
};

export interface PushDeps {
  db: Db;
  clock: Clock;
  /** The server's sender, null without VAPID keys. */
  push: PushSender | null;
  composePush: PushComposer;
}

/** The driver's devices that chose `reminder`. */
function pushTargets(
  db: Db,
  userId: string,
  reminder: PushReminder,
): Promise<(PushTarget & { id: string })[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), arrayContains(pushSubscriptions.reminders, [reminder])));
}

/** Sends a push job's notification to the driver's devices that chose it; answers how many got it. */
export async function deliverPush(d: PushDeps, job: MailJob): Promise<number> {
  const sender = d.push;
  if (!sender) return 0;
  const composed = await d.composePush(job);
  if (!composed) return 0;
  const targets = await pushTargets(d.db, composed.userId, composed.reminder);
  let sent = 0;
  let failure: unknown = null;
  for (const target of targets) {
    try {
      const done = await sendOnce(d.db, d.clock, `${job.key}:push:${target.id}`, async () => {
        const outcome = await sender.send(target, composed.message, { ttlSeconds: composed.ttlSeconds });
        if (outcome === "gone")
          await d.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, target.id));
        return outcome === "sent";
      });
      if (done) sent++;
    } catch (err) {
      failure ??= err;
    }
  }
  if (failure) throw failure;
  return sent;
}

export const PUSH_JOBS = [registerJob("push", PUSH_QUEUE, (job, d: PushDeps) => deliverPush(d, job))];
