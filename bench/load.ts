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

/** HTTP load at a fixed concurrency, each client cycling through the given paths. */
export async function loadHttp(
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
