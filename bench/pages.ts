/**
 * `npm run bench:pages`: a park's page rendered on the server (GET /park/{slug}) against the JSON
 * its loader reads (GET /api/v1/front/parks/{slug}), at 500,000 parks on PostgreSQL, in the same
 * run: the page served from the cache of rendered pages (apps/api/src/plugins/page-cache.ts) and
 * rendered every time (a second API process with PAGE_CACHE_MB=0), over many parks and over one.
 * Writes bench/results/pages.md. Not part of `npm test`; it reports, it does not fail.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PAGE_LIFETIME_MS } from "../apps/api/src/plugins/page-cache";
import { ensureParks, ROOT, startApi, writeResults, type RunningApi } from "./bench-env";
import { HTTP_LOAD, loadHttp, mid, type LoadResult } from "./load";

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://root@127.0.0.1:5432/postgres";
const PARKS = Number(process.env.BENCH_PARKS ?? 500_000);
/** The database on that server (created and seeded when missing; a smaller one for a trial run). */
const DATABASE = process.env.BENCH_DATABASE ?? "parkwell_bench";
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Rounds: every case once per round, in turn; each figure the median of its rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Parks the "many" cases spread over, drawn at random (a fixed seed) among those with a page. */
const SLUGS = Number(process.env.BENCH_SLUGS ?? 1000);
const WARM_UP_SECONDS = 2;
/**
 * The API processes run as in production: the server bundle imports React, which picks its
 * production build only with NODE_ENV=production (its development build rendered a park's page
 * at about half the rate here). Production needs a QR secret; this one signs nothing kept.
 */
const PRODUCTION = { NODE_ENV: "production", QR_SIGNING_SECRET: "bench-pages-qr-secret-not-for-use" };

const lines: string[] = [];
const say = (line = "") => {
  console.log(line);
  lines.push(line);
};

/** Parks whose page exists (active, in a country with fees), drawn at random with a fixed seed. */
async function parkSlugs(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT setseed(0.48)");
    const res = await client.query<{ slug: string }>(
      `SELECT p.slug FROM parks p JOIN fees f ON f.country_id = p.country_id
        WHERE p.status = 'active' ORDER BY random() LIMIT $1`,
      [SLUGS],
    );
    return res.rows.map((r) => r.slug);
  } finally {
    await client.end();
  }
}

interface Fill {
  pages: number;
  seconds: number;
  failed: number;
}

/**
 * Every path requested once, `CONNECTIONS` at a time: fills the cache (a page is kept from its
 * first render). Returns the seconds it took and the answers that were not a rendered page.
 */
async function fill(base: string, paths: string[]): Promise<Fill> {
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < paths.length) {
        const res = await fetch(`${base}${paths[next++]}`);
        if (res.status !== 200 || !(await res.text()).includes("data-server-rendered")) failed++;
      }
    }),
  );
  return { pages: paths.length, seconds: (performance.now() - started) / 1000, failed };
}

/** Fails the run when a page is index.html (its render failed): it would measure the wrong thing. */
async function expectRendered(api: RunningApi, pagePath: string): Promise<void> {
  const res = await fetch(`${api.url}${pagePath}`);
  const body = await res.text();
  if (res.status !== 200 || !body.includes("data-server-rendered")) {
    throw new Error(`${pagePath} was not rendered on the server (${res.status}): is the web app built?`);
  }
}

interface Case {
  name: string;
  api: RunningApi;
  paths: string[];
  /** The JSON case this one is judged against (none for a JSON case). */
  baseline?: string;
  /** Fill the cache before each measurement (the pages the run requests, once each). */
  fill?: boolean;
}

