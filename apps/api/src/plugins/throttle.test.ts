import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { clientKey, MemoryCounters } from "./throttle";

describe("MemoryCounters", () => {
  it("counts per key inside a window and starts again when the window ends", () => {
    let now = 0;
    const store = new MemoryCounters(10, () => now);
    expect(store.incr("a", 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(store.incr("a", 1000)).toEqual({ count: 2, ttlMs: 600 });
    expect(store.incr("b", 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 1000;
    expect(store.incr("a", 1000)).toEqual({ count: 1, ttlMs: 1000 });
  });

  it("takes a count back, never below zero, never into a later window", () => {
    let now = 0;
    const store = new MemoryCounters(10, () => now);
    store.incr("a", 1000);
    store.incr("a", 1000);
    store.decr("a");
    store.decr("a");
    store.decr("a");
    expect(store.incr("a", 1000)!.count).toBe(1);
    now = 1500;
    store.decr("a");
    expect(store.incr("a", 1000)!.count).toBe(1);
  });

  it("never forgets a running window: a burst of other keys cannot reset an attacker's count", () => {
    let now = 0;
    const store = new MemoryCounters(100, () => now);
    for (let i = 0; i < 5; i++) store.incr("victim@example.com", 60_000);
    // The attacker fills the store with distinct keys, then some more.
    for (let i = 0; i < 1000; i++) store.incr(`junk-${i}@example.com`, 60_000);
    expect(store.size).toBe(100);
    expect(store.incr("victim@example.com", 60_000)!.count).toBe(6);
    // A new key is refused while the store is full of running windows...
    expect(store.incr("newcomer@example.com", 60_000)).toBeNull();
    // ...and accepted once the oldest windows have ended.
    now = 60_000;
    expect(store.incr("newcomer@example.com", 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
    expect(store.size).toBe(1);
  });
});

describe("clientKey", () => {
  const key = (ip: string) => clientKey({ ip } as FastifyRequest);

  it("keeps an IPv4 address, also when mapped into IPv6", () => {
    expect(key("203.0.113.7")).toBe("203.0.113.7");
    expect(key("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    const net = "2001:db8:12:34::/64";
    expect(key("2001:db8:12:34::1")).toBe(net);
    expect(key("2001:0db8:0012:0034:ffff:1:2:3")).toBe(net);
    expect(key("2001:DB8:12:34:0:0:0:9")).toBe(net);
    expect(key("2001:db8:12:35::1")).not.toBe(net);
    expect(key("::1")).toBe("0:0:0:0::/64");
  });
});
