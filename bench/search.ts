/**
 * `npm run bench:search`: park search at 5,000 and 500,000 parks on PostgreSQL (and at 500,000 on
 * PGlite), through the API (a separate process, loaded with autocannon) and the same SQL run
 * directly through `pg` at the same concurrency, in the same run. Prints a markdown report and
 * writes it to bench/results/search.md. Not part of `npm test`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ParkListQuerySchema } from "@parkwell/contract";
import { openDatabase, queryBuilt, type Database } from "../apps/api/src/db/client";
import { build } from "../apps/api/src/db/sql-text";
import { planSearch, type Exec } from "../apps/api/src/features/parks/parks.search-plan";
import { searchSql, type SearchSpec } from "../apps/api/src/features/parks/parks.search-sql";
import { searchWords } from "../apps/api/src/features/parks/parks.repo";
import { searchSpec } from "../apps/api/src/features/parks/parks.service";
import { ensureParks, startApi, ROOT } from "./bench-env";
import { loadDirect, loadHttp, type LoadResult } from "./load";
import { searchCases, type BenchCase } from "./search-cases";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/**
 * PostgreSQL connections, for the API and for the direct run alike: the API's default
 * (DATABASE_POOL_SIZE, 10). More connections than cores only queue in the kernel instead of the
 * pool: 20 gave about 15% fewer requests/s and a worse p99 than 4-8 on this 2-core machine.
 */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 10);
/**
 * API processes on PostgreSQL (the API is stateless: DESIGN.md runs any number behind a load
 * balancer), sharing the pool size between them; PGlite is one process by nature. One by default:
 * on two cores shared with PostgreSQL and the load, two processes (measured once, on a slow hour)
 * brought the API nearer the SQL's throughput for the database-heavy searches and worsened p99.
 */
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LARGE = Number(process.env.BENCH_PARKS ?? 500_000);
const SMALL = 5_000;
/** PGlite seeds in one WASM thread: its run may use fewer parks (BENCH_PGLITE_PARKS) to fit a time box. */
const PGLITE_PARKS = Number(process.env.BENCH_PGLITE_PARKS ?? LARGE);
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), "parkwell-bench-pglite");
const COUNTRY_IDS: Record<string, number> = { NG: 1, CA: 2, SN: 3, US: 4 };
const cases = searchCases();
const lines: string[] = [];
const say = (line = "") => {
  console.log(line);
  lines.push(line);
};

function specOf(query: string): SearchSpec {
  const q = ParkListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  return searchSpec(q, q.country ? COUNTRY_IDS[q.country] : undefined);
}

/** The API's own search plan (parks.search-plan.ts), its SQL sent directly through `pg`. */
function directRunner(database: Database, queries: string[]) {
  const specs = queries.map(specOf);
  const exec: Exec = (query, options) => queryBuilt(database.db, query, options?.prepared);
  return (i: number) => planSearch(specs[i]!, exec, searchWords(database.db));
}

const ms = (v: number) => v.toFixed(1);
function row(engine: string, parks: number, name: string, api: LoadResult, direct: LoadResult) {
  say(
    `| ${engine} | ${parks.toLocaleString("en")} | ${name} | ${ms(api.p50)} | ${ms(api.p99)} | ${Math.round(api.rps)} | ${ms(direct.p50)} | ${ms(direct.p99)} | ${Math.round(direct.rps)} | ${Math.round((100 * api.rps) / direct.rps)}% | ${api.errors + direct.errors} |`,
  );
  return { api, direct };
}

async function explain(database: Database) {
  if (database.raw.engine !== "postgres") return;
  const pool = database.raw.pool;
  say("\n### EXPLAIN ANALYZE (PostgreSQL, 500,000 parks, the first request of each kind: one statement)\n");
  for (const c of cases) {
    // The plan's first statement: text reads its matches first (parks.search-plan.ts).
    const spec = specOf(c.queries[0]!);
    const { sql, params } = build(searchSql(spec.terms.length > 0 ? { ...spec, textFirst: true } : spec));
    const res = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params);
    say(
      `${c.name} (\`?${c.queries[0]}\`):\n\n\`\`\`\n${res.rows.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\`\n`,
    );
  }
}

