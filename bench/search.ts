/**
 * `npm run bench:search`: park search at 5,000 and 500,000 parks on PostgreSQL (and at 500,000 on
 * PGlite), through the API (a separate process, loaded with wrk, or autocannon without it) and
 * the same SQL run directly through `pg` at the same concurrency, in the same run. Prints a
 * markdown report and writes it to bench/results/search.md. With BENCH_PARKS above 500,000 (e.g.
 * 5000000) the run adds that many parks as a third tier, in a database of its own, against the
 * 500,000-park baseline measured in the same run, and writes bench/results/search-<n>.md (e.g.
 * search-5m.md). Not part of `npm test`.
 */
import os from "node:os";
import path from "node:path";
import { ParkListQuerySchema } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import {
  defaultSearchPoolSize,
  openDatabase,
  queryBuilt,
  queryRows,
  type Database,
} from "../apps/api/src/db/client";
import { build } from "../apps/api/src/db/sql-text";
import { planSearch, type Exec } from "../apps/api/src/features/parks/parks.search-plan";
import { searchSql, type SearchSpec } from "../apps/api/src/features/parks/parks.search-sql";
import { searchWords } from "../apps/api/src/features/parks/parks.repo";
import { searchSpec } from "../apps/api/src/features/parks/parks.service";
import {
  ensureParks,
  generations,
  startApi,
  startHttpFloor,
  writeResults,
  type RunningApi,
} from "./bench-env";
import { withCpu } from "./cpu";
import { HTTP_LOAD, loadDirect, loadHttp, mid, type LoadResult } from "./load";
import { searchCases, type BenchCase } from "./search-cases";
import { CALIBRATION_SQL, machineFactor, P99_TARGET_MS, verdictLines } from "./search-targets";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/**
 * PostgreSQL connections, for the calibration, the API's park search and the direct run alike: the
 * API's default search pool (defaultSearchPoolSize: two per core, so 4 on this 2-core machine;
 * decision 012). Connections beyond what the cores run take turns in the kernel instead of waiting
 * in the pool, and the API's one event loop takes its turn among them: 10 gave the API about
 * 1.6-2x the p99 of 4.
 */
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? defaultSearchPoolSize());
/**
 * API processes on PostgreSQL (the API is stateless, so any number run behind a load balancer:
 * docs/API-CONVENTIONS.md#stateless-processes), sharing the pool size between them; PGlite is one process by nature. One by default:
 * on two cores shared with PostgreSQL and the load, two processes (measured once, on a slow hour)
 * brought the API nearer the SQL's throughput for the database-heavy searches and worsened p99.
 */
const API_PROCESSES = Number(process.env.BENCH_API_PROCESSES ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Rounds per case: API then SQL, alternated, each figure the median of its rounds. This machine's
 * speed drifts by a quarter within minutes (a shared host); one measurement of each, minutes
 * apart, was as likely to show the drift as the code.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The targets' size (bench/README.md): the baseline of a larger tier. */
const BASELINE = 500_000;
const PARKS = Number(process.env.BENCH_PARKS ?? BASELINE);
/**
 * BENCH_PARKS above the baseline: a third tier of that many parks in a database of its own
 * (parkwell_bench_5m for 5,000,000), measured after the 5,000- and 500,000-park tiers in the same
 * run, so that its growth over 500,000 is read between figures of one machine and hour.
 */
const HUGE = PARKS > BASELINE ? PARKS : undefined;
const LARGE = HUGE === undefined ? PARKS : BASELINE;
const SMALL = 5_000;
/** 5000000 -> "5m", 2500000 -> "2500k": the huge tier's database and report names. */
const sizeName = (parks: number) =>
  parks % 1_000_000 === 0 ? `${parks / 1_000_000}m` : `${Math.round(parks / 1000)}k`;
/**
 * PGlite seeds in one WASM thread: its run may use fewer parks (BENCH_PGLITE_PARKS) to fit a time
 * box. With a huge tier PGlite runs only when BENCH_PGLITE_PARKS names its size (never more than
 * the baseline's): millions of parks in one WASM process are no deployment of PGlite's.
 */
const PGLITE_PARKS = Math.min(LARGE, Number(process.env.BENCH_PGLITE_PARKS ?? LARGE));
const RUN_PGLITE =
  !process.env.BENCH_SKIP_PGLITE && (HUGE === undefined || process.env.BENCH_PGLITE_PARKS !== undefined);
const PGLITE_DIR = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), "parkwell-bench-pglite");
const COUNTRY_IDS: Record<string, number> = { NG: 1, CA: 2, SN: 3, US: 4 };
/** Only these cases (comma-separated names, e.g. `text,text+coordinates`); all by default. */
const ONLY = process.env.BENCH_CASES?.split(",").map((name) => name.trim());
const cases = searchCases().filter((c) => !ONLY || ONLY.includes(c.name));
if (cases.length === 0) throw new Error(`BENCH_CASES names no case: ${process.env.BENCH_CASES}`);
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

