import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, pgliteDatabase, type Database } from "../db/client";
import { hasReplayed, parseLsn } from "../db/read-replicas";

/**
 * The API suite's databases, reused within a worker: once a test file's context closes, its copy
 * of the run's template (global-setup.ts) is put back to the template's state and handed to the
 * worker's next file. A new copy costs far more than that: a PGlite start from the template untars
 * 86 MB into its emulated file system and starts PostgreSQL (about 1.2 s of CPU), a PostgreSQL
 * `CREATE DATABASE … TEMPLATE` copies 1,100 relations' files (and dropping it unlinks them). The
 * reset reads a digest of every table, writes back only the tables a test changed, and sets every
 * sequence back: the PGlite suite took 42 % less CPU, the PostgreSQL suite 12 % less
 * (docs/decisions/062-test-databases-reused.md; bench/results/history.md, 2026-12-01 morning).
 *
 * A copy whose schema a test changed and did not change back, or whose reset fails, is closed
 * (PGlite) or dropped (PostgreSQL) instead, so a file always starts from the template's state.
 */

/** How many reset copies a worker keeps for its next files (a file may hold two at once). */
const KEPT = 2;

/** How many reset copies this worker keeps now (its test reads it). */
export const copiesKept = (): number => keptPglite.length + keptPg.length;

/** The template's rows, table by table, and its sequences: read once per worker from its first copy. */
interface Snapshot<Rows> {
  /** Every table's digest (see DIGEST): a table whose digest is the same needs nothing put back. */
  digests: Map<string, string>;
  /** The non-empty tables' rows. */
  rows: Map<string, Rows>;
  /** Each sequence's next value as `setval` takes it: the last one given, or its start if none was. */
  sequences: { name: string; value: string; called: boolean }[];
  /** What the schema looked like: see SHAPE. */
  shape: string;
}

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

const TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 WHERE c.relkind = 'r' AND c.relpersistence <> 't'
   AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
 ORDER BY 1`;

/**
 * Each table's row count and the sum of its rows' 64-bit hashes, in one statement: a table a test
 * wrote to and did not write back differs (reading the template's 590 kB of rows is cheaper than
 * writing them back: the 306 parks alone have 25 indexes).
 */
const DIGEST = (tables: string[]) =>
  tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, count(*) || ':' || coalesce(sum(hashtextextended(t::text, 0)), 0) AS digest FROM ${table} t`,
    )
    .join(" UNION ALL ");

const SEQUENCES = `SELECT format('%I.%I', schemaname, sequencename) AS name,
       coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
  FROM pg_sequences`;

/** Counts that change when a test creates, drops or disables something and leaves it so. */
const SHAPE = `SELECT concat_ws('/',
  (SELECT count(*) FROM pg_class), (SELECT count(*) FROM pg_proc),
  (SELECT count(*) FROM pg_trigger), (SELECT count(*) FROM pg_trigger WHERE tgenabled = 'O'),
  (SELECT count(*) FROM pg_attribute WHERE NOT attisdropped), (SELECT count(*) FROM pg_constraint)
) AS shape`;

async function shapeOf(query: Query): Promise<string> {
  return (await query<{ shape: string }>(SHAPE))[0]!.shape;
}

async function digestsOf(query: Query, tables: Iterable<string>): Promise<Map<string, string>> {
  const rows = await query<{ name: string; digest: string }>(DIGEST([...tables]));
  return new Map(rows.map((r) => [r.name, r.digest]));
}

async function snapshotOf<Rows>(
  query: Query,
  rowsOf: (table: string) => Promise<Rows | null>,
): Promise<Snapshot<Rows>> {
  const tables = (await query<{ name: string }>(TABLES)).map((r) => r.name);
  const rows = new Map<string, Rows>();
  for (const table of tables) {
    const kept = await rowsOf(table);
    if (kept !== null) rows.set(table, kept);
  }
  return {
    digests: await digestsOf(query, tables),
    rows,
    sequences: await query<Snapshot<Rows>["sequences"][number]>(SEQUENCES),
    shape: await shapeOf(query),
  };
}