/** Every search kind through the API (after a short warm-up), one after the other. */
async function loadApi(base: string): Promise<Record<string, LoadResult>> {
  const paths = (c: BenchCase) => c.queries.map((q) => `/api/v1/parks/front/parks/?${q}`);
  await loadHttp(base, paths(cases[0]!), CONNECTIONS, 2);
  const results: Record<string, LoadResult> = {};
  for (const c of cases) results[c.name] = await loadHttp(base, paths(c), CONNECTIONS, SECONDS);
  return results;
}

async function runPostgres(parks: number) {
  const url = await ensureParks(
    ADMIN_URL,
    parks === LARGE ? "parkwell_bench" : "parkwell_bench_small",
    parks,
  );
  const database = await openDatabase({ url, poolSize: POOL_SIZE });
  const api = await startApi(
    { DATABASE_URL: url, DATABASE_POOL_SIZE: String(Math.max(1, Math.round(POOL_SIZE / API_PROCESSES))) },
    API_PROCESSES,
  );
  const results: Record<string, { api: LoadResult; direct: LoadResult }> = {};
  try {
    const apiResults = await loadApi(api.url);
    for (const c of cases) {
      const d = await loadDirect(c.queries.length, directRunner(database, c.queries), CONNECTIONS, SECONDS);
      results[c.name] = row("PostgreSQL", parks, c.name, apiResults[c.name]!, d);
    }
  } finally {
    await api.stop();
  }
  return { database, results };
}

async function runPglite() {
  await ensureParks(undefined, PGLITE_DIR, PGLITE_PARKS);
  const api = await startApi({ DATA_DIR: PGLITE_DIR });
  let apiResults: Record<string, LoadResult>;
  try {
    apiResults = await loadApi(api.url);
  } finally {
    await api.stop();
  }
  // PGlite is one connection in one process: the direct run opens the same files once the API is gone.
  const database = await openDatabase({ dataDir: path.join(PGLITE_DIR, "pglite") });
  try {
    for (const c of cases) {
      const d = await loadDirect(c.queries.length, directRunner(database, c.queries), CONNECTIONS, SECONDS);
      row("PGlite", PGLITE_PARKS, c.name, apiResults[c.name]!, d);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  say(`## Park search benchmark (${new Date().toISOString()})\n`);
  say(
    `${os.cpus().length} CPUs, ${CONNECTIONS} concurrent clients, ${POOL_SIZE} PostgreSQL connections, ${SECONDS} s per measurement; API = the built server as ${API_PROCESSES} Node process(es) sharing one port on PostgreSQL (the pool split between them) and one on PGlite, load from autocannon; direct = the same SQL through \`pg\` (or PGlite in-process) at the same concurrency, from one process. Latencies in ms.\n`,
  );
  say(
    "| engine | parks | search | API p50 | API p99 | API req/s | SQL p50 | SQL p99 | SQL q/s | API/SQL | errors |",
  );
  say("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  if (!process.env.BENCH_SKIP_POSTGRES) {
    const small = await runPostgres(SMALL);
    await small.database.close();
    const large = await runPostgres(LARGE);
    say("\n### p99 at 500,000 parks against p99 at 5,000 (API, PostgreSQL)\n");
    for (const c of cases) {
      const ratio = large.results[c.name]!.api.p99 / Math.max(1, small.results[c.name]!.api.p99);
      say(`- ${c.name}: ${ratio.toFixed(2)}x`);
    }
    await explain(large.database);
    await large.database.close();
  }
  if (!process.env.BENCH_SKIP_PGLITE) {
    say(`\n### PGlite (${PGLITE_PARKS.toLocaleString("en")} parks)\n`);
    say(
      "| engine | parks | search | API p50 | API p99 | API req/s | SQL p50 | SQL p99 | SQL q/s | API/SQL | errors |",
    );
    say("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    await runPglite();
  }
  fs.mkdirSync(path.join(ROOT, "bench/results"), { recursive: true });
  const out = process.env.BENCH_SKIP_POSTGRES ? "search-pglite.md" : "search.md";
  fs.writeFileSync(path.join(ROOT, "bench/results", out), `${lines.join("\n")}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
