/**
 * Read replicas (docs/decisions/037-read-replicas.md): PostgreSQL standbys fed by streaming
 * replication, read by the public browsing (search, park pages, events, marketplace, sitemaps,
 * public figures) through a pool-shaped router. Each process checks every replica once a second:
 * a replica that does not answer, is not a standby, or lags more than the bound leaves the
 * rotation and its reads go to the primary; it returns when a check finds it caught up. A reader
 * who has just written carries the write's WAL position (plugins/read-your-writes.ts): a replica
 * serves them only once it has replayed that position, else the primary does.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { isDatabaseUnavailable } from "../lib/database-unavailable";

/** A WAL position as PostgreSQL writes it ("16/B374D848"), as a number; null when it is not one. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text?.trim() ?? "");
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  const hex = (n: bigint) => n.toString(16).toUpperCase();
  return `${hex(lsn >> 32n)}/${hex(lsn & 0xffffffffn)}`;
}

/** Where the primary's WAL stood at a moment (on the process's monotonic clock, ms). */
export interface LsnSample {
  lsn: bigint;
  at: number;
}

/**
 * How far behind, in ms, a replica is that has replayed up to `replayed`: the age of the oldest
 * primary position (samples oldest first) it has not replayed yet; 0 when it has replayed them all.
 * Measured this way, an idle primary does not look like a lagging replica (the time since the
 * last replayed transaction would grow with no write to replay).
 */
export function replayLag(
  samples: readonly LsnSample[],
  replayed: bigint,
  now: number,
  walPageBytes = DEFAULT_WAL_PAGE_BYTES,
): number {
  for (const s of samples) if (!hasReplayed(replayed, s.lsn, walPageBytes)) return Math.max(0, now - s.at);
  return 0;
}

/** PostgreSQL's WAL page size unless built otherwise (the server's wal_block_size). */
const DEFAULT_WAL_PAGE_BYTES = 8_192;
/** A WAL page's header at the start of a segment (the long one); other pages' is 24 bytes. */
const WAL_LONG_PAGE_HEADER_BYTES = 40n;

/**
 * Whether a standby that has replayed up to `replayed` has everything the primary had written at
 * `lsn`. The primary's insert position, once its last record ends exactly on a WAL page boundary,
 * points past the next page's header, where the next record will go; the standby's replay stops
 * at the boundary. Both mean the same WAL, and an idle primary would otherwise make its standby
 * lag for ever. No record fits within a page header, so nothing written is taken for replayed.
 */
export function hasReplayed(replayed: bigint, lsn: bigint, walPageBytes = DEFAULT_WAL_PAGE_BYTES): boolean {
  if (replayed >= lsn) return true;
  return replayed % BigInt(walPageBytes) === 0n && lsn - replayed <= WAL_LONG_PAGE_HEADER_BYTES;
}

/** A check's reading of a replica, and whether it serves reads. */
export interface ReplicaVerdict {
  inRotation: boolean;
  reason: string | null;
  lagMs: number | null;
}

/**
 * Whether a standby that answered its check serves reads. Beyond lagging more than `maxLagMs`, a
 * standby that has replayed less than it had at an earlier check (`highest`) stays out: one that
 * restarts after a crash opens for reads from its last restartpoint, minutes behind what it showed
 * before, and a process whose samples are younger than that gap would measure a small lag and
 * show readers rows older than those they already read. It is back once it is where it was.
 */
export function replicaVerdict(
  samples: readonly LsnSample[],
  replayed: bigint,
  highest: bigint | null,
  now: number,
  maxLagMs: number,
  walPageBytes = DEFAULT_WAL_PAGE_BYTES,
): ReplicaVerdict {
  const lagMs = samples.length === 0 ? null : Math.round(replayLag(samples, replayed, now, walPageBytes));
  if (highest !== null && replayed < highest)
    return { inRotation: false, reason: "behind where it was (restarted, catching up)", lagMs };
  if (lagMs !== null && lagMs > maxLagMs)
    return { inRotation: false, reason: `lagging ${lagMs} ms (more than ${maxLagMs} ms)`, lagMs };
  return { inRotation: true, reason: null, lagMs };
}

/** What the admin health details show of a replica, and what a change of rotation logs. */
export interface ReplicaState {
  /** host:port/database, never the credentials. */
  name: string;
  inRotation: boolean;
  /** The last measured lag (ms), null before the first measurement or while unreachable. */
  lagMs: number | null;
  /** Why it is out of rotation; null in rotation. */
  reason: string | null;
}

export interface ReplicaOptions {
  urls: readonly string[];
  /** A replica lagging more than this (ms) is out of rotation until it catches up. */
  maxLagMs: number;
  /** How often each replica is checked (ms). */
  checkMs?: number;
  /** The pool settings the primary's read pool has (connections per replica, statement bound). */
  pool: pg.PoolConfig;
}

