import { describe, expect, it } from "vitest";
import { readAfterOf } from "../plugins/read-your-writes";
import { formatLsn, hasReplayed, parseLsn, replayLag, replicaVerdict } from "./read-replicas";

describe("WAL positions", () => {
  it("reads and writes PostgreSQL's notation, comparing as numbers", () => {
    expect(parseLsn("0/0")).toBe(0n);
    expect(parseLsn("16/B374D848")).toBe((0x16n << 32n) | 0xb374d848n);
    expect(formatLsn(parseLsn("16/B374D848")!)).toBe("16/B374D848");
    expect(formatLsn(parseLsn("a/1")!)).toBe("A/1");
    // The high half counts more than any low half.
    expect(parseLsn("1/0")! > parseLsn("0/FFFFFFFF")!).toBe(true);
  });

  it("takes nothing else for a position", () => {
    for (const text of [null, undefined, "", "16", "16/", "/1", "G/1", "1/2/3", "123456789/1", "1 /2x"]) {
      expect(parseLsn(text)).toBeNull();
    }
  });
});

describe("replayLag", () => {
  const samples = [
    { lsn: 100n, at: 1_000 },
    { lsn: 200n, at: 2_000 },
    { lsn: 300n, at: 3_000 },
  ];

  it("is the age of the oldest primary position not replayed yet", () => {
    expect(replayLag(samples, 150n, 3_500)).toBe(1_500);
    expect(replayLag(samples, 99n, 3_500)).toBe(2_500);
    expect(replayLag(samples, 250n, 3_500)).toBe(500);
  });

  it("is 0 once everything sampled is replayed, however long the primary has been idle", () => {
    expect(replayLag(samples, 300n, 3_500)).toBe(0);
    expect(replayLag(samples, 300n, 3_600_000)).toBe(0);
    expect(replayLag([], 0n, 10)).toBe(0);
  });
});

describe("hasReplayed", () => {
  const page = parseLsn("0/2A6000")!; // a WAL page boundary (8 kB pages)

  it("takes a primary position just past a page's header for the boundary an idle primary's last record ended on", () => {
    // The insert position after a record that ends on a page boundary is past the next page's
    // header (24 bytes; 40 at a segment's start); the standby's replay stops at the boundary.
    expect(hasReplayed(page, page + 24n)).toBe(true);
    expect(hasReplayed(page, page + 40n)).toBe(true);
    expect(replayLag([{ lsn: page + 24n, at: 1_000 }], page, 60_000)).toBe(0);
    // With 16 kB pages, the same position is mid-page.
    expect(hasReplayed(page, page + 24n, 16_384)).toBe(false);
  });

  it("never takes a written record for replayed", () => {
    // The smallest record after a page's header ends 48 bytes or more past the boundary.
    expect(hasReplayed(page, page + 48n)).toBe(false);
    expect(hasReplayed(page + 8n, page + 32n)).toBe(false);
    expect(hasReplayed(page - 8n, page + 24n)).toBe(false);
    expect(hasReplayed(page + 24n, page + 24n)).toBe(true);
  });
});

describe("replicaVerdict", () => {
  // A process started 2 s ago: its oldest sample is 2 s old.
  const samples = [
    { lsn: 500n, at: 8_000 },
    { lsn: 600n, at: 9_000 },
  ];

  it("serves reads from a standby within the bound, and not from one lagging past it", () => {
    expect(replicaVerdict(samples, 550n, 550n, 10_000, 5_000)).toEqual({
      inRotation: true,
      reason: null,
      lagMs: 1_000,
    });
    expect(replicaVerdict(samples, 550n, 550n, 16_500, 5_000)).toEqual({
      inRotation: false,
      reason: "lagging 7500 ms (more than 5000 ms)",
      lagMs: 7_500,
    });
  });

  it("keeps out a standby that came back behind where it was, however young the samples make its lag look", () => {
    // Restarted after a crash at a position older than every sample: a lag of 2 s, yet it would
    // show rows older than those it showed at 550.
    expect(replicaVerdict(samples, 100n, 550n, 10_000, 5_000)).toEqual({
      inRotation: false,
      reason: "behind where it was (restarted, catching up)",
      lagMs: 2_000,
    });
    // Back where it was, it serves again.
    expect(replicaVerdict(samples, 550n, 550n, 10_200, 5_000).inRotation).toBe(true);
  });

  it("has no lag to give before the primary's first sample", () => {
    expect(replicaVerdict([], 100n, null, 10_000, 5_000)).toEqual({
      inRotation: true,
      reason: null,
      lagMs: null,
    });
  });
});

describe("the read-after cookie", () => {
  it("is read among other cookies, URL-encoded as it is set", () => {
    expect(readAfterOf("country=CA; read_after=16%2FB374D848; lang=fr")).toBe(parseLsn("16/B374D848"));
    expect(readAfterOf("read_after=0/5")).toBe(5n);
  });

  it("is no position when absent or not a position", () => {
    expect(readAfterOf(undefined)).toBeNull();
    expect(readAfterOf("country=CA")).toBeNull();
    expect(readAfterOf("read_after=")).toBeNull();
    expect(readAfterOf("read_after=%E0%A4%A")).toBeNull();
    expect(readAfterOf("xread_after=0/5")).toBeNull();
  });
});
