import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A fresh PostgreSQL database for one e2e suite, so the test can write to the same database as
 * the server it starts (`startServer({ DATABASE_URL: db.url })`; PGlite lives inside the server
 * process and cannot be shared). It is a copy of the run's template, which a server start
 * migrated and seeded once (global-setup.ts): the file's own server start then only re-runs the
 * idempotent seed. Without the template (no PostgreSQL at setup), an empty database, which the
 * server migrates and seeds on start.
 */
export const E2E_ADMIN_URL =
  process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://root@127.0.0.1:5432/postgres";

export interface E2eDatabase {
  url: string;
  /** True when it is a copy of the migrated and seeded template: a server start is not needed first. */
  prepared: boolean;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

export async function createE2eDatabase(): Promise<E2eDatabase> {
  const name = `parkwell_e2e_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: E2E_ADMIN_URL });
  const template = inject("pgTemplate");
  await admin.connect();
  await admin.query(
    template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`,
  );
  await admin.end();
  const url = new URL(E2E_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // DROP DATABASE ... WITH (FORCE) at the end may cut a client still closing: expected, not a failure.
  pool.on("error", () => undefined);
  return {
    url: url.toString(),
    prepared: Boolean(template),
    async query<T>(text: string, values: unknown[] = []) {
      return (await pool.query(text, values)).rows as T[];
    },
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: E2E_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface SignedInUser {
  id: string;
  email: string;
  /** The bearer token, for localStorage `parkwell_user_token`. */
  token: string;
}

/**
 * A verified user with a live session, written with SQL (the session table keeps only the
 * token's SHA-256, as the server does). Run it after the server has migrated the database.
 */
export async function createSignedInUser(
  db: E2eDatabase,
  overrides: { countryId?: number; firstName?: string; email?: string } = {},
): Promise<SignedInUser> {
  const email = overrides.email ?? `e2e.${randomBytes(5).toString("hex")}@parkwell.test`;
  const [user] = await db.query<{ id: string }>(
    // The current Terms accepted, as at registration (decision 035): no notice over the pages tested.
    `INSERT INTO users (email, first_name, last_name, country_id, email_verified_at, accepted_terms_version, accepted_terms_at)
     VALUES ($1, $2, 'Tester', $3, $4::timestamptz,
             (SELECT max(version) FROM page_versions WHERE page_key = 'terms'), $4::timestamptz) RETURNING id`,
    [email, overrides.firstName ?? "Ada", overrides.countryId ?? 1, new Date().toISOString()],
  );
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, idle_timeout_seconds, expires_at)
     VALUES ($1, $2, 86400, $3::timestamptz)`,
    // The test's clock, which the app reads too (the test clock may set it), not the server's now().
    [
      user!.id,
      createHash("sha256").update(token).digest("hex"),
      new Date(Date.now() + 30 * 86_400_000).toISOString(),
    ],
  );
  return { id: user!.id, email, token };
}
