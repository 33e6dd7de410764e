/**
 * The durable job queue: pg-boss on the app's own database (docs/decisions/021-job-queue.md).
 *
 * A job is sent inside the transaction of the change that causes it (`send(tx, ...)`): a committed
 * booking always has its e-mail job, a rolled-back one never has. Workers run in `npm start`'s
 * processes (`start()`); any number of processes share the queue, each job runs in one of them,
 * and a scheduled job runs once per tick across all of them. A handler that throws is retried with
 * backoff; one that has used its retries is failed and copied to the dead-letter queue, where it
 * stays for an admin (`deadLetters()`, `redrive()`: the back office's Failed jobs).
 */
import { sql } from "drizzle-orm";
import {
  PgBoss,
  fromDrizzle,
  fromPglite,
  type Db as IDatabase,
  type DrizzleTransactionLike,
  type Job,
} from "pg-boss";
import { queryBuilt, queryRows, type Database } from "../db/client";
import type { Tx } from "../db/tx";
import type { MailJob } from "./mail-job";

/**
 * What each queue's jobs carry, by queue name. The queue declares its own (mail, housekeeping);
 * each feature adds the kinds it queues with `declare module "../../jobs/queue" { interface
 * JobData { ... } }`, in the module that sends them (a scheduled kind, which only the queue's clock
 * sends, beside its registration): a send and its handler are typed by that one declaration.
 */
export interface JobData {
  mail: MailJob;
  "jobs-housekeeping": Record<string, never>;
}
export type JobName = keyof JobData;

export interface QueueSpec {
  /** Tries after the first; then the job is failed and dead-lettered. */
  retryLimit: number;
  /** Seconds before the first retry, doubling (with jitter) up to `retryDelayMax`. */
  retryDelay: number;
  retryDelayMax: number;
  /**
   * A job running longer than this (its process died) is given to another worker; the supervisor
   * looks every SUPERVISE_SECONDS. Mail: over the mailer's own time limits (lib/mailer.ts).
   */
  expireInSeconds: number;
  /** Cron (UTC) for a scheduled job, which runs once per tick across every process. */
  cron?: string;
  /** Handlers of this queue one process runs at once. */
  concurrency: number;
}

/** A scheduled job's queue: it retries little, since the next tick runs it again anyway. */
export function scheduled(cron: string): QueueSpec {
  return { retryLimit: 2, retryDelay: 10, retryDelayMax: 60, expireInSeconds: 300, cron, concurrency: 1 };
}

/** A queue as installed: its name and settings (a registration, jobs/registration.ts). */
export interface QueueOf {
  name: JobName;
  queue: QueueSpec;
}

/** A queue's handler given its dependencies: what `Jobs.handle` runs (registration.ts `withDeps`). */
export interface BoundJob extends QueueOf {
  run(data: unknown, job: Job<unknown>): Promise<unknown>;
}

/** Where a job that has used every retry is copied to: nobody works it; an admin reads it. */
export const DEAD_LETTER = "dead-letter";

const SCHEMA = "pgboss";

/** How often a process's supervisor retries the jobs of a process that died (expired jobs). */
const SUPERVISE_SECONDS = 10;

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A failed job's output as one line: the handler's message (`{ message }`), else its JSON. */
function errorOf(output: unknown): string | null {
  if (output === null || output === undefined) return null;
  if (typeof output === "object" && typeof (output as { message?: unknown }).message === "string") {
    return (output as { message: string }).message;
  }
  return typeof output === "string" ? output : JSON.stringify(output);
}

export interface DeadLetter {
  id: string;
  /** The queue it failed in. */
  queue: string;
  data: unknown;
  /** When it was first queued (null when pg-boss did not record it). */
  queuedAt: Date | null;
  /** When it failed for good (it entered the dead-letter queue). */
  failedAt: Date;
  /** Its last try's error: the handler's message. */
  error: string | null;
  retries: number;
}