async function explain(database: Database, parks: number) {
  if (database.raw.engine !== "postgres") return;
  const pool = database.raw.pool;
  say(
    `\n### EXPLAIN ANALYZE (PostgreSQL, ${parks.toLocaleString("en")} parks, the first request of each kind: one statement)\n`,
  );
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

const apiPaths = (c: BenchCase) => c.queries.map((q) => `/api/v1/parks/front/parks/?${q}`);

/** The median of each figure over the rounds. */
function median(results: LoadResult[]): LoadResult {
  const at = (pick: (r: LoadResult) => number) => mid(results.map(pick));
  return {
    count: at((r) => r.count),
    rps: at((r) => r.rps),
    p50: at((r) => r.p50),
    p99: at((r) => r.p99),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

/** `run` ROUNDS times, one after the other; the medians. */
async function medianOfRounds(run: () => Promise<LoadResult>): Promise<LoadResult> {
  const rounds: LoadResult[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await run());
  return median(rounds);
}

/** Seconds of load that warm a side up for a kind before its measured rounds. */
const WARM_UP_SECONDS = 2;

/** CPU per request (µs, medians over the rounds) of each process taking part; see cpuRow. */
interface CpuPerRequest {
  api: number[];
  /** The HTTP floor's process (bench/http-floor.mjs), when measured. */
  floor: number[];
  load: number[];
  postgresApi: number[];
  client: number[];
  postgresDirect: number[];
}

/**
 * Each case through the API and directly (and through the HTTP floor when given), alternated for
 * ROUNDS rounds; the medians.
 */
async function measureCase(
  api: RunningApi,
  c: BenchCase,
  direct: (i: number) => Promise<unknown>,
  floor?: RunningApi,
): Promise<{
  api: LoadResult;
  direct: LoadResult;
  floor?: LoadResult;
  cpu: CpuPerRequest;
  rounds: { api: LoadResult[]; direct: LoadResult[] };
}> {
  const apiRuns: LoadResult[] = [];
  const sqlRuns: LoadResult[] = [];
  const floorRuns: LoadResult[] = [];
  const cpu: CpuPerRequest = {
    api: [],
    floor: [],
    load: [],
    postgresApi: [],
    client: [],
    postgresDirect: [],
  };
  const per = (micros: number | undefined, n: number) => (micros === undefined ? NaN : micros / n);
  // Each side warm for this kind before its first round: the code its requests run compiled, and
  // its statements prepared on the connections. Only the first kind's API was warmed before: the
  // first API round of every other kind, and every kind's first direct round, measured that too.
  await loadHttp(api.url, apiPaths(c), CONNECTIONS, WARM_UP_SECONDS);
  await loadDirect(c.queries.length, direct, CONNECTIONS, WARM_UP_SECONDS);
  if (floor) await loadHttp(floor.url, apiPaths(c), CONNECTIONS, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    // With several API processes the primary's own CPU is not theirs: not counted.
    const pid = API_PROCESSES === 1 ? api.pid : undefined;
    const [a, aCpu] = await withCpu(pid, () => loadHttp(api.url, apiPaths(c), CONNECTIONS, SECONDS));
    const [d, dCpu] = await withCpu(undefined, () =>
      loadDirect(c.queries.length, direct, CONNECTIONS, SECONDS),
    );
    apiRuns.push(a);
    sqlRuns.push(d);
    cpu.api.push(per(aCpu.api, a.count));
    cpu.load.push(per(aCpu.self, a.count));
    cpu.postgresApi.push(per(aCpu.postgres, a.count));
    cpu.client.push(per(dCpu.self, d.count));
    cpu.postgresDirect.push(per(dCpu.postgres, d.count));
    if (floor) {
      const [f, fCpu] = await withCpu(floor.pid, () =>
        loadHttp(floor.url, apiPaths(c), CONNECTIONS, SECONDS),
      );
      floorRuns.push(f);
      cpu.floor.push(per(fCpu.api, f.count));
    }
  }
  return {
    api: median(apiRuns),
    direct: median(sqlRuns),
    rounds: { api: apiRuns, direct: sqlRuns },
    ...(floor ? { floor: median(floorRuns) } : {}),
    cpu,
  };
}

/** Each round's figures, API and SQL, PostgreSQL: the medians hide how far the rounds lay apart. */
const roundRows: string[] = [];
function roundRow(parks: number, name: string, rounds: { api: LoadResult[]; direct: LoadResult[] }) {
  const each = (runs: LoadResult[], figure: (r: LoadResult) => string) => runs.map(figure).join(", ");
  const p99 = (r: LoadResult) => ms(r.p99);
  const rate = (r: LoadResult) => String(Math.round(r.rps));
  roundRows.push(
    `| ${parks.toLocaleString("en")} | ${name} | ${each(rounds.api, p99)} | ${each(rounds.direct, p99)} | ${each(rounds.api, rate)} | ${each(rounds.direct, rate)} |`,
  );
}

const cpuRows: string[] = [];
/** A row of the CPU table: where a request's CPU went, through the API and directly. */
function cpuRow(parks: number, name: string, cpu: CpuPerRequest) {
  const us = (values: number[]) => {
    const m = mid(values);
    return Number.isNaN(m) ? "-" : Math.round(m).toString();
  };
  cpuRows.push(
    `| ${parks.toLocaleString("en")} | ${name} | ${us(cpu.api)} | ${us(cpu.load)} | ${us(cpu.postgresApi)} | ${us(cpu.client)} | ${us(cpu.postgresDirect)} |`,
  );
}

/** Headers a server writes on every answer itself, left out of the floor's copy of an answer. */
const SERVER_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
  "x-request-id",
]);

/** The API's answer to a case's first path, its headers and its bytes, for the HTTP floor to repeat. */
async function answerOf(api: RunningApi, c: BenchCase) {
  const res = await fetch(`${api.url}${apiPaths(c)[0]}`);
  if (!res.ok) throw new Error(`the API answered ${res.status} to ${c.name}'s first search`);
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !SERVER_HEADERS.has(name)));
  return { headers, body: await res.text() };
}

