import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import type { SQL } from "drizzle-orm";
import * as schema from "./schema/index";
import { ReadReplicas, ReadRoutingPool } from "./read-replicas";
import type { BuiltQuery } from "./sql-text";
import type { Tx } from "./tx";

export type Schema = typeof schema;
/** The one database type the code sees, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Engine = "pglite" | "postgres";

export type RawClient =
  | { engine: "pglite"; client: PGlite }
  | { engine: "postgres"; pool: pg.Pool; searchPool: pg.Pool; url: string };

export interface Database {
  db: Db;
  /**
   * The public browsing's handle (the park search and pages, events and marketplace browsing,
   * sitemaps, public figures): reads that decide neither money nor capacity. On PostgreSQL a pool
   * of its own, sized for statements that keep the CPU busy (defaultSearchPoolSize), whose
   * statements go to a read replica in rotation when DATABASE_READ_URLS names some
   * (read-replicas.ts); on PGlite, `db` itself.
   */
  read: Db;
  /** The read replicas and their state; null without any (PGlite, or none configured). */
  replicas: ReadReplicas | null;
  engine: Engine;
  /** The driver underneath, for the few things Drizzle does not do (migration locks, dumps). */
  raw: RawClient;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres:// URL: real PostgreSQL. Without it: embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL connections for everything but the park search (default 10). */
  poolSize?: number | undefined;
  /** PostgreSQL connections for the public reads (default: defaultSearchPoolSize()), on each replica too. */
  searchPoolSize?: number | undefined;
  /** PostgreSQL only: streaming replicas of `url`'s server that the public reads go to (read-replicas.ts). */
  readUrls?: readonly string[] | undefined;
  /** A replica lagging more than this (ms) is out of rotation (default 5,000). */
  maxReplicaLagMs?: number | undefined;
  /** How often each replica is checked (ms; default 1,000). */
  replicaCheckMs?: number | undefined;
  /**
   * PostgreSQL: the most any statement may take, in ms (default 15,000, so that no request holds a
   * connection forever); 0 for none, for maintenance that is not a request (`npm run seed`, a
   * benchmark's set-up: rebuilding the indexes of 500,000 parks takes longer).
   */
  statementTimeoutMs?: number;
  onPoolError?: (err: Error) => void;
  /** PGlite only: start from a dumped data directory (tests clone a migrated, seeded template). */
  loadDataDir?: Blob;
}

/**
 * The park search's pool unless told otherwise: two connections per core of the machine, at most
 * 10 (docs/decisions/012-pool-size.md). A search keeps its backend busy on the CPU, so connections
 * beyond what the cores run only take turns in the kernel's scheduler, and the API's single event
 * loop, which serves every request, waits its turn among them. On this 2-core machine, 20
 * clients: 4 connections against 10 took the API's p99 from 28 to 18 ms (coordinates) and from 47
 * to 24 ms (text), and the direct SQL's throughput rose 0-10%. Bookings, which wait on row locks
 * with their connection held, keep the other pool: with 4 connections they lost a third to a half
 * of their rate on a contended park.
 */
export function defaultSearchPoolSize(cores = os.availableParallelism()): number {
  return Math.max(2, Math.min(10, 2 * cores));
}

/** The other pool's size unless told otherwise. */
export const DEFAULT_POOL_SIZE = 10;

/** How far (ms) a read replica may lag behind the primary and stay in rotation unless told otherwise. */
export const DEFAULT_MAX_REPLICA_LAG_MS = 5_000;