export interface Jobs {
  /** Queues a job inside `tx` (or on its own when given the database handle). */
  send<N extends JobName>(tx: Tx, name: N, data: JobData[N], options?: { startAfter?: Date }): Promise<void>;
  /**
   * Reads the queues into pg-boss's cache, so that a send inside a transaction needs no other
   * connection: on PGlite, which has one, it would wait for the transaction forever.
   */
  ready(): Promise<void>;
  /**
   * The queues and their handlers, every registration's (feature-jobs.ts), once: `ready()`,
   * `start()` and `runDue()` work these queues.
   */
  handle(jobs: readonly BoundJob[]): void;
  /** Works every queue handled in this process and writes the schedules, but for `skipSchedules` (removed). */
  start(options?: { skipSchedules?: JobName[] }): Promise<void>;
  /** Stops fetching and waits for the handlers running now (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Runs, here and now, every job that is due, until none is left (a failure is recorded as the
   * worker would: retried later or dead-lettered): tests and maintenance, not the request path.
   */
  runDue(names?: JobName[]): Promise<number>;
  /** The jobs in the dead-letter queue, newest first, one page of them (paged in SQL). */
  deadLetters(page?: { limit: number; offset: number }): Promise<{ items: DeadLetter[]; total: number }>;
  /**
   * Puts one dead letter back on its queue as a new job (retries from zero), inside `tx`; false when there is
   * no such dead letter (already redriven, or never was).
   */
  redrive(tx: Tx, id: string): Promise<boolean>;
  /** pg-boss itself, for tests that look at job states. */
  readonly boss: PgBoss;
}

/**
 * pg-boss over the app's own database handle: PGlite's one client, or the API's PostgreSQL pool
 * (its connections, statement time limit and error handling), so the queue needs nothing started
 * to send, fetch or look. Workers poll each second; NOTIFY would need a connection of its own.
 */
function newBoss(
  database: Database,
  options: {
    supervise: boolean;
    schedule: boolean;
    superviseIntervalSeconds?: number;
    monitorIntervalSeconds?: number;
  },
  connection?: { query(text: string, values?: unknown[]): Promise<unknown> },
): PgBoss {
  const common = {
    schema: SCHEMA,
    registerInstance: false,
    openTelemetry: { enabled: false },
    ...options,
  };
  const raw = database.raw;
  if (raw.engine === "pglite") {
    return new PgBoss({ ...common, db: fromPglite(raw.client), backend: "pglite" });
  }
  const client = connection ?? raw.pool;
  return new PgBoss({
    ...common,
    db: { executeSql: (text, values) => client.query(text, values) as Promise<{ rows: unknown[] }> },
  });
}

/**
 * Installs or upgrades pg-boss's tables (schema `pgboss`) and creates or updates the queues given
 * (every registration's, feature-jobs.ts): run right after the migrations, under their lock
 * (`migrateWithJobs`), so every database the app opens, and every test's copy of the template, has them.
 */
