/**
 * An app on a test's database whose clock the test moves: what the scheduled jobs (reminders,
 * renewals) do is timed by it, and a test sets the minute, then runs a job's tick and what it queued.
 */
import { buildApp } from "../app";
import type { JobData, JobName } from "../jobs/queue";
import type { TestContext } from "./harness";

export type ClockedApp = Awaited<ReturnType<typeof clockedApp>>;

export async function clockedApp(ctx: TestContext, start: Date) {
  let now = start;
  const app = await buildApp({ database: ctx.database, config: ctx.config, logger: false, clock: () => now });
  return {
    app,
    /** The test mailbox as readMailbox takes it, for this app. */
    mailbox: { app, config: ctx.config },
    now: () => now,
    set: (t: Date) => void (now = t),
    /** A scheduled job's tick (`job`), then the jobs it queues that the test wants run (`then`). */
    async tick(
      job: { [K in JobName]: JobData[K] extends Record<string, never> ? K : never }[JobName],
      then: JobName[],
    ) {
      await app.jobs.send(ctx.database.db, job, {} as never);
      await app.jobs.runDue([job, ...then]);
    },
  };
}
