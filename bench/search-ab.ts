/**
 * `npm run bench:search:ab -- <B checkout> [case,...]`: is a piece of the park search worth
 * keeping? Runs the search's SQL directly (the API's own plan, through `pg`, 20 clients, the
 * search pool's size) on the 500,000-park benchmark database (`npm run bench:search` seeds it),
 * alternating A (this checkout) and B (another checkout: a git worktree with the piece removed) for
 * BENCH_ROUNDS rounds per case, each side in a fresh process with fresh connections. B may instead
 * (or also) be a change to the database made for B's rounds and undone after them:
 * BENCH_B_SQL / BENCH_A_SQL (e.g. marking an index invalid so the planner ignores it). Prints each
 * figure's median and B's change against A. Method and results: bench/README.md.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { ParkListQuerySchema } from "@parkwell/contract";
import { openDatabase, queryBuilt } from "../apps/api/src/db/client";
import { planSearch, type Exec } from "../apps/api/src/features/parks/parks.search-plan";
import { searchWords } from "../apps/api/src/features/parks/parks.repo";
import { searchSpec } from "../apps/api/src/features/parks/parks.service";
import { ROOT } from "./bench-env";
import { loadDirect, mid, type LoadResult } from "./load";
import { searchCases } from "./search-cases";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = "/parkwell_bench";
  return u.toString();
})();
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 4);
const COUNTRY_IDS: Record<string, number> = { NG: 1, CA: 2, SN: 3, US: 4 };

/** One side's measurement of one case: this checkout's plan, in this process. */
async function child(caseName: string): Promise<void> {
  const c = searchCases().find((x) => x.name === caseName);
  if (!c) throw new Error(`no case ${caseName}`);
  const database = await openDatabase({ url, poolSize: POOL_SIZE, statementTimeoutMs: 0 });
  try {
    const specs = c.queries.map((query) => {
      const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      return searchSpec(q, q.country ? COUNTRY_IDS[q.country] : undefined);
    });
    const exec: Exec = (query, options) => queryBuilt(database.db, query, options?.prepared);
    const words = searchWords(database.db);
    const run = (i: number) => planSearch(specs[i]!, exec, words);
    await loadDirect(specs.length, run, CONNECTIONS, 2); // warm-up: every pooled connection open
    const backends = await backendPids();
    const [pgBefore, selfBefore] = [cpuOf(backends), process.cpuUsage()];
    const result = await loadDirect(specs.length, run, CONNECTIONS, SECONDS);
    const self = process.cpuUsage(selfBefore);
    const cpu: Cpu = {
      postgres: (cpuOf(backends) - pgBefore) / result.count,
      client: (self.user + self.system) / result.count,
    };
    console.log(JSON.stringify({ ...result, cpu }));
  } finally {
    await database.close();
  }
}

/** CPU per search (µs): this run's PostgreSQL backends, and this process (the client and the plan). */
interface Cpu {
  postgres: number;
  client: number;
}

/**
 * The backends of this run's connections: the benchmark database's only users (other work on the
 * same server, e.g. tests, is not counted, as it would be in the server's total).
 */
async function backendPids(): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND application_name LIKE 'parkwell%'",
    );
    return res.rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** User and system CPU (µs) the processes have spent, from Linux's /proc (10 ms ticks). */
function cpuOf(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    total += (Number(fields[11]) + Number(fields[12])) * 10_000;
  }
  return total;
}

async function sqlOn(statements: string | undefined): Promise<void> {
  if (!statements) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

type Measured = LoadResult & { cpu: Cpu };

function measure(checkout: string, caseName: string): Measured {
  const script = path.join(checkout, "bench/search-ab.ts");
  const out = spawnSync("npx", ["tsx", script, "--child", caseName], { cwd: checkout, encoding: "utf8" });
  const line = out.stdout.trim().split("\n").at(-1) ?? "";
  if (out.status !== 0 || !line.startsWith("{")) throw new Error(`${checkout}: ${out.stderr}`);
  return JSON.parse(line) as Measured;
}

/** A search's CPU: the database's and the client's (both compete for the same cores). */
const cpuPer = (r: Measured) => r.cpu.postgres + r.cpu.client;

async function driver(bCheckout: string, caseNames: string[]): Promise<void> {
  const pct = (b: number, a: number) => `${b >= a ? "+" : ""}${Math.round((100 * (b - a)) / a)}%`;
  console.log(`A ${ROOT}, B ${bCheckout}${process.env.BENCH_B_SQL ? ` + ${process.env.BENCH_B_SQL}` : ""}`);
  console.log("| case | A CPU µs | B CPU µs | B vs A | A q/s | B q/s | B vs A | A p99 | B p99 | B vs A |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const caseName of caseNames) {
    const a: Measured[] = [];
    const b: Measured[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A first in even rounds, B first in odd ones: neither side always follows the other.
      for (const side of round % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
        if (side === "a") {
          a.push(measure(ROOT, caseName));
        } else {
          await sqlOn(process.env.BENCH_B_SQL);
          try {
            b.push(measure(bCheckout, caseName));
          } finally {
            await sqlOn(process.env.BENCH_A_SQL);
          }
        }
      }
      const show = (r: Measured) =>
        `${Math.round(cpuPer(r))} µs ${Math.round(r.rps)}/s ${r.p99.toFixed(1)} ms`;
      console.error(`${caseName} round ${round + 1}: A ${show(a.at(-1)!)}, B ${show(b.at(-1)!)}`);
    }
    const [ar, br] = [mid(a.map((r) => r.rps)), mid(b.map((r) => r.rps))];
    const [ap, bp] = [mid(a.map((r) => r.p99)), mid(b.map((r) => r.p99))];
    const [ac, bc] = [mid(a.map(cpuPer)), mid(b.map(cpuPer))];
    console.log(
      `| ${caseName} | ${Math.round(ac)} | ${Math.round(bc)} | ${pct(bc, ac)} | ${Math.round(ar)} | ${Math.round(br)} | ${pct(br, ar)} | ${ap.toFixed(1)} | ${bp.toFixed(1)} | ${pct(bp, ap)} |`,
    );
  }
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  await child(args[1]!);
} else {
  const [bCheckout, only] = args;
  if (!bCheckout) throw new Error("usage: search-ab.ts <B checkout> [case,...]");
  const names = only ? only.split(",") : searchCases().map((c) => c.name);
  await driver(path.resolve(bCheckout), names);
}