async function main() {
  const webBuilt = fs.existsSync(path.join(ROOT, "apps/web/dist-server/entry-server.js"));
  if (!webBuilt) throw new Error("The web app is not built: npm run build (npm run bench:pages does)");
  const url = await ensureParks(ADMIN_URL, DATABASE, PARKS);
  const slugs = await parkSlugs(url);
  const hot = slugs[0]!;
  const load = os.loadavg().map((l) => l.toFixed(1));
  const cached = await startApi({ ...PRODUCTION, DATABASE_URL: url });
  const uncached = await startApi({ ...PRODUCTION, DATABASE_URL: url, PAGE_CACHE_MB: "0" });
  try {
    await expectRendered(cached, `/park/${hot}`);
    await expectRendered(uncached, `/park/${hot}`);
    const json = (s: string) => `/api/v1/front/parks/${s}`;
    const page = (s: string) => `/park/${s}`;
    const many = `${slugs.length.toLocaleString("en")} parks`;
    const cases: Case[] = [
      { name: `JSON, ${many}`, api: cached, paths: slugs.map(json) },
      {
        name: `page cached, ${many}`,
        api: cached,
        paths: slugs.map(page),
        baseline: `JSON, ${many}`,
        fill: true,
      },
      { name: `page uncached, ${many}`, api: uncached, paths: slugs.map(page), baseline: `JSON, ${many}` },
      { name: "JSON, one park", api: cached, paths: [json(hot)] },
      { name: "page cached, one park", api: cached, paths: [page(hot)], baseline: "JSON, one park" },
      { name: "page uncached, one park", api: uncached, paths: [page(hot)], baseline: "JSON, one park" },
    ];
    const results = new Map<string, LoadResult[]>(cases.map((c) => [c.name, []]));
    const fills: Fill[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const c of cases) {
        if (c.fill) fills.push(await fill(c.api.url, c.paths));
        else await loadHttp(c.api.url, c.paths, CONNECTIONS, WARM_UP_SECONDS);
        const r = await loadHttp(c.api.url, c.paths, CONNECTIONS, SECONDS);
        if (c.paths[0]!.startsWith("/park/")) await expectRendered(c.api, c.paths[0]!);
        results.get(c.name)!.push(r);
        console.error(`round ${round}: ${c.name}: ${Math.round(r.rps)} req/s, p99 ${r.p99.toFixed(1)} ms`);
      }
    }
    report(cases, results, fills, load);
  } finally {
    await cached.stop();
    await uncached.stop();
  }
}

function report(cases: Case[], results: Map<string, LoadResult[]>, fills: Fill[], load: string[]) {
  const ms = (v: number) => v.toFixed(1);
  const rps = (rounds: LoadResult[]) => mid(rounds.map((r) => r.rps));
  say(`# bench:pages (${new Date().toISOString()})\n`);
  say(
    `PostgreSQL, ${PARKS.toLocaleString("en")} parks; two API processes (the built server, NODE_ENV=production), one keeping rendered pages (the default PAGE_CACHE_MB) and one rendering every page (PAGE_CACHE_MB=0), loaded one at a time; ${CONNECTIONS} concurrent clients from ${HTTP_LOAD === "wrk" ? "wrk (one thread)" : "autocannon"}, ${SECONDS} s per measurement after a ${WARM_UP_SECONDS} s warm-up, ${ROUNDS} rounds of every case in turn, each figure the median of its rounds; ${os.cpus().length} CPU cores shared with PostgreSQL and the load; load average before the run ${load.join(" / ")}. The page is \`/park/{slug}\` in English; the JSON is what its loader reads, \`/api/v1/front/parks/{slug}\`. Latencies in ms.\n`,
  );
  say("| case | req/s | p50 | p99 | errors | req/s vs the JSON | p99 vs the JSON | req/s per round |");
  say("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const c of cases) {
    const rounds = results.get(c.name)!;
    const base = c.baseline ? results.get(c.baseline)! : undefined;
    // Each round's ratio against the JSON of the same round, then their median.
    const ratio = (pick: (r: LoadResult) => number) =>
      base ? `${mid(rounds.map((r, i) => pick(r) / pick(base[i]!))).toFixed(2)}x` : "";
    say(
      `| ${c.baseline ? c.name : `**${c.name}**`} | ${Math.round(rps(rounds))} | ${ms(mid(rounds.map((r) => r.p50)))} | ${ms(mid(rounds.map((r) => r.p99)))} | ${rounds.reduce((n, r) => n + r.errors, 0)} | ${ratio((r) => r.rps)} | ${ratio((r) => r.p99)} | ${rounds.map((r) => Math.round(r.rps)).join(", ")} |`,
    );
  }
  const fillSeconds = fills.map((f) => f.seconds);
  // A page is kept PAGE_LIFETIME_MS from its render: a measurement ending later renders some again.
  const late = fills.filter((f) => f.seconds + SECONDS > PAGE_LIFETIME_MS / 1000).length;
  say(
    `\nThe cached run over many parks starts each round by requesting each of its pages once (${CONNECTIONS} at a time), which renders and keeps them: ${fillSeconds.map((s) => `${s.toFixed(1)} s`).join(", ")} (${fills.reduce((n, f) => n + f.failed, 0)} answers not a rendered page; about ${Math.round(mid(fills.map((f) => f.pages / f.seconds)))} renders/s). A page is kept ${PAGE_LIFETIME_MS / 1000} s from its render: ${late === 0 ? "every measurement ended within that time of its fill's start, so it was served from the cache throughout" : `${late} measurement(s) ended later than that after their fill started, and rendered some pages again`}.`,
  );
  writeResults("pages.md", lines.join("\n"));
}

await main();
