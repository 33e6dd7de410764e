import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows } from "../apps/api/src/db/client";
import { migrateWithJobs } from "../apps/api/src/feature-jobs";
import { seed } from "../apps/api/src/db/seed";
import { seedSyntheticParks, SYNTHETIC_ID_BASE } from "../apps/api/src/db/seed/synthetic-parks";
import {
  exited,
  haproxyBinary,
  startApi as startClusterApi,
  startHaproxy,
  waitHealthy,
} from "../scripts/cluster-lib.mjs";
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
    await migrateWithJobs(database);
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

/** Drops and creates the PostgreSQL database `name` on the admin URL's server; its URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface Cluster {
  /** HAProxy's address, the only one the load is sent to. */
  url: string;
  /** The API processes behind HAProxy. */
  apiPids: number[];
  /** The process that runs the job workers and serves no traffic. */
  workerPid: number;
  stop(): Promise<void>;
}

/**
 * The deployment of `npm run start:cluster` (scripts/cluster-lib.mjs): `processes` built API
 * processes with JOB_WORKERS=false behind HAProxy (deploy/haproxy.cfg), plus the same server
 * with JOB_WORKERS=true on a port no request is sent to, so the background jobs (the booking
 * mails) run beside the measured processes as they would in production. `env` is every
 * process's environment (DATABASE_URL, REDIS_URL, ...).
 */
export async function startCluster(env: Record<string, string>, processes: number): Promise<Cluster> {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error("the cluster needs HAProxy (apt-get install haproxy, or HAPROXY_BIN)");
  const build = spawnSync("npm", ["run", "build", "-w", "@parkwell/api"], { cwd: ROOT, stdio: "ignore" });
  if (build.status !== 0) throw new Error("building the API failed");
  const port = 4400 + Math.floor(Math.random() * 100) * 8;
  const apiPorts = Array.from({ length: processes }, (_, i) => port + 1 + i);
  const workerPort = port + processes + 1;
  const base = {
    ...process.env,
    TRUST_PROXY: "true",
    DRAIN_DELAY_MS: "0",
    SEED: "false",
    DEMO_MODE: "false",
    ...env,
  };
  const apis = apiPorts.map((p) => startClusterApi({ port: p, env: { ...base, JOB_WORKERS: "false" } }));
  const worker = startClusterApi({ port: workerPort, env: { ...base, JOB_WORKERS: "true" } });
  const children = [...apis, worker];
  // HAProxy first: the load has ended, and its warnings would only report the processes stopping.
  const stop = async () => {
    if (lb && lb.exitCode === null && lb.signalCode === null) {
      lb.kill("SIGTERM");
      await exited(lb);
    }
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGTERM");
    await Promise.all(children.map((c) => exited(c)));
  };
  let lb: ChildProcess | null = null;
  try {
    await Promise.all([...apiPorts, workerPort].map((p, i) => waitHealthy(p, children[i]!)));
    lb = startHaproxy({ bin: haproxy, bind: `127.0.0.1:${port}`, apiPorts });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      const ok = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    // HAProxy's first round of checks (every second) sees each process up before the load starts.
    await new Promise((r) => setTimeout(r, 1_500));
    return { url, apiPids: apis.map((a) => a.pid!), workerPid: worker.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

const TICKS_PER_SECOND = 100;

/** The machine's load average over 1, 5 and 15 minutes ("6.7 / 7.3 / 4.9"): what a report says of how busy it was. */
export function loadAverage(digits = 1): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(" / ");
}

/** The PostgreSQL backends serving database `name` (the API processes' connections), but `admin`'s own. */
export async function databaseBackends(admin: pg.Client, name: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
    [name],
  );
  return rows.map((r) => Number(r.pid));
}

/** CPU seconds (user + system) a process has used so far; 0 when it has gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * The CPU seconds of a set of processes between `start` and the returned function's call:
 * `pids()` is asked at both ends (PostgreSQL's backends come and go with the pools), and a
 * process seen only at the end counts from zero.
 */
export async function cpuMeter(pids: () => Promise<number[]> | number[]) {
  const before = new Map((await pids()).map((p) => [p, cpuSeconds(p)]));
  return async () => {
    let total = 0;
    for (const p of await pids()) total += cpuSeconds(p) - (before.get(p) ?? 0);
    return total;
  };
}

/**
 * A POST's answer: its status (0 when none came), for an error the body's `code`, and when to ask
 * again in seconds (a 202's `retry_after_seconds`, else the Retry-After header).
 */
export interface PostAnswer {
  status: number;
  code: string;
  retryAfter?: number;
}

/**
 * POSTs a JSON body with a lean client (keep-alive node:http on `agent`, as autocannon in
 * bench:search): the load generator shares the cores with the API and PostgreSQL, and `fetch`
 * costs several times more per request. A success's body is not read.
 */
export function postJson(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<PostAnswer> {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        if (status >= 400 || status === 202) res.on("data", (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on("end", () => {
          let code = "";
          if (status === 202) {
            // A place in the on-sale's line: when to ask again, from the body (to the quarter second).
            try {
              const wait = Number(
                (JSON.parse(Buffer.concat(chunks).toString()) as { retry_after_seconds?: unknown })
                  .retry_after_seconds,
              );
              if (Number.isFinite(wait) && wait > 0) return resolve({ status, code, retryAfter: wait });
            } catch {
              // The header's whole seconds, below.
            }
          }
          if (status >= 400) {
            try {
              code = String((JSON.parse(Buffer.concat(chunks).toString()) as { code?: unknown }).code ?? "");
            } catch {
              code = "(not JSON)";
            }
          }
          const retryAfter = Number(res.headers["retry-after"]);
          resolve(
            Number.isFinite(retryAfter) && retryAfter > 0 ? { status, code, retryAfter } : { status, code },
          );
        });
        res.on("error", () => resolve({ status: 0, code: "connection" }));
      },
    );
    req.on("error", () => resolve({ status: 0, code: "connection" }));
    req.end(body);
  });
}
