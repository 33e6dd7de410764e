import { randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp, type AppDeps } from "../app";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { formatLsn } from "../db/read-replicas";
import { migrateWithJobs } from "../feature-jobs";
import { seed } from "../db/seed";
import type { Clock } from "../lib/clock";
import { READ_AFTER_COOKIE } from "../plugins/read-your-writes";
import { setContextClock } from "./test-clock";
import { databaseUrl, givePgBack, leasePgCopy, leasePgliteCopy, withClient } from "./template-copies";

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The PostgreSQL database's URL (undefined on PGlite): open more pools on it with `anotherApp`. */
  url?: string | undefined;
  close(): Promise<void>;
}

/** Which engine the API suite runs on: PGlite by default, PostgreSQL with TEST_DB_ENGINE=postgres. */
export const TEST_ENGINE = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

/** The suite's configuration, `env` over it. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    PUBLIC_URL: "http://parkwell.test",
    // The suite runs in demo mode (demo provider, demo accounts); a test turns it off with DEMO_MODE=false.
    DEMO_MODE: "true",
    // Mail written as .eml files goes to a temporary folder, never the repository's data/.
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-test-")),
    ...env,
  });
}

/**
 * A migrated and seeded database per call, in the template's state (PGlite in memory, or a
 * PostgreSQL database on TEST_DATABASE_URL's server; a copy the worker reuses after putting its
 * rows back, template-copies.ts) and the app built on it; `deps.clock`
 * is the time the app's rules read (by default the process's, which the test clock may set).
 */
export async function createTestContext(
  env: Record<string, string> = {},
  deps: { clock?: Clock; sitemap?: AppDeps["sitemap"]; bookings?: AppDeps["bookings"] } = {},
): Promise<TestContext> {
  const config = testConfig(env);
  // The template is seeded in demo mode: without it, a database seeded afresh without the demo part.
  const { database, drop, prepared, url } = await freshDatabase({ blank: !config.DEMO_MODE });
  try {
    if (!prepared) {
      await migrateWithJobs(database);
      await seed(database.db, { demo: config.DEMO_MODE });
    }
    const app = await buildApp({ database, config, logger: false, ...deps });
    await app.ready();
    if (deps.clock) setContextClock(database.db, deps.clock);
    readAfterEveryWrite(app, database);
    return {
      app,
      database,
      config,
      url,
      async close() {
        await app.close();
        await database.close();
        await drop();
      },
    };
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
}

/** A context of its own for one test (other settings than the file's): built, used, then closed. */
export async function withTestContext<T>(
  env: Record<string, string>,
  use: (ctx: TestContext) => Promise<T>,
): Promise<T> {
  const ctx = await createTestContext(env);
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

export interface FreshDatabase {
  database: Database;
  drop: () => Promise<void>;
  /** True when it is a copy of the run's migrated and seeded template (see global-setup.ts). */
  prepared: boolean;
  /** PostgreSQL only: the database's URL, for a second app instance on the same database. */
  url?: string;
}

/**
 * A database of its own for a test file: a copy of the run's template when there is one (one of
 * the worker's, reset; `drop` gives it back), or an empty one (nothing migrated) with `blank`.
 */
export async function freshDatabase(options: { blank?: boolean } = {}): Promise<FreshDatabase> {
  if (TEST_ENGINE === "pglite") {
    const template = options.blank ? undefined : inject("pgliteTemplate");
    if (template && fs.existsSync(template)) {
      const database = await leasePgliteCopy(() => new Blob([templateBytes(template)]));
      return { database, drop: async () => {}, prepared: true };
    }
    return { database: await openDatabase({}), drop: async () => {}, prepared: false };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
  const template = options.blank ? undefined : inject("pgTemplate");
  const name = template
    ? await leasePgCopy(adminUrl, template)
    : `parkwell_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  if (!template) await withClient(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url, poolSize: 20, readUrls: replicaUrls(name) });
  if (database.replicas) await inRotation(database);
  return {
    database,
    prepared: Boolean(template),
    url,
    async drop() {
      if (template) return givePgBack(adminUrl, name);
      await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** The PGlite template's bytes, read once per worker (the files of a worker share this module). */
let templateRead: { file: string; bytes: Buffer } | undefined;
function templateBytes(file: string): Buffer {
  if (templateRead?.file !== file) templateRead = { file, bytes: fs.readFileSync(file) };
  return templateRead.bytes;
}

/**
 * npm run test:replica: the same database on TEST_DATABASE_READ_URL's server, a streaming replica
 * of TEST_DATABASE_URL's (the public reads go to it); none otherwise.
 */
export function replicaUrls(name: string): string[] {
  const base = process.env.TEST_DATABASE_READ_URL;
  return base ? [databaseUrl(base, name)] : [];
}

/** Waits until every replica of `database` is in rotation (it has replayed the database's creation). */
export async function inRotation(database: Database, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    await database.replicas?.check();
    const states = database.replicas?.states() ?? [];
    if (states.every((s) => s.inRotation)) return;
    if (Date.now() > until) throw new Error(`replica not in rotation: ${JSON.stringify(states)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * With a replica, each request the test sends carries the read-after position of everything
 * written so far (what a browser's cookie carries after its own writes): a test that writes
 * through its factories and then reads through the API reads what it wrote, from the replica once
 * it has replayed it, else from the primary.
 */
function readAfterEveryWrite(app: FastifyInstance, database: Database): void {
  const replicas = database.replicas;
  if (!replicas) return;
  const send = app.inject.bind(app) as (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  const withFloor = async (opts: InjectOptions | string) => {
    const options = typeof opts === "string" ? { url: opts } : opts;
    const lsn = await replicas.primaryLsn();
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (lsn !== null) {
      const cookie = `${READ_AFTER_COOKIE}=${encodeURIComponent(formatLsn(lsn))}`;
      headers.cookie = headers.cookie ? `${headers.cookie}; ${cookie}` : cookie;
    }
    return send({ ...options, headers });
  };
  (app as unknown as { inject: typeof withFloor }).inject = withFloor;
}

/**
 * A second application process on the same PostgreSQL database: its own pool and its own app
 * (what two API instances behind a load balancer are). Close it before the context.
 */
export async function anotherApp(
  ctx: TestContext,
  extra: Partial<Parameters<typeof buildApp>[0]> = {},
  poolSize = 20,
): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  if (!ctx.url) throw new Error("anotherApp needs PostgreSQL (TEST_DB_ENGINE=postgres)");
  const database = await openDatabase({ url: ctx.url, poolSize });
  const app = await buildApp({ database, config: ctx.config, logger: false, ...extra });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Starts `app` on a free local port, as a race test's clients reach an instance: its `/api/v1` base URL. */
export async function listenApi(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`;
}

/**
 * A race test's request to an instance started by listenApi: `user`'s bearer token, the JSON
 * `payload` if any; the status and the parsed body.
 */
export async function sendApi(
  base: string,
  user: { token: string },
  method: string,
  path: string,
  payload?: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(payload ? { "content-type": "application/json" } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
