import { describe, expect, it } from "vitest";
import { parseWrk, wrkMillis } from "./load";

// wrk 4.1.0's report with --latency, as printed against a local server answering every other
// path with a 500 (bench/wrk-paths.lua cycling through two paths).
const REPORT = `Running 1s test @ http://127.0.0.1:3993
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   375.31us  657.69us  11.35ms   94.23%
    Req/Sec    15.21k     5.30k   19.72k    72.73%
  Latency Distribution
     50%  218.00us
     75%  316.00us
     90%  547.00us
     99%    3.34ms
  16621 requests in 1.10s, 2.10MB read
  Non-2xx or 3xx responses: 8310
Requests/sec:  15108.50
Transfer/sec:      1.91MB
`;

describe("wrk's report", () => {
  it("reads durations in any of wrk's units as ms", () => {
    expect(wrkMillis("218.00us")).toBeCloseTo(0.218);
    expect(wrkMillis("3.34ms")).toBe(3.34);
    expect(wrkMillis("1.02s")).toBe(1020);
    expect(() => wrkMillis("3.34 ms")).toThrow(/not a wrk duration/);
  });

  it("reads the count, the rate, the median, the 99th percentile and the failures", () => {
    expect(parseWrk(REPORT, 1)).toEqual({ count: 16621, rps: 15108.5, p50: 0.218, p99: 3.34, errors: 8310 });
  });

  it("counts socket errors as failures", () => {
    const report = REPORT.replace(
      "  Non-2xx or 3xx responses: 8310\n",
      "  Socket errors: connect 0, read 3, write 1, timeout 2\n",
    );
    expect(parseWrk(report, 1).errors).toBe(6);
  });

  it("refuses a report with no latency distribution (run without --latency)", () => {
    expect(() => parseWrk(REPORT.replace(/ {2}Latency Distribution[\s\S]*?99%.*\n/, ""), 1)).toThrow(
      /wrk printed no result/,
    );
  });
});
