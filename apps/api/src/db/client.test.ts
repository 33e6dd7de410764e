import os from "node:os";
import { describe, expect, it } from "vitest";
import { defaultSearchPoolSize } from "./client";

describe("defaultSearchPoolSize", () => {
  it("opens two connections per core, at least 2 and at most 10", () => {
    expect([1, 2, 3, 4, 5, 64].map((cores) => defaultSearchPoolSize(cores))).toEqual([2, 4, 6, 8, 10, 10]);
  });

  it("sizes the pool on this machine's cores when asked nothing", () => {
    expect(defaultSearchPoolSize()).toBe(Math.max(2, Math.min(10, 2 * os.availableParallelism())));
  });
});
