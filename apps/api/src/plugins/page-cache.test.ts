// The cache of rendered pages (decision 036): kept per key for its lifetime on the app's clock,
// bounded in bytes and pages (least recently served dropped first), one render for the requests
// that miss a key together, nothing kept that a render started before an invalidation made.
import { describe, expect, it } from "vitest";
import { PAGE_LIFETIME_MS, PageCache } from "./page-cache";

interface Page {
  html: string;
  keep?: boolean;
}

function cacheOf(options: { maxBytes?: number; maxEntries?: number } = {}) {
  let now = new Date("2027-01-04T08:00:00Z");
  const renders: string[] = [];
  const cache = new PageCache<Page>({
    clock: () => now,
    maxBytes: options.maxBytes ?? 1000,
    ...(options.maxEntries === undefined ? {} : { maxEntries: options.maxEntries }),
    sizeOf: (page) => page.html.length,
    keep: (page) => page.keep !== false,
  });
  /** The page of `key`, rendered as `html` when it is not kept. */
  const get = async (key: string, html = `<p>${key}</p>`, keep = true) =>
    (
      await cache.get(key, async () => {
        renders.push(key);
        return { html, keep };
      })
    ).value.html;
  return {
    cache,
    get,
    renders,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe("the cache of rendered pages", () => {
  it("serves a kept page without rendering it, per key", async () => {
    const { get, renders } = cacheOf();
    expect(await get("a")).toBe("<p>a</p>");
    expect(await get("a", "other")).toBe("<p>a</p>");
    expect(await get("b")).toBe("<p>b</p>");
    expect(renders).toEqual(["a", "b"]);
  });

  it("keeps a page for its lifetime on the app's clock, then renders it again", async () => {
    const { get, renders, advance } = cacheOf();
    await get("a");
    advance(PAGE_LIFETIME_MS - 1);
    expect(await get("a", "new")).toBe("<p>a</p>");
    advance(1);
    expect(await get("a", "new")).toBe("new");
    expect(renders).toEqual(["a", "a"]);
  });

  it("keeps no page the render says may not be kept", async () => {
    const { get, renders, cache } = cacheOf();
    await get("a", "mine", false);
    await get("a", "mine", false);
    expect(renders).toEqual(["a", "a"]);
    expect(cache.size.pages).toBe(0);
  });

  it("drops the least recently served page past its bytes", async () => {
    const { get, renders, cache } = cacheOf({ maxBytes: 30 });
    await get("a", "x".repeat(10));
    await get("b", "x".repeat(10));
    await get("c", "x".repeat(10));
    await get("a"); // served again: b is now the least recent
    await get("d", "x".repeat(10));
    expect(cache.size).toEqual({ pages: 3, bytes: 30 });
    renders.length = 0;
    await get("a");
    await get("c");
    await get("d");
    expect(renders).toEqual([]);
    await get("b");
    expect(renders).toEqual(["b"]);
  });

  it("drops the least recently served page past its number of pages", async () => {
    const { get, renders, cache } = cacheOf({ maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await get(key);
    expect(cache.size.pages).toBe(2);
    renders.length = 0;
    await get("a");
    expect(renders).toEqual(["a"]);
  });

  it("keeps no page larger than the whole cache", async () => {
    const { get, cache } = cacheOf({ maxBytes: 5 });
    await get("a", "x".repeat(6));
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
  });

  it("renders a key once for the requests that miss it together", async () => {
    const { cache } = cacheOf();
    let renders = 0;
    let finish!: (page: Page) => void;
    const render = () => {
      renders += 1;
      return new Promise<Page>((resolve) => (finish = resolve));
    };
    const first = cache.get("a", render);
    const second = cache.get("a", render);
    finish({ html: "<p>a</p>" });
    expect((await first).value.html).toBe("<p>a</p>");
    expect((await second).value.html).toBe("<p>a</p>");
    expect(renders).toBe(1);
  });

  it("forgets every page when invalidated, and keeps none rendered from before", async () => {
    const { get, renders, cache } = cacheOf();
    await get("a");
    await get("b");
    cache.invalidate();
    expect(cache.size).toEqual({ pages: 0, bytes: 0 });
    await get("a", "new a");
    expect(await get("a")).toBe("new a");

    // A render that started before the change may show what it replaced: served, not kept.
    let finish!: (page: Page) => void;
    const stale = cache.get("c", () => new Promise<Page>((resolve) => (finish = resolve)));
    cache.invalidate();
    // A request after the change does not wait for the render from before it.
    expect(await get("c", "fresh c")).toBe("fresh c");
    finish({ html: "stale c" });
    expect((await stale).value.html).toBe("stale c");
    expect(await get("c")).toBe("fresh c");
    expect(renders).toEqual(["a", "b", "a", "c"]);
  });

  it("keeps nothing with no bytes to keep them in", async () => {
    const { get, renders, cache } = cacheOf({ maxBytes: 0 });
    await get("a");
    await get("a");
    expect(renders).toEqual(["a", "a"]);
    expect(cache.enabled).toBe(false);
  });
});