interface Replica {
  state: ReplicaState;
  /** The reads' connections. */
  pool: pg.Pool;
  /**
   * One connection of its own for the checks: behind the reads' queue on a busy replica, a check
   * would time out and take a healthy replica out of rotation.
   */
  monitor: pg.Pool;
  /** The WAL position it had replayed at its last check, or a later ask. */
  replayed: bigint | null;
  /** Its WAL page size (wal_block_size), read at its checks. */
  walPageBytes: number;
}

const CHECK_TIMEOUT_MS = 1_000;
/** The primary's positions kept for measuring lag: enough to measure past any sensible bound. */
const SAMPLES_KEPT_MS = 120_000;

/**
 * The lower bound on the WAL position a read must see, for this request: set from the reader's
 * read-after cookie by plugins/read-your-writes.ts. Without it (a job, a script), no bound.
 */
const requestFloor = new AsyncLocalStorage<{ lsn: bigint | null }>();

/** Runs `fn` with reads bound to see at least `lsn` (null: no bound beyond the process's). */
export function withReadFloor<T>(lsn: bigint | null, fn: () => T): T {
  const outer = requestFloor.getStore()?.lsn ?? null;
  // A request inside another (a server render's API calls) keeps the outer request's bound.
  const floor = outer !== null && (lsn === null || outer > lsn) ? outer : lsn;
  return requestFloor.run({ lsn: floor }, fn);
}

/** Whether a replica's failure on a statement should send the statement to the primary. */
function isReplicaFault(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  // A standby cancels a statement whose rows its replay must remove ("conflict with recovery").
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  const inner = (e?.cause ?? e) as { code?: unknown; message?: unknown };
  return inner?.code === "40001" && typeof inner.message === "string" && inner.message.includes("recovery");
}

