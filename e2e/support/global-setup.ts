import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { E2E_ADMIN_URL } from "./database";
import { startServer, type RunningServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * A PostgreSQL database that a server start migrated and seeded, which createE2eDatabase
     * copies (CREATE DATABASE ... TEMPLATE); "" when PostgreSQL was not reachable.
     */
    pgTemplate: string;
    /** A stopped server's migrated and seeded PGlite directory, for startServer's pgliteFrom. */
    pgliteTemplate: string;
  }
}

let server: RunningServer | undefined;
let dropTemplate: (() => Promise<void>) | undefined;

/**
 * The files with a PostgreSQL database of their own copy this one instead of each migrating and
 * seeding an empty one on their server's start (bench/results/history.md has the figures).
 */
async function createTemplate(): Promise<string> {
  const name = `parkwell_e2e_tpl_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: E2E_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return ""; // no PostgreSQL here: the files that need it fail on their own, saying so
  }
  await admin.query(`CREATE DATABASE "${name}"`);
  dropTemplate = async () => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  const url = new URL(E2E_ADMIN_URL);
  url.pathname = `/${name}`;
  // The same start as a file's server: migrations, the demo-mode seed and the demo pass.
  await (await startServer({ DATABASE_URL: url.toString() })).stop();
  return name;
}

let pgliteTemplate: string | undefined;

/**
 * The same for PGlite: one start migrates and seeds, then the shared server and the files with a
 * PGlite server of their own start from copies of its directory.
 */
async function createPgliteTemplate(): Promise<string> {
  const first = await startServer();
  await first.stop({ keepDataDir: true });
  pgliteTemplate = first.dataDir;
  return path.join(first.dataDir, "pglite");
}

export async function setup(project: TestProject): Promise<void> {
  const [pglite, template] = await Promise.all([createPgliteTemplate(), createTemplate()]);
  server = await startServer({}, { pgliteFrom: pglite });
  project.provide("baseURL", server.url);
  project.provide("pgTemplate", template);
  project.provide("pgliteTemplate", pglite);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  await dropTemplate?.();
  if (pgliteTemplate) fs.rmSync(pgliteTemplate, { recursive: true, force: true });
}