const floorRows: string[] = [];
/**
 * A row of the HTTP floor's table. When the API's process and the direct client's each keep one
 * core busy (the CPU table shows whether they do), the API serves at most 1 / (client + floor)
 * requests a µs against the direct run's 1 / client: the bound on API/SQL is client / (client +
 * floor), whatever the API's own code does.
 */
function floorRow(name: string, floor: LoadResult, cpu: CpuPerRequest, api: LoadResult, direct: LoadResult) {
  const [f, client, apiCpu] = [mid(cpu.floor), mid(cpu.client), mid(cpu.api)];
  const pct = (v: number) => (Number.isNaN(v) ? "-" : `${Math.round(100 * v)}%`);
  const us = (v: number) => (Number.isNaN(v) ? "-" : Math.round(v).toString());
  floorRows.push(
    `| ${name} | ${Math.round(floor.rps)} | ${us(f)} | ${us(client)} | ${us(apiCpu)} | ${pct(client / (client + f))} | ${pct(api.rps / direct.rps)} |`,
  );
}

/** The coordinate case's points (whichever cases BENCH_CASES runs), for the calibration. */
const calibrationPoints = searchCases()
  .find((c) => c.name === "coordinates")!
  .queries.map((query) => {
    const q = new URLSearchParams(query);
    return [Number(q.get("lat")), Number(q.get("lng"))];
  });

