import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { E2E_ADMIN_URL } from "./database";
import { startServer } from "./server";

/**
 * What the browser tests' servers start from, made once per run: a server start migrates and
 * seeds each, so a file's server (or database) is a copy instead of a fresh migration and seed.
 * npm run test:e2e makes them before its two Vitest processes and hands them to both
 * (E2E_TEMPLATES); a Vitest run started by hand makes its own in its global setup.
 */
export interface E2eTemplates {
  /** A stopped server's migrated and seeded PGlite directory (startServer's pgliteFrom). */
  pglite: string;
  /** A PostgreSQL database, migrated and seeded, that createE2eDatabase copies; "" without PostgreSQL. */
  pg: string;
}

/** The PostgreSQL template: a server start on an empty database, then stopped. */
async function createPgTemplate(): Promise<string> {
  const name = `parkwell_e2e_tpl_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: E2E_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return ""; // no PostgreSQL here: the files that need it fail on their own, saying so
  }
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(E2E_ADMIN_URL);
  url.pathname = `/${name}`;
  // The same start as a file's server: migrations, the demo-mode seed and the demo pass.
  await (await startServer({ DATABASE_URL: url.toString() })).stop();
  return name;
}

/** The PGlite template: one start migrates and seeds, and its directory is kept. */
async function createPgliteTemplate(): Promise<string> {
  const first = await startServer();
  await first.stop({ keepDataDir: true });
  return path.join(first.dataDir, "pglite");
}

export async function createTemplates(): Promise<E2eTemplates> {
  const [pglite, pgName] = await Promise.all([createPgliteTemplate(), createPgTemplate()]);
  return { pglite, pg: pgName };
}

export async function dropTemplates(templates: E2eTemplates): Promise<void> {
  // The PGlite directory's parent is the template server's DATA_DIR.
  fs.rmSync(path.dirname(templates.pglite), { recursive: true, force: true });
  if (!templates.pg) return;
  const admin = new pg.Client({ connectionString: E2E_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${templates.pg}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