/**
 * Puts a copy back to `from`, inside the caller's transaction: the tables whose digest changed
 * emptied and filled again with triggers (and the foreign keys' checks, which are triggers) off,
 * so their rows come back exactly as they were; then every sequence. Throws when the schema changed.
 */
async function putBack<Rows>(
  query: Query,
  from: Snapshot<Rows>,
  insert: (table: string, rows: Rows) => Promise<void>,
): Promise<void> {
  if ((await shapeOf(query)) !== from.shape) throw new Error("the schema changed");
  const now = await digestsOf(query, from.digests.keys());
  const changed = [...from.digests].filter(([table, digest]) => now.get(table) !== digest).map(([t]) => t);
  await query("SET LOCAL session_replication_role = replica");
  if (changed.length > 0) await query(changed.map((table) => `DELETE FROM ${table}`).join("; "));
  for (const table of changed) {
    const rows = from.rows.get(table);
    if (rows !== undefined) await insert(table, rows);
  }
  if (from.sequences.length === 0) return;
  const calls = from.sequences.map(
    (_, i) => `setval($${3 * i + 1}::regclass, $${3 * i + 2}::bigint, $${3 * i + 3}::boolean)`,
  );
  await query(
    `SELECT ${calls.join(", ")}`,
    from.sequences.flatMap((s) => [s.name, s.value, s.called]),
  );
}

// PGlite: a worker's copies are PGlite instances; rows are kept as COPY's output.

const keptPglite: PGlite[] = [];
let pgliteSnapshot: Snapshot<Blob> | undefined;

/** Statements without values go through the simple protocol, which takes several at once. */
const pgliteQuery =
  (client: Pick<PGlite, "query" | "exec">): Query =>
  async <T>(text: string, params?: unknown[]) =>
    params
      ? (await client.query<T>(text, params)).rows
      : (((await client.exec(text)).at(-1)?.rows as T[] | undefined) ?? []);

/** A PGlite copy of the template for one test file: a kept one, or a new start from `template`. */
export async function leasePgliteCopy(template: () => Blob): Promise<Database> {
  let client = keptPglite.pop();
  if (!client) {
    const fresh = await openDatabase({ loadDataDir: template() });
    if (fresh.raw.engine !== "pglite") throw new Error("expected PGlite");
    client = fresh.raw.client;
    pgliteSnapshot ??= await snapshotOf(pgliteQuery(client), async (table) => {
      const copied = await client!.query(`COPY ${table} TO '/dev/blob'`);
      return copied.blob && copied.blob.size > 0 ? copied.blob : null;
    });
  }
  return leasePglite(client);
}

/**
 * The file's handle: its calls reach the database only until it is closed (a timer of a closed
 * app's that fires later fails, as on a closed database, instead of writing into the next file's).
 */