/**
 * One round of the calibration statement (search-targets.ts) on the 500,000-park database,
 * straight through `pg` at the benchmark's concurrency and pool, around the coordinate case's points.
 */
async function calibrate(url: string): Promise<LoadResult> {
  const database = await openDatabase({ url, poolSize: POOL_SIZE });
  try {
    if (database.raw.engine !== "postgres") throw new Error("the calibration runs on PostgreSQL");
    const pool = database.raw.pool;
    const run = (i: number) => pool.query(CALIBRATION_SQL, calibrationPoints[i]);
    await loadDirect(calibrationPoints.length, run, CONNECTIONS, 2); // warm-up
    return await loadDirect(calibrationPoints.length, run, CONNECTIONS, SECONDS);
  } finally {
    await database.close();
  }
}

type Results = Record<string, { api: LoadResult; direct: LoadResult }>;

/**
 * The huge tier against the baseline, search by search: each side's throughput and p99 at both
 * sizes and their ratio (huge over baseline: above 1 for p99 is growth, below 1 for throughput is
 * loss), API/SQL at both, and the huge tier's API p99 against the 500,000-park target, as written
 * and scaled by the run's calibration (the targets are set at 500,000: a p99 within them at the
 * huge size means the table's growth cost no target).
 */
function growthLines(large: Results, huge: Results, parks: number, calibration: LoadResult[]): string[] {
  const factor = machineFactor(mid(calibration.map((r) => r.p99)));
  const x = (a: number, b: number) => `${(b / a).toFixed(2)}x`;
  const pct = (r: { api: LoadResult; direct: LoadResult }) =>
    `${Math.round((100 * r.api.rps) / r.direct.rps)}%`;
  const size = sizeName(parks);
  return [
    `| search | API req/s 500k | API req/s ${size} | × | API p99 500k | API p99 ${size} | × | SQL q/s 500k | SQL q/s ${size} | × | SQL p99 500k | SQL p99 ${size} | × | API/SQL 500k | API/SQL ${size} | p99 target (× factor ${factor.toFixed(2)}) | ${size} within |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ...cases.map((c) => {
      const [l, h] = [large[c.name]!, huge[c.name]!];
      const target = P99_TARGET_MS[c.name];
      const within =
        target === undefined
          ? "-"
          : `${h.api.p99 < target ? "yes" : "no"} (scaled: ${h.api.p99 < target * factor ? "yes" : "no"})`;
      return `| ${c.name} | ${Math.round(l.api.rps)} | ${Math.round(h.api.rps)} | ${x(l.api.rps, h.api.rps)} | ${ms(l.api.p99)} | ${ms(h.api.p99)} | ${x(l.api.p99, h.api.p99)} | ${Math.round(l.direct.rps)} | ${Math.round(h.direct.rps)} | ${x(l.direct.rps, h.direct.rps)} | ${ms(l.direct.p99)} | ${ms(h.direct.p99)} | ${x(l.direct.p99, h.direct.p99)} | ${pct(l)} | ${pct(h)} | ${target === undefined ? "-" : `${target} (${(target * factor).toFixed(1)})`} | ${within} |`;
    }),
  ];
}

/** Each PostgreSQL database's parks and size on disk, and the generations this run did. */
async function databaseLines(tiers: { parks: number; url: string }[]): Promise<string[]> {
  const out = ["| database | parks | size | generated in this run |", "|---|---:|---:|---|"];
  for (const { parks, url } of tiers) {
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      const name = new URL(url).pathname.slice(1);
      const [size] = await queryRows<{ size: string }>(
        database.db,
        sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
      );
      const g = generations.find((x) => x.name === name);
      const generated = g
        ? `${Math.round(g.seconds)} s (${Math.round(g.parks / g.seconds).toLocaleString("en")} parks/s)`
        : "no (there before)";
      out.push(`| ${name} | ${parks.toLocaleString("en")} | ${size?.size ?? "-"} | ${generated} |`);
    } finally {
      await database.close();
    }
  }
  return out;
}

async function runPostgres(parks: number, url: string) {
  const database = await openDatabase({ url, poolSize: POOL_SIZE });
  const api = await startApi(
    {
      DATABASE_URL: url,
      DATABASE_SEARCH_POOL_SIZE: String(Math.max(1, Math.round(POOL_SIZE / API_PROCESSES))),
    },
    API_PROCESSES,
  );
  const results: Results = {};
  try {
    for (const c of cases) {
      // The floor's bound holds for one API process (floorRow): measured at the large size only.
      const floor =
        parks === LARGE && API_PROCESSES === 1 ? await startHttpFloor(await answerOf(api, c)) : undefined;
      try {
        const m = await measureCase(api, c, directRunner(database, c.queries), floor);
        results[c.name] = row("PostgreSQL", parks, c.name, m.api, m.direct);
        cpuRow(parks, c.name, m.cpu);
        roundRow(parks, c.name, m.rounds);
        if (m.floor) floorRow(c.name, m.floor, m.cpu, m.api, m.direct);
      } finally {
        await floor?.stop();
      }
    }
  } finally {
    await api.stop();
  }
  return { database, results };
}

async function runPglite() {
  await ensureParks(undefined, PGLITE_DIR, PGLITE_PARKS);
  // PGlite is one connection in one process: the API and the direct run cannot share the files,
  // so the API's rounds come first, then the direct ones.
  const api = await startApi({ DATA_DIR: PGLITE_DIR });
  const apiResults: Record<string, LoadResult> = {};
  try {
    for (const c of cases) {
      await loadHttp(api.url, apiPaths(c), CONNECTIONS, WARM_UP_SECONDS);
      apiResults[c.name] = await medianOfRounds(() => loadHttp(api.url, apiPaths(c), CONNECTIONS, SECONDS));
    }
  } finally {
    await api.stop();
  }
  // PGlite is one connection in one process: the direct run opens the same files once the API is gone.
  const database = await openDatabase({ dataDir: path.join(PGLITE_DIR, "pglite") });
  try {
    for (const c of cases) {
      const direct = directRunner(database, c.queries);
      await loadDirect(c.queries.length, direct, CONNECTIONS, WARM_UP_SECONDS);
      const d = await medianOfRounds(() => loadDirect(c.queries.length, direct, CONNECTIONS, SECONDS));
      row("PGlite", PGLITE_PARKS, c.name, apiResults[c.name]!, d);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  say(`## Park search benchmark (${new Date().toISOString()})\n`);
  say(
    `${os.cpus().length} CPUs, ${CONNECTIONS} concurrent clients, ${POOL_SIZE} PostgreSQL connections, ${SECONDS} s per measurement, each figure the median of ${ROUNDS} rounds (API and SQL alternated on PostgreSQL); API = the built server as ${API_PROCESSES} Node process(es) sharing one port on PostgreSQL (the pool split between them) and one on PGlite, load from ${HTTP_LOAD === "wrk" ? "wrk (one thread)" : "autocannon"}; direct = the same SQL through \`pg\` (or PGlite in-process) at the same concurrency, from one process. Latencies in ms.\n`,
  );
  say(
    "| engine | parks | search | API p50 | API p99 | API req/s | SQL p50 | SQL p99 | SQL q/s | API/SQL | errors |",
  );
  say("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  if (!process.env.BENCH_SKIP_POSTGRES) {
    const smallUrl = await ensureParks(ADMIN_URL, "parkwell_bench_small", SMALL);
    const largeUrl = await ensureParks(ADMIN_URL, "parkwell_bench", LARGE);
    const hugeUrl = HUGE && (await ensureParks(ADMIN_URL, `parkwell_bench_${sizeName(HUGE)}`, HUGE));
    // Calibration rounds before, between and after the parts: their median spans the run.
    const calibration = [await calibrate(largeUrl)];
    const small = await runPostgres(SMALL, smallUrl);
    await small.database.close();
    calibration.push(await calibrate(largeUrl));
    const large = await runPostgres(LARGE, largeUrl);
    calibration.push(await calibrate(largeUrl));
    const huge = hugeUrl ? await runPostgres(HUGE, hugeUrl) : undefined;
    if (huge) calibration.push(await calibrate(largeUrl));
    say(
      `\n### CPU per request (µs, PostgreSQL; medians of the rounds)\n\nThrough the API: the API process, the load generator (${HTTP_LOAD === "wrk" ? "wrk, a process of its own" : "autocannon, in this process"}), PostgreSQL's processes. Directly: this process (the \`pg\` client and the plan's own work), PostgreSQL's processes. All share the machine's cores.\n`,
    );
    say("| parks | search | API | load | PostgreSQL (API) | direct client | PostgreSQL (direct) |");
    say("|---:|---|---:|---:|---:|---:|---:|");
    cpuRows.forEach((r) => say(r));
    say(
      `\n### Each round (PostgreSQL; API and SQL alternated, in order)\n\nThe tables above give each figure's median over these rounds. p99 in ms.\n`,
    );
    say("| parks | search | API p99 | SQL p99 | API req/s | SQL q/s |");
    say("|---:|---|---|---|---|---|");
    roundRows.forEach((r) => say(r));
    if (floorRows.length > 0) {
      say(
        `\n### HTTP floor (500,000 parks; medians of the rounds, alternated with the API's and the SQL's)\n\nA Fastify process like the API's, answering every search with one answer of the API's (its headers and bytes: \`bench/http-floor.mjs\`), with no database, validation or serialization, under the same load. Its CPU a request is what HTTP costs one process before the API's own work. While the API's process and the direct client each keep a core busy, the API can reach at most client / (client + floor) of the direct SQL's throughput.\n`,
      );
      say("| search | floor req/s | floor µs | direct client µs | API µs | API/SQL at most | API/SQL |");
      say("|---|---:|---:|---:|---:|---:|---:|");
      floorRows.forEach((r) => say(r));
    }
    say("\n### Targets at 500,000 parks (bench/README.md; scaled by the run's calibration: decision 010)\n");
    const figures = cases.map((c) => ({
      name: c.name,
      small: small.results[c.name]!,
      large: large.results[c.name]!,
    }));
    verdictLines(figures, calibration).forEach((line) => say(line));
    if (HUGE && huge && hugeUrl) {
      say(
        `\n### ${HUGE.toLocaleString("en")} parks against 500,000 (PostgreSQL, the same run; medians of the rounds)\n\nEach figure at both sizes and the ${sizeName(HUGE)} figure over the 500k one (×): above 1 for p99 is growth, below 1 for throughput is loss. The last columns judge the ${sizeName(HUGE)} API p99 by the 500,000-park targets, as written and scaled by this run's calibration. p99 in ms.\n`,
      );
      growthLines(large.results, huge.results, HUGE, calibration).forEach((line) => say(line));
    }
    say("\n### Databases (PostgreSQL)\n");
    const tiers = [
      { parks: SMALL, url: smallUrl },
      { parks: LARGE, url: largeUrl },
      ...(HUGE && hugeUrl ? [{ parks: HUGE, url: hugeUrl }] : []),
    ];
    (await databaseLines(tiers)).forEach((line) => say(line));
    await explain(large.database, LARGE);
    await large.database.close();
    if (HUGE && huge) {
      await explain(huge.database, HUGE);
      await huge.database.close();
    }
  }
  if (RUN_PGLITE) {
    say(`\n### PGlite (${PGLITE_PARKS.toLocaleString("en")} parks)\n`);
    say(
      "| engine | parks | search | API p50 | API p99 | API req/s | SQL p50 | SQL p99 | SQL q/s | API/SQL | errors |",
    );
    say("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    await runPglite();
  }
  const report = process.env.BENCH_SKIP_POSTGRES
    ? "search-pglite.md"
    : HUGE
      ? `search-${sizeName(HUGE)}.md`
      : "search.md";
  writeResults(report, lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