export class ReadReplicas {
  private readonly replicas: Replica[];
  private readonly samples: LsnSample[] = [];
  private readonly listeners: ((state: ReplicaState) => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  private next = 0;
  private checking: Promise<void> | null = null;
  /** Reads in this process see at least this position (raised after writes that change public pages). */
  private processFloor: bigint | null = null;

  constructor(
    private readonly primary: pg.Pool,
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = options.urls.map((url) => {
      const u = new URL(url);
      const pool = new pg.Pool({ ...options.pool, connectionString: url, application_name: "parkwell-read" });
      const monitor = new pg.Pool({
        ...options.pool,
        connectionString: url,
        max: 1,
        application_name: "parkwell-read-check",
        connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      });
      for (const p of [pool, monitor]) {
        p.on("error", () => {});
        p.on("connect", (client) => client.on("error", () => {}));
      }
      return {
        pool,
        monitor,
        replayed: null,
        walPageBytes: DEFAULT_WAL_PAGE_BYTES,
        state: {
          name: `${u.hostname}:${u.port || "5432"}${u.pathname}`,
          inRotation: false,
          lagMs: null,
          reason: "not checked yet",
        },
      };
    });
    this.timer = setInterval(() => void this.check(), options.checkMs ?? 1_000);
    this.timer.unref();
    void this.check();
  }

  /** Called with a replica's state each time it enters or leaves the rotation. */
  onChange(listener: (state: ReplicaState) => void): void {
    this.listeners.push(listener);
  }

  states(): ReplicaState[] {
    return this.replicas.map((r) => ({ ...r.state }));
  }

  /** One round of checks now (the timer runs them too); concurrent calls share the round. */
  check(): Promise<void> {
    this.checking ??= this.checkAll().finally(() => (this.checking = null));
    return this.checking;
  }

  /**
   * The primary's WAL position after everything written so far: a write committed before this
   * call is at most here. The insert position, not the written one: a commit made with
   * synchronous_commit off is in the WAL's buffers before it is written out.
   */
  async primaryLsn(): Promise<bigint | null> {
    const { rows } = await this.primary.query<{ lsn: string }>(
      "SELECT pg_current_wal_insert_lsn()::text AS lsn",
    );
    return parseLsn(rows[0]?.lsn);
  }

  /** Every read in this process, from now on, sees at least `lsn` (a write that changes public pages). */
  raiseFloor(lsn: bigint): void {
    if (this.processFloor === null || lsn > this.processFloor) this.processFloor = lsn;
  }

  /** The pool a public read goes to: a replica in rotation that has replayed what it must see, or the primary. */
  async pick(): Promise<Replica | null> {
    const ready = this.replicas.filter((r) => r.state.inRotation);
    if (ready.length === 0) return null;
    const start = this.next++ % ready.length;
    const request = requestFloor.getStore()?.lsn ?? null;
    const floor =
      this.processFloor !== null && (request === null || this.processFloor > request)
        ? this.processFloor
        : request;
    const order = ready.map((_, i) => ready[(start + i) % ready.length]!);
    if (floor === null) return order[0]!;
    const caughtUp = order.find((r) => r.replayed !== null && hasReplayed(r.replayed, floor, r.walPageBytes));
    if (caughtUp) return caughtUp;
    // The write may have been replayed since the last check (replay takes milliseconds): ask once.
    const first = order[0]!;
    try {
      const { rows } = await withTimeout(
        first.monitor.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn"),
      );
      const replayed = parseLsn(rows[0]?.lsn);
      if (replayed !== null && (first.replayed === null || replayed > first.replayed))
        first.replayed = replayed;
      return replayed !== null && hasReplayed(replayed, floor, first.walPageBytes) ? first : null;
    } catch {
      // Not answered in time: this read goes to the primary; the checks judge the replica.
      return null;
    }
  }

  /** A replica failed a read: out of rotation until its next good check. */
  failed(replica: Replica, err: unknown): void {
    replica.state.lagMs = null;
    this.set(replica, false, `unreachable: ${messageOf(err)}`);
  }

  isFault(err: unknown): boolean {
    return isReplicaFault(err);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking?.catch(() => undefined);
    await Promise.all(this.replicas.flatMap((r) => [r.pool.end(), r.monitor.end()]));
  }

  private async checkAll(): Promise<void> {
    const now = performance.now();
    try {
      const lsn = await withTimeout(this.primaryLsn());
      if (lsn !== null) this.samples.push({ lsn, at: now });
    } catch {
      // The primary is out of reach: the replicas' lag cannot be measured; their last verdict holds.
    }
    while (this.samples.length > 1 && this.samples[0]!.at < now - SAMPLES_KEPT_MS) this.samples.shift();
    await Promise.all(this.replicas.map((r) => this.checkOne(r)));
  }

  private async checkOne(replica: Replica): Promise<void> {
    let standby: boolean;
    let replayed: bigint | null;
    try {
      const { rows } = await withTimeout(
        replica.monitor.query<{ standby: boolean; lsn: string | null; page: number }>(
          `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn,
                  current_setting('wal_block_size')::int AS page`,
        ),
      );
      standby = rows[0]?.standby === true;
      replayed = parseLsn(rows[0]?.lsn);
      if (rows[0]?.page) replica.walPageBytes = rows[0].page;
    } catch (err) {
      replica.state.lagMs = null;
      this.set(replica, false, `unreachable: ${messageOf(err)}`);
      return;
    }
    if (!standby || replayed === null) {
      // A server that is not a standby (a promoted one, or the primary named by mistake) does not
      // follow the primary's writes: reading it could show anything.
      replica.state.lagMs = null;
      this.set(replica, false, "not a standby");
      return;
    }
    const verdict = replicaVerdict(
      this.samples,
      replayed,
      replica.replayed,
      performance.now(),
      this.options.maxLagMs,
      replica.walPageBytes,
    );
    if (replica.replayed === null || replayed > replica.replayed) replica.replayed = replayed;
    if (verdict.lagMs === null) return;
    replica.state.lagMs = verdict.lagMs;
    this.set(replica, verdict.inRotation, verdict.reason);
  }

  private set(replica: Replica, inRotation: boolean, reason: string | null): void {
    const changed = replica.state.inRotation !== inRotation;
    replica.state.inRotation = inRotation;
    replica.state.reason = reason;
    if (changed) for (const listener of this.listeners) listener({ ...replica.state });
  }
}

function messageOf(err: unknown): string {
  const e = err as { message?: unknown; code?: unknown; errors?: unknown };
  if (typeof e?.message === "string" && e.message) return e.message;
  if (Array.isArray(e?.errors) && e.errors[0]) return messageOf(e.errors[0]);
  return typeof e?.code === "string" ? e.code : String(err);
}

function withTimeout<T>(promise: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A pg.Pool look-alike for Drizzle (it asks `query` and, for a transaction, `connect`; its class
 * name must say "Pool"): each statement goes where `replicas.pick()` says, and a statement a
 * replica fails for the replica's sake (unreachable, cut off, a recovery conflict) is run again on
 * the primary, so a replica's fault never reaches the reader. Only read statements come here.
 */
export class ReadRoutingPool {
  constructor(
    private readonly replicas: ReadReplicas,
    private readonly primary: pg.Pool,
  ) {}

  async query(config: unknown, values?: unknown): Promise<unknown> {
    const replica = await this.replicas.pick();
    if (replica) {
      try {
        return await (replica.pool.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values);
      } catch (err) {
        if (!this.replicas.isFault(err)) throw err;
        this.replicas.failed(replica, err);
      }
    }
    return (this.primary.query as (c: unknown, v?: unknown) => Promise<unknown>)(config, values);
  }

  async connect(): Promise<pg.PoolClient> {
    const replica = await this.replicas.pick();
    if (replica) {
      try {
        return await replica.pool.connect();
      } catch (err) {
        this.replicas.failed(replica, err);
      }
    }
    return this.primary.connect();
  }
}