export const PGLITE_EXTENSIONS = { cube, earthdistance, pg_trgm, btree_gist, citext };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const common = {
      connectionString: options.url,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      idle_in_transaction_session_timeout: 15_000,
      // A server that neither accepts nor refuses (a host gone from the network) fails a request
      // after this rather than holding it; the wait for a free connection counts too.
      connectionTimeoutMillis: 10_000,
    };
    // Named, so that pg_stat_activity tells the two apart. Connections open on demand.
    const pool = new pg.Pool({
      ...common,
      max: options.poolSize ?? DEFAULT_POOL_SIZE,
      application_name: "parkwell",
    });
    const searchPoolConfig = { ...common, max: options.searchPoolSize ?? defaultSearchPoolSize() };
    const searchPool = new pg.Pool({ ...searchPoolConfig, application_name: "parkwell-search" });
    // PostgreSQL going away (a restart, a failover) must never end the process: an idle
    // connection's error reaches the pool's "error" event, and a connection lost while checked
    // out (between a transaction's statements) is reported by its client, which without a
    // listener would be an uncaught exception. Its caller's next statement fails instead (a 503,
    // plugins/errors.ts), and the pool drops it when it is released. Nothing reconnects eagerly:
    // every checkout opens a new connection when none is idle, so the pools recover by themselves.
    for (const p of [pool, searchPool]) {
      p.on("error", (err) => options.onPoolError?.(err));
      p.on("connect", (client) => client.on("error", () => {}));
    }
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const replicas = options.readUrls?.length
      ? new ReadReplicas(pool, {
          urls: options.readUrls,
          maxLagMs: options.maxReplicaLagMs ?? DEFAULT_MAX_REPLICA_LAG_MS,
          checkMs: options.replicaCheckMs,
          pool: searchPoolConfig,
        })
      : null;
    const readClient = replicas ? new ReadRoutingPool(replicas, searchPool) : searchPool;
    const read = drizzlePg({ client: readClient as pg.Pool, schema }) as unknown as Db;
    return {
      db,
      read,
      replicas,
      engine: "postgres",
      raw: { engine: "postgres", pool, searchPool, url: options.url },
      close: async () => {
        await replicas?.close();
        await Promise.all([pool.end(), searchPool.end()]);
      },
    };
  }

  if (options.dataDir) fs.mkdirSync(path.resolve(options.dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.resolve(options.dataDir) } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  return pgliteDatabase(client, () => client.close());
}

/** The app's handle on an open PGlite; `close` ends it (the tests' reused copies reset it instead). */
export function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return { db, read: db, replicas: null, engine: "pglite", raw: { engine: "pglite", client }, close };
}

/** Raw SQL through Drizzle; both drivers return `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/*
 * Named prepared statements for the hot paths whose plan does not depend on their values (index
 * lookups by key): PostgreSQL parses such a statement once per connection and, after a few runs,
 * keeps one generic plan when it costs no more than the custom ones, instead of parsing and
 * planning it at every call (docs/decisions/009-prepared-statements.md: a LIMIT given as a value
 * keeps a statement on custom plans). PGlite runs them as ordinary queries.
 */
const dialect = new PgDialect();

/**
 * Prepared statements' names by text, remembered: the texts are a few hundred shapes (per country,
 * filter and word count), and hashing each search's text again was about 1% of the API's CPU in a profile
 * of country searches. Cleared if it ever grows past the bound.
 */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_MAX = 5_000;

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= STATEMENT_NAMES_MAX) statementNames.clear();
    name = `pw_${createHash("sha1").update(text).digest("hex").slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The one door to Drizzle's session internals (`db._.session.prepareQuery`, not a public API):
 * runs a built statement, as the named prepared statement `name` when one is given (node-postgres
 * prepares it once per connection; PGlite runs it as an ordinary query), and gives its rows.
 * `client.api.test.ts` pins this behaviour, so a Drizzle upgrade that changes it fails there.
 */
export async function runBuilt<T>(
  db: Tx,
  built: BuiltQuery,
  name: string | undefined,
  values?: Record<string, unknown>,
): Promise<T[]> {
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute(values);
  return (result as { rows: T[] }).rows;
}

/** A statement already built (db/sql-text), optionally as a named prepared statement named after its text. */
export function queryBuilt<T>(db: Tx, built: BuiltQuery, prepared = false): Promise<T[]> {
  return runBuilt<T>(db, built, prepared ? statementName(built.sql) : undefined);
}

/**
 * A hot statement built once per database with `sql.placeholder` values, then only executed:
 * Drizzle's query building (walking the columns and joins) costs more than the round trip of a
 * key lookup. `build` must name its statement with `.prepare(name)`. Use it on the database
 * handle, not inside a transaction (a transaction's statements belong to its own connection).
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** A raw statement built once (its values as `sql.placeholder`), run as a named prepared statement. */
export function preparedRows<T>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  return (db: Tx, values: Record<string, unknown>): Promise<T[]> => runBuilt<T>(db, built, name, values);
}
