import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { API_ROOT } from "../config";
import { queryRows, type Database, type Db } from "./client";

export const MIGRATIONS_DIR = path.join(API_ROOT, "drizzle");

// Any fixed number: every process that migrates takes the same advisory lock first.
const MIGRATION_LOCK_KEY = 7_211_094;

/** A connection that runs a statement (PostgreSQL: the migration's own, holding its lock). */
export interface MigrationConnection {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * Applies the committed drizzle-kit migrations. On PostgreSQL, processes starting together take turns.
 * `migrationsFolder` is for tests that stop at an earlier migration. `then` runs right after, still
 * under the lock and (PostgreSQL) on the migration's connection: the app installs its job queues
 * there (feature-jobs.ts `migrateWithJobs`), which this layer knows nothing of.
 */
export async function migrate(
  database: Database,
  migrationsFolder = MIGRATIONS_DIR,
  then?: (connection?: MigrationConnection) => Promise<void>,
): Promise<void> {
  const config = { migrationsFolder };
  const raw = database.raw;
  if (raw.engine === "pglite") {
    await migratePglite(drizzlePglite({ client: raw.client }), config);
    await then?.();
    return;
  }
  const client = await raw.pool.connect();
  try {
    // The pool bounds every statement for requests (db/client.ts); a migration's index build or
    // back-fill on a large catalogue takes longer (500,000 parks: 15-25 s) and is not a request.
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), config);
    // What must follow the migrations (the app's job queues), on this connection, under the same lock.
    await then?.(client);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.query("RESET statement_timeout").catch(() => {});
    client.release();
  }
}

export function expectedMigrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}