function leasePglite(client: PGlite): Database {
  let open = true;
  const handle = new Proxy(client, {
    get(target, prop) {
      if (!open) throw new Error("PGlite is closed");
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return pgliteDatabase(handle, async () => {
    if (!open) return;
    open = false;
    await givePgliteBack(client);
  });
}

async function givePgliteBack(client: PGlite): Promise<void> {
  const from = pgliteSnapshot;
  if (keptPglite.length >= KEPT || !from) return client.close();
  try {
    // The session's settings, temporary tables and advisory locks go (not in a transaction).
    await client.exec("DISCARD ALL");
    await client.transaction((tx) =>
      putBack(pgliteQuery(tx), from, async (table, blob) => {
        await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob });
      }),
    );
    keptPglite.push(client);
  } catch {
    await client.close();
  }
}

// PostgreSQL: a worker's copies are databases named after the template (so the run's teardown
// drops what the workers kept); rows are kept as JSON, with the columns they fill.

const keptPg: string[] = [];
let pgSnapshot: Snapshot<{ json: string; columns: string }> | undefined;

/** Several statements without values answer one result each: the last one's rows. */
const pgQuery =
  (client: pg.ClientBase): Query =>
  async <T>(text: string, params?: unknown[]) => {
    const result = (await client.query(text, params)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows) as T[];
  };

/** The names a worker's copies of `template` take: the run's teardown drops every one left. */
const copyPrefix = (template: string) => `${template}_c_`;

/** A PostgreSQL copy of `template` for one test file: a kept database's name, or a new one's. */
export async function leasePgCopy(adminUrl: string, template: string): Promise<string> {
  const name = keptPg.pop();
  if (name) return name;
  const created = `${copyPrefix(template)}${process.pid}_${randomBytes(3).toString("hex")}`;
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${created}" TEMPLATE "${template}"`));
  if (!pgSnapshot) {
    pgSnapshot = await withClient(databaseUrl(adminUrl, created), (c) =>
      snapshotOf(pgQuery(c), async (table) => {
        const { rows } = await c.query<{ json: string | null; columns: string }>(
          // Generated columns are left out (computed again); identity columns take the kept values.
          `SELECT (SELECT json_agg(t)::text FROM ${table} t) AS json,
                  (SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
                    WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
                      AND attgenerated = '') AS columns`,
          [table],
        );
        const row = rows[0];
        return row?.json ? { json: row.json, columns: row.columns } : null;
      }),
    );
  }
  return created;
}

/**
 * Gives a copy back once every connection to it is closed: reset and kept, or dropped. A
 * connection a test left open in a transaction makes the reset wait at most `lock_timeout`.
 */
export async function givePgBack(adminUrl: string, name: string): Promise<void> {
  const from = pgSnapshot;
  if (keptPg.length < KEPT && from) {
    const reset = await withClient(databaseUrl(adminUrl, name), async (c) => {
      const query = pgQuery(c);
      await c.query("BEGIN");
      try {
        await c.query("SET LOCAL lock_timeout = '5s'");
        await putBack(query, from, async (table, { json, columns }) => {
          await c.query(
            `INSERT INTO ${table} (${columns}) OVERRIDING SYSTEM VALUE
             SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`,
            [json],
          );
        });
        await c.query("COMMIT");
        const { rows } = await c.query<{ lsn: string }>("SELECT pg_current_wal_insert_lsn()::text AS lsn");
        return replayedOnReplica(name, rows[0]!.lsn);
      } catch {
        await c.query("ROLLBACK").catch(() => {});
        return false;
      }
    }).catch(() => false);
    if (reset) {
      keptPg.push(name);
      return;
    }
  }
  await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * With a streaming replica (npm run test:replica, TEST_DATABASE_READ_URL), whether it has replayed
 * the primary up to `lsn` (the reset) within 15 s: a copy is handed on only then, or the next file's
 * reads from the replica would see the last file's rows.
 */
async function replayedOnReplica(name: string, lsn: string): Promise<boolean> {
  const base = process.env.TEST_DATABASE_READ_URL;
  if (!base) return true;
  const target = parseLsn(lsn)!;
  return withClient(databaseUrl(base, name), async (c) => {
    for (const until = Date.now() + 15_000; Date.now() < until;) {
      const { rows } = await c.query<{ lsn: string | null }>("SELECT pg_last_wal_replay_lsn()::text AS lsn");
      const replayed = parseLsn(rows[0]?.lsn);
      if (replayed !== null && hasReplayed(replayed, target)) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  });
}

/** Drops every copy of `template` the workers kept (the run's teardown). */
export async function dropCopies(admin: pg.ClientBase, template: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
    [copyPrefix(template)],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

/** The URL of database `name` on the server of `serverUrl` (its user, host and options). */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One connection to `url` for `use`, closed after it. */
export async function withClient<T>(url: string, use: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await use(c);
  } finally {
    await c.end();
  }
}
