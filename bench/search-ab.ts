/**
 * `npm run bench:search:ab -- <B checkout> [case,...]`: is a piece of the park search worth
 * keeping? A is this checkout, B another one (a git worktree with the piece removed). Each side is
 * a process of its own running its own code's search plan directly through `pg` (half the clients,
 * half the search pool), on the 500,000-park benchmark database that `npm run bench:search`
 * seeds, and the two are loaded **at the same time**, round after round: both meet the same
 * machine at every moment, which on a shared machine whose speed swings within minutes is the
 * only fair comparison. BENCH_DATABASE names another benchmark database (parkwell_bench_small, the
 * 5,000-park one), BENCH_B_DATABASE gives B a database of its own (a copy of the benchmark
 * database with an index marked invalid, to judge an index). Reports each side's throughput, p99
 * and CPU per search (its own PostgreSQL backends', and its client's), and B's change against A
 * as the median of the rounds' ratios. A case written `x:y` has A run case x and B case y (B may
 * be this checkout): two searches of the same code compared at the same moments, e.g.
 * `country:rating`, for a case that older checkouts do not have. Method and results: bench/README.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import type pg from "pg";
import { ParkListQuerySchema } from "@parkwell/contract";
import { openDatabase, queryBuilt } from "../apps/api/src/db/client";
import { planSearch, type Exec } from "../apps/api/src/features/parks/parks.search-plan";
import { searchWords } from "../apps/api/src/features/parks/parks.repo";
import { searchSpec } from "../apps/api/src/features/parks/parks.service";
import { ROOT } from "./bench-env";
import { loadDirect, mid, type LoadResult } from "./load";
import { searchCases } from "./search-cases";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Per side. */
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 20) / 2;
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 4) / 2;
const COUNTRY_IDS: Record<string, number> = { NG: 1, CA: 2, SN: 3, US: 4 };

/** A side's round: its load figures, and CPU per search (µs) of its backends and of its own process. */
type Measured = LoadResult & { postgresCpu: number; clientCpu: number };

/** Every connection of the pool, opened at once: their backends' PIDs. */
async function backendPids(pool: pg.Pool): Promise<number[]> {
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  try {
    return await Promise.all(
      clients.map(
        async (c) => (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid,
      ),
    );
  } finally {
    for (const c of clients) c.release();
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

/**
 * A side: opens its pool, warms up, says "ready", then measures a round for each "go" read on
 * stdin, printing its figures as a JSON line; ends at end of input.
 */
async function side(database: string, caseName: string): Promise<void> {
  const c = searchCases().find((x) => x.name === caseName);
  if (!c) throw new Error(`no case ${caseName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const db = await openDatabase({ url: url.toString(), poolSize: POOL_SIZE, statementTimeoutMs: 0 });
  if (db.raw.engine !== "postgres") throw new Error("PostgreSQL only");
  // No pooled connection may close while idle between rounds: their backends are the ones measured.
  db.raw.pool.options.idleTimeoutMillis = 0;
  try {
    const specs = c.queries.map((query) => {
      const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      return searchSpec(q, q.country ? COUNTRY_IDS[q.country] : undefined);
    });
    const exec: Exec = (query, options) => queryBuilt(db.db, query, options?.prepared);
    const words = searchWords(db.db);
    const run = (i: number) => planSearch(specs[i]!, exec, words);
    const backends = await backendPids(db.raw.pool);
    await loadDirect(specs.length, run, CLIENTS, 2);
    console.log("ready");
    for await (const line of readline.createInterface({ input: process.stdin })) {
      if (line !== "go") continue;
      const [postgres, self] = [cpuOf(backends), process.cpuUsage()];
      const result = await loadDirect(specs.length, run, CLIENTS, SECONDS);
      const client = process.cpuUsage(self);
      const measured: Measured = {
        ...result,
        postgresCpu: (cpuOf(backends) - postgres) / result.count,
        clientCpu: (client.user + client.system) / result.count,
      };
      console.log(JSON.stringify(measured));
    }
  } finally {
    await db.close();
  }
}

/** A side's process, and its stdout's lines one at a time. */
function startSide(checkout: string, database: string, caseName: string) {
  const child: ChildProcess = spawn("npx", ["tsx", "bench/search-ab.ts", "--side", database, caseName], {
    cwd: checkout,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (): Promise<string> => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`${checkout}: side ended`);
      const line = String(value).trim();
      if (line === "ready" || line.startsWith("{")) return line;
    }
  };
  return { child, next };
}

async function driver(bCheckout: string, caseNames: string[]): Promise<void> {
  const aDatabase = process.env.BENCH_DATABASE ?? "parkwell_bench";
  const bDatabase = process.env.BENCH_B_DATABASE ?? aDatabase;
  console.log(`A: ${ROOT} on ${aDatabase}; B: ${bCheckout} on ${bDatabase}; loaded at the same time\n`);
  console.log("| case | A q/s | B q/s | B vs A | A p99 | B p99 | B vs A | A CPU µs | B CPU µs | B vs A |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const caseName of caseNames) {
    const [aCase, bCase = aCase] = caseName.split(":") as [string, string?];
    const sides = [startSide(ROOT, aDatabase, aCase), startSide(bCheckout, bDatabase, bCase)];
    try {
      await Promise.all(sides.map((s) => s.next()));
      const rounds: Measured[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const s of sides) s.child.stdin!.write("go\n");
        const pair = (await Promise.all(sides.map((s) => s.next()))).map((l) => JSON.parse(l) as Measured);
        rounds.push(pair);
        const show = (r: Measured) =>
          `${Math.round(r.rps)}/s ${r.p99.toFixed(1)} ms ${Math.round(r.postgresCpu + r.clientCpu)} µs`;
        console.error(`${caseName} round ${round + 1}: A ${show(pair[0]!)}, B ${show(pair[1]!)}`);
      }
      // Each figure's median on each side, and the median of the rounds' B/A ratios.
      const figure = (pick: (r: Measured) => number, digits: number) => {
        const [a, b] = [0, 1].map((i) => mid(rounds.map((r) => pick(r[i]!))));
        const change = mid(rounds.map(([ra, rb]) => pick(rb!) / pick(ra!) - 1));
        return `${a!.toFixed(digits)} | ${b!.toFixed(digits)} | ${change >= 0 ? "+" : ""}${Math.round(100 * change)}%`;
      };
      const cells = [
        figure((r) => r.rps, 0),
        figure((r) => r.p99, 1),
        figure((r) => r.postgresCpu + r.clientCpu, 0),
      ];
      console.log(`| ${caseName} | ${cells.join(" | ")} |`);
    } finally {
      for (const s of sides) s.child.stdin!.end();
      await Promise.all(
        sides.map((s) => s.child.exitCode ?? new Promise((resolve) => s.child.once("exit", resolve))),
      );
    }
  }
}

const args = process.argv.slice(2);
if (args[0] === "--side") {
  await side(args[1]!, args[2]!);
} else {
  const [bCheckout, only] = args;
  if (!bCheckout) throw new Error("usage: search-ab.ts <B checkout> [case,...]");
  const names = only ? only.split(",") : searchCases().map((c) => c.name);
  await driver(path.resolve(bCheckout), names);
}
