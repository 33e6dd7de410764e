import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows } from "../apps/api/src/db/client";
import { migrate } from "../apps/api/src/db/migrate";
import { seed } from "../apps/api/src/db/seed";
import { seedSyntheticParks, SYNTHETIC_ID_BASE } from "../apps/api/src/db/seed/synthetic-parks";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.js";

export const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Writes a benchmark's report to bench/results/<name>, formatted as the repository's Prettier
 * formats it: committed results pass `npm run check` as written.
 */
export function writeResults(name: string, markdown: string): void {
  const file = path.join(ROOT, "bench/results", name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  const formatted = spawnSync("npx", ["prettier", "--write", file], { cwd: ROOT, stdio: "ignore" });
  if (formatted.status !== 0) console.error(`prettier could not format ${file}`);
}

/** How long one database's synthetic parks took to generate, for a benchmark's report. */
export interface Generation {
  name: string;
  parks: number;
  seconds: number;
}

/** The generations done by ensureParks in this process, in order. */
export const generations: Generation[] = [];

/**
 * A database holding the demo parks plus synthetic parks 1..n: a PostgreSQL database `name` on
 * the admin URL's server (created if missing), or, without an admin URL, a PGlite DATA_DIR `name`.
 * Returns the PostgreSQL URL. Seeding is skipped when the parks are already there; when it is
 * not, its time and rate are printed and kept in `generations`.
 */
export async function ensureParks(adminUrl: string | undefined, name: string, n: number): Promise<string> {
  let url: string | undefined;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  // Set-up, not requests: no statement bound (a bulk load's index rebuilds take longer).
  const database = await openDatabase(
    url ? { url, statementTimeoutMs: 0 } : { dataDir: path.join(name, "pglite") },
  );
  try {
    await migrate(database);
    const [have] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM parks WHERE id > ${SYNTHETIC_ID_BASE}`,
    );
    if ((have?.n ?? 0) < n) {
      console.error(`seeding ${n} synthetic parks into ${name}...`);
      const started = performance.now();
      await seed(database.db);
      await seedSyntheticParks(database.db, n, (line) => console.error(line), { ratings: true });
      const seconds = (performance.now() - started) / 1000;
      generations.push({ name, parks: n, seconds });
      console.error(
        `generated ${n.toLocaleString("en")} parks into ${name} in ${seconds.toFixed(0)} s (${Math.round(n / seconds).toLocaleString("en")} parks/s)`,
      );
    }
    if (url) {
      // The calibration statement (search-targets.ts, bench/README.md) orders by ll_to_earth, which the
      // app's KNN indexes no longer are on (migration 0015): its own index, as it was measured on.
      await database.db.execute(
        sql`CREATE INDEX IF NOT EXISTS parks_calibration_earth_idx ON parks USING gist (ll_to_earth(lat, lng))
            INCLUDE (lat, lng, id) WITH (buffering = on) WHERE status = 'active'`,
      );
    }
    // A long-running database is vacuumed: the visibility map lets capped counts run index-only.
    await database.db.execute(sql`VACUUM ANALYZE`);
  } finally {
    await database.close();
  }
  return url ?? "";
}

export interface RunningApi {
  url: string;
  /** The process started (with several API processes, their cluster's primary). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * The built API (apps/api/dist/server.js) as its own process, like production; with `processes`
 * above one, that many sharing the port (bench/cluster-api.mjs), as behind a load balancer.
 */
export async function startApi(env: Record<string, string>, processes = 1): Promise<RunningApi> {
  const build = spawnSync("npm", ["run", "build", "-w", "@parkwell/api"], { cwd: ROOT, stdio: "ignore" });
  if (build.status !== 0) throw new Error("building the API failed");
  const main = processes > 1 ? "bench/cluster-api.mjs" : "apps/api/dist/server.js";
  // DEMO_MODE=false: the first-try default would otherwise run demo mode's reset during a measurement.
  const base = { API_PROCESSES: String(processes), SEED: "false", DATABASE_URL: "", DEMO_MODE: "false" };
  return startServer(main, { ...base, ...env });
}

/**
 * The search's HTTP floor (bench/http-floor.mjs): a Fastify process answering the park search's
 * path with one answer of the API's (`headers` and `body`), doing nothing else.
 */
export async function startHttpFloor(answer: { headers: Record<string, string>; body: string }) {
  const file = path.join(os.tmpdir(), `parkwell-floor-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answer));
  const floor = await startServer("bench/http-floor.mjs", { FLOOR_ANSWER: file });
  return { ...floor, stop: () => floor.stop().finally(() => fs.rmSync(file, { force: true })) };
}

/** A Node server of the repository's (`main`) on a free port, with the API's flags; ready once /api/health answers. */
async function startServer(main: string, env: Record<string, string>): Promise<RunningApi> {
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, main)], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`${main} exited during start`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
