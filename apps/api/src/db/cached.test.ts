import { describe, expect, it, vi } from "vitest";
import type { Db } from "./client";
import { cachedPerDb } from "./cached";

const db = {} as Db;

describe("cachedPerDb", () => {
  it("reads once per handle within the time to live, again after it", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => 42);
    const get = cachedPerDb(load, 1000);
    expect(await Promise.all([get(db), get(db)])).toEqual([42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
    await get({} as Db);
    expect(load).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1001);
    await get(db);
    expect(load).toHaveBeenCalledTimes(3);
    vi.useRealTimers();
  });

  it("runs a lazy query builder once, however often its cached value is awaited", async () => {
    // Like a Drizzle select: nothing runs until `then`, and every `then` runs the query again.
    let runs = 0;
    const lazyQuery = { then: (ok: (v: number) => unknown) => ok(++runs) } as PromiseLike<number>;
    const get = cachedPerDb(() => lazyQuery);
    expect([await get(db), await get(db), await get(db)]).toEqual([1, 1, 1]);
    expect(runs).toBe(1);
  });

  it("forgets a failed read", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValue("ok");
    const get = cachedPerDb(load);
    await expect(get(db)).rejects.toThrow("down");
    expect(await get(db)).toBe("ok");
  });
});
