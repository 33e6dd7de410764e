/**
 * `npm run bench:search:ab -- <B checkout> [case,...]`: is a piece of the park search worth
 * keeping? A is this checkout, B another one (a git worktree with the piece removed), and the two
 * run the search's SQL directly (each its own code's plan, through `pg`) **at the same time**, on
 * the 500,000-park benchmark database that `npm run bench:search` seeds: each side half the
 * clients and half the search pool. Both meet the same machine at every moment, which on a shared
 * machine whose speed swings within minutes is the only fair comparison; each side's cost is the
 * CPU its own PostgreSQL backends spent per search. BENCH_B_DATABASE gives B another database
 * (a copy of the benchmark database with an index dropped, to judge an index). Prints each
 * figure's median over BENCH_ROUNDS rounds. Method and results: bench/README.md.
 */
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { ParkListQuerySchema } from "@parkwell/contract";
import type * as Client from "../apps/api/src/db/client";
import type * as Plan from "../apps/api/src/features/parks/parks.search-plan";
import type * as Repo from "../apps/api/src/features/parks/parks.repo";
import type * as Service from "../apps/api/src/features/parks/parks.service";
import { ROOT } from "./bench-env";
import { loadDirect, mid, type LoadResult } from "./load";
import { searchCases, type BenchCase } from "./search-cases";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const urlOf = (database: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
};
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Per side. */
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 20) / 2;
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 4) / 2;
const COUNTRY_IDS: Record<string, number> = { NG: 1, CA: 2, SN: 3, US: 4 };

/** One side: a checkout's search code, its own pool, the PIDs of the pool's backends. */
interface Side {
  name: string;
  database: Client.Database;
  backends: number[];
  runner(c: BenchCase): (i: number) => Promise<unknown>;
}

async function openSide(name: string, checkout: string, database: string): Promise<Side> {
  const src = (file: string) => path.join(checkout, "apps/api/src", file);
  const client = (await import(src("db/client.ts"))) as typeof Client;
  const plan = (await import(src("features/parks/parks.search-plan.ts"))) as typeof Plan;
  const repo = (await import(src("features/parks/parks.repo.ts"))) as typeof Repo;
  const service = (await import(src("features/parks/parks.service.ts"))) as typeof Service;
  const db = await client.openDatabase({ url: urlOf(database), poolSize: POOL_SIZE, statementTimeoutMs: 0 });
  if (db.raw.engine !== "postgres") throw new Error("PostgreSQL only");
  const exec: Plan.Exec = (query, options) => client.queryBuilt(db.db, query, options?.prepared);
  const words = repo.searchWords(db.db);
  return {
    name,
    database: db,
    backends: await backendPids(db.raw.pool),
    runner(c) {
      const specs = c.queries.map((query) => {
        const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        return service.searchSpec(q, q.country ? COUNTRY_IDS[q.country] : undefined);
      });
      return (i) => plan.planSearch(specs[i % specs.length]!, exec, words);
    },
  };
}

/** Every connection of the pool, opened at once: their backends' PIDs. */
async function backendPids(pool: pg.Pool): Promise<number[]> {
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
  try {
    const pids = await Promise.all(
      clients.map(
        async (c) => (await c.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid,
      ),
    );
    return pids;
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

type Measured = LoadResult & { cpu: number };

/** Both sides loaded at once for `seconds`; each side's result and its backends' CPU per search. */
async function together(sides: Side[], c: BenchCase, seconds: number): Promise<Measured[]> {
  const before = sides.map((s) => cpuOf(s.backends));
  const results = await Promise.all(
    sides.map((s) => loadDirect(c.queries.length, s.runner(c), CLIENTS, seconds)),
  );
  return results.map((r, i) => ({ ...r, cpu: (cpuOf(sides[i]!.backends) - before[i]!) / r.count }));
}

async function main() {
  const [bCheckout, only] = process.argv.slice(2);
  if (!bCheckout) throw new Error("usage: search-ab.ts <B checkout> [case,...]");
  const bDatabase = process.env.BENCH_B_DATABASE ?? "parkwell_bench";
  const cases = searchCases().filter((c) => !only || only.split(",").includes(c.name));
  const sides = [
    await openSide("A", ROOT, "parkwell_bench"),
    await openSide("B", path.resolve(bCheckout), bDatabase),
  ];
  console.log(`A: ${ROOT} on parkwell_bench; B: ${path.resolve(bCheckout)} on ${bDatabase}; both at once\n`);
  console.log("| case | A CPU µs | B CPU µs | B vs A | A q/s | B q/s | B vs A | A p99 | B p99 | B vs A |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  try {
    for (const c of cases) {
      await together(sides, c, 2); // warm-up
      const rounds: Measured[][] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await together(sides, c, SECONDS);
        rounds.push([a!, b!]);
        const show = (r: Measured) => `${Math.round(r.cpu)} µs ${Math.round(r.rps)}/s ${r.p99.toFixed(1)} ms`;
        console.error(`${c.name} round ${round + 1}: A ${show(a!)}, B ${show(b!)}`);
      }
      // Each figure's median on each side, and the median of B's change against A round by round
      // (the two sides of a round met the same machine).
      const figure = (pick: (r: Measured) => number, digits: number) => {
        const [a, b] = [0, 1].map((side) => mid(rounds.map((r) => pick(r[side]!))));
        const change = mid(rounds.map(([ra, rb]) => pick(rb!) / pick(ra!) - 1));
        return `${a!.toFixed(digits)} | ${b!.toFixed(digits)} | ${change >= 0 ? "+" : ""}${Math.round(100 * change)}%`;
      };
      const cells = [figure((r) => r.cpu, 0), figure((r) => r.rps, 0), figure((r) => r.p99, 1)];
      console.log(`| ${c.name} | ${cells.join(" | ")} |`);
    }
  } finally {
    await Promise.all(sides.map((s) => s.database.close()));
  }
}

await main();
