import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHistogram } from "node:perf_hooks";
import autocannon from "autocannon";

export interface LoadResult {
  /** Requests (or statements) completed. */
  count: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** The median (the upper one of an even count). */
export const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const WRK = "/usr/bin/wrk";

/**
 * The HTTP load generator: wrk (Debian's package, written in C) where it is installed, unless
 * BENCH_LOAD=autocannon; autocannon otherwise. The generator shares the machine's cores with the
 * API and PostgreSQL, so its own CPU is taken from what it measures: autocannon spent 100-170 µs
 * per request (a third of the API's own), wrk 27-40 µs (decision 011).
 */
export const HTTP_LOAD: "wrk" | "autocannon" =
  process.env.BENCH_LOAD === "autocannon" || !fs.existsSync(WRK) ? "autocannon" : "wrk";

/** HTTP load at a fixed concurrency, the clients taking the given paths in turn (GET). */
export function loadHttp(
  base: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  return HTTP_LOAD === "wrk"
    ? loadWrk(base, paths, connections, seconds)
    : loadAutocannon(base, paths, connections, seconds);
}

/** A wrk duration such as "812.00us", "6.10ms" or "1.02s", in ms. */
export function wrkMillis(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`not a wrk duration: ${text}`);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
  return Number(m[1]) * unit;
}

/** What wrk printed with --latency: requests, their rate, the median and 99th percentile, errors. */
export function parseWrk(out: string, seconds: number): LoadResult {
  const count = /(\d+) requests in /.exec(out);
  const p50 = /^\s*50%\s+(\S+)/m.exec(out);
  const p99 = /^\s*99%\s+(\S+)/m.exec(out);
  if (!count || !p50 || !p99) throw new Error(`wrk printed no result:\n${out}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  const errors =
    (socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0) + (non2xx ? Number(non2xx[1]) : 0);
  const requests = Number(count[1]);
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(out);
  return {
    count: requests,
    rps: rate ? Number(rate[1]) : requests / seconds,
    p50: wrkMillis(p50[1]!),
    p99: wrkMillis(p99[1]!),
    errors,
  };
}

/**
 * wrk, one thread (it served over 15,000 requests/s against a trivial server here; a second would
 * take a core from the API), `connections` keep-alive connections taking the paths in turn
 * (bench/wrk-paths.lua).
 * A child process: once it has exited, its CPU is in this process's children's time (bench/cpu.ts).
 */
async function loadWrk(
  base: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parkwell-wrk-"));
  const list = path.join(dir, "paths.txt");
  fs.writeFileSync(list, `${paths.join("\n")}\n`);
  try {
    const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
    args.push("-s", path.join(import.meta.dirname, "wrk-paths.lua"), base, "--", list);
    const child = spawn(WRK, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}:\n${out}`);
    return parseWrk(out, seconds);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function loadAutocannon(
  base: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    pipelining: 1,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  return {
    count: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The same work run directly: `clients` loops calling `run` until the time is up, timed per call. */
export async function loadDirect(
  items: number,
  run: (i: number) => Promise<unknown>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const h = createHistogram();
  const until = performance.now() + seconds * 1000;
  let i = 0;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          await run(i++ % items);
        } catch {
          errors++;
        }
        h.record(Math.max(1, Math.round((performance.now() - t) * 1000)));
        done++;
      }
    }),
  );
  return {
    count: done,
    rps: done / seconds,
    p50: h.percentile(50) / 1000,
    p99: h.percentile(99) / 1000,
    errors,
  };
}
