import { describe, expect, it } from "vitest";
import type { LoadResult } from "./load";
import { machineFactor, verdictLines, verdicts, type CaseFigures } from "./search-targets";

const load = (p99: number, rps: number): LoadResult => ({
  count: rps * 10,
  rps,
  p50: p99 / 2,
  p99,
  errors: 0,
});
const figures = (name: string, smallP99: number, largeP99: number, apiRps: number, sqlRps: number) =>
  ({
    name,
    small: { api: load(smallP99, apiRps) },
    large: { api: load(largeP99, apiRps), direct: load(largeP99 / 2, sqlRps) },
  }) satisfies CaseFigures;

describe("search targets", () => {
  it("judges p99 against the target as written and scaled by the run's calibration", () => {
    // A machine half as fast as the calibrated one (calibration p99 34 ms, not 17): 30 ms misses 25, meets 50.
    const [coords, text] = verdicts(
      [figures("coordinates", 20, 30, 900, 1200), figures("text", 30, 99, 600, 1200)],
      34,
    );
    expect(machineFactor(34)).toBe(2);
    expect(coords).toMatchObject({ target: 25, scaledTarget: 50, p99Met: false, p99MetScaled: true });
    expect(text).toMatchObject({ target: 50, scaledTarget: 100, p99Met: false, p99MetScaled: true });
    // A faster machine tightens the targets: 20 ms meets 25 but not 25 × 0.5.
    const [fast] = verdicts([figures("country", 20, 20, 900, 1000)], 8.5);
    expect(fast).toMatchObject({ p99Met: true, p99MetScaled: false, scaledTarget: 12.5 });
  });

  it("judges the API's share of the direct throughput and the growth from 5,000 to 500,000 parks", () => {
    const [low, high] = verdicts(
      [figures("country", 10, 21, 590, 1000), figures("text", 10, 20, 600, 1000)],
      17,
    );
    expect(low).toMatchObject({ apiShareMet: false, growthMet: false });
    expect(low!.growth).toBeCloseTo(2.1);
    expect(high).toMatchObject({ apiShare: 0.6, apiShareMet: true, growth: 2, growthMet: true });
  });

  it("leaves out kinds without a target and reports the median calibration round", () => {
    const lines = verdictLines(
      [figures("country", 10, 12, 900, 1000), { ...figures("other", 1, 1, 1, 1) }],
      [load(40, 900), load(20, 2000), load(34, 1000)],
    );
    expect(lines[0]).toContain("median p99 34.0 ms");
    expect(lines[0]).toContain("factor **2.00**");
    expect(lines.filter((l) => l.startsWith("| country |"))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith("| other |"))).toBe(false);
    expect(lines.find((l) => l.startsWith("| country |"))).toBe(
      "| country | 12.0 | 25 | met | 50.0 | met | 90% | met | 1.20x | met |",
    );
  });
});
