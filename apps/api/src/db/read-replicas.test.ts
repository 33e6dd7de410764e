import { describe, expect, it } from "vitest";
import { readAfterOf } from "../plugins/read-your-writes";
import { formatLsn, parseLsn, replayLag } from "./read-replicas";

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