export async function installJobs(
  database: Database,
  queues: readonly QueueOf[],
  /** PostgreSQL: the migration's own connection, which holds the migration lock. */
  connection?: { query(text: string, values?: unknown[]): Promise<unknown> },
): Promise<void> {
  const boss = newBoss(database, { supervise: false, schedule: false }, connection);
  boss.on("error", () => {});
  await boss.start();
  try {
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    if (!existing.has(DEAD_LETTER)) {
      await boss.createQueue(DEAD_LETTER, { retentionSeconds: 30 * 86_400, deleteAfterSeconds: 30 * 86_400 });
    }
    for (const { name, queue: spec } of queues) {
      const options = {
        retryLimit: spec.retryLimit,
        retryDelay: spec.retryDelay,
        retryBackoff: true,
        expireInSeconds: spec.expireInSeconds,
        deleteAfterSeconds: 7 * 86_400,
      };
      if (existing.has(name)) {
        await boss.updateQueue(name, {
          ...options,
          retryDelayMax: spec.retryDelayMax,
          deadLetter: DEAD_LETTER,
        });
      } else {
        await boss.createQueue(name, {
          ...options,
          retryDelayMax: spec.retryDelayMax,
          deadLetter: DEAD_LETTER,
        });
      }
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * pg-boss's statements in the caller's transaction (a send), each run as a named prepared statement
 * named after its text (db/client queryBuilt): pg-boss's insert of a job is one text per queue, which
 * PostgreSQL then parses and plans once per connection instead of at every booking and purchase
 * (docs/decisions/009-prepared-statements.md). PGlite runs them as ordinary queries.
 */
function inTransaction(tx: Tx): IDatabase {
  return {
    async executeSql(text, values) {
      return { rows: await queryBuilt<unknown>(tx, { sql: text, params: values ?? [] }, true) };
    },
  };
}

export function createJobs(database: Database, log: { error(obj: object, msg: string): void }): Jobs {
  const boss = newBoss(database, {
    supervise: true,
    schedule: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    // Expired jobs are looked for by the queue monitor, at most this often per queue.
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  // Without a listener an error event (the database restarting) would end the process.
  boss.on("error", (err) => log.error({ err }, "job queue error"));
  let handlers: Map<JobName, BoundJob> | undefined;
  let started = false;

  const registered = (): Map<JobName, BoundJob> => {
    if (!handlers) throw new Error("jobs.handle() was not called");
    return handlers;
  };
  const run = async (name: JobName, job: Job<unknown>) => {
    const handler = registered().get(name);
    if (!handler) throw new Error(`no handler for the queue ${name}`);
    return handler.run(job.data, job);
  };

  return {
    boss,
    async send(tx, name, data, options = {}) {
      await boss.send(name, data, {
        db: inTransaction(tx),
        ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async ready() {
      // The dead-letter queue too: an admin's redrive runs inside a transaction.
      for (const name of [...registered().keys(), DEAD_LETTER]) {
        await boss.findJobs(name, { id: "00000000-0000-0000-0000-000000000000", limit: 1 });
      }
    },
    handle(jobs) {
      if (handlers) throw new Error("jobs.handle() was called twice");
      handlers = new Map();
      for (const job of jobs) {
        if (handlers.has(job.name)) throw new Error(`the queue ${job.name} is registered twice`);
        handlers.set(job.name, job);
      }
    },
    async start({ skipSchedules = [] } = {}) {
      await boss.start();
      started = true;
      for (const { name, queue: spec } of registered().values()) {
        if (spec.cron) {
          if (skipSchedules.includes(name)) await boss.unschedule(name);
          else await boss.schedule(name, spec.cron, {}, { tz: "UTC" });
        }
        // Batches of up to 10, fetched again at once while they come back full (a backlog after
        // a mail server outage drains at the handlers' speed, not one job per poll); each job in
        // a batch succeeds or fails on its own.
        await boss.work(
          name,
          {
            batchSize: 10,
            burstWhenBatchFull: true,
            perJobResults: true,
            localConcurrency: spec.concurrency,
            pollingIntervalSeconds: 1,
          },
          (batch: Job<unknown>[]) =>
            Promise.all(
              batch.map(async (job) => {
                try {
                  await run(name, job);
                  return { id: job.id, status: "completed" as const };
                } catch (err) {
                  log.error({ err, queue: name, job: job.id, retry: job.retryCount }, "job failed");
                  return { id: job.id, status: "failed" as const, output: { message: errorText(err) } };
                }
              }),
            ),
        );
      }
    },
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: true });
    },
    async runDue(names = [...registered().keys()]) {
      let ran = 0;
      for (let round = 0; round < 100; round++) {
        let found = 0;
        for (const name of names) {
          for (const job of await boss.fetch<unknown>(name, { batchSize: 50 })) {
            found++;
            try {
              await run(name, job);
              await boss.complete(name, job.id);
            } catch (err) {
              await boss.fail(name, job.id, { message: errorText(err) });
            }
          }
        }
        ran += found;
        if (found === 0) return ran;
      }
      throw new Error("jobs.runDue: still finding jobs after 100 rounds");
    },
    async deadLetters({ limit, offset } = { limit: 100, offset: 0 }) {
      const db = database.db;
      const [count] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${DEAD_LETTER}`,
      );
      const rows = await queryRows<{
        id: string;
        source_name: string | null;
        data: unknown;
        error: unknown;
        retries: number | null;
        source_created_on: Date | string | null;
        created_on: Date | string;
      }>(
        db,
        sql`SELECT id, source_name, data, coalesce(source_output, output) AS error,
            source_retry_count AS retries, source_created_on, created_on
          FROM pgboss.job WHERE name = ${DEAD_LETTER}
          ORDER BY created_on DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
      );
      return {
        total: count?.n ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          queue: r.source_name ?? "",
          data: r.data,
          queuedAt: r.source_created_on === null ? null : new Date(r.source_created_on),
          failedAt: new Date(r.created_on),
          error: errorOf(r.error),
          retries: r.retries ?? 0,
        })),
      };
    },
    async redrive(tx, id) {
      if (!UUID.test(id)) return false;
      const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
      return (await boss.redrive(DEAD_LETTER, { ids: [id], limit: 1, db })) > 0;
    },
  };
}
