import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../db/client";
import { migrateWithJobs } from "../feature-jobs";
import { seed } from "../db/seed";
import { databaseUrl, dropCopies } from "./template-copies";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PGlite data directory as a tar file, migrated and seeded, that each worker's copies start from. */
    pgliteTemplate: string;
    /** A migrated and seeded PostgreSQL database that each worker copies with CREATE DATABASE ... TEMPLATE. */
    pgTemplate: string;
  }
}

/**
 * Migrates and seeds once per run, so each test file starts from a copy instead of repeating the
 * work: PGlite from a dumped data directory, PostgreSQL from a template database; a worker reuses
 * its copies from file to file (template-copies.ts), and the teardown drops the databases it kept.
 * The seed is demo mode's, as createTestContext runs by default.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB_ENGINE === "postgres") {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error("TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL");
    const name = `parkwell_tpl_${process.pid}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const database = await openDatabase({ url: databaseUrl(adminUrl, name), poolSize: 2 });
    await migrateWithJobs(database);
    await seed(database.db, { demo: true });
    await database.close();
    project.provide("pgTemplate", name);
    return async () => {
      await dropCopies(admin, name);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }

  const database = await openDatabase({});
  await migrateWithJobs(database);
  await seed(database.db, { demo: true });
  if (database.raw.engine !== "pglite") throw new Error("expected PGlite");
  // Not compressed: a start from it takes about half the time of one from the gzipped dump (86 MB
  // against 14 MB on disk; bench/results/history.md). Checkpointed first, so a copy starts without
  // replaying the migrations' and seed's WAL: a start took 0.96 s against 1.35 s (median of 8).
  await database.raw.client.exec("CHECKPOINT");
  const dump = await database.raw.client.dumpDataDir("none");
  const file = path.join(os.tmpdir(), `parkwell-pglite-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", file);
  return async () => fs.rmSync(file, { force: true });
}
