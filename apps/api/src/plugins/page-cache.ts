import type { FastifyInstance } from "fastify";
import type { Clock } from "../lib/clock";

/**
 * How long a rendered page is served from memory (docs/decisions/036-public-pages-on-the-server.md,
 * "Cache of rendered pages"). A change made through this process empties the cache at once; this
 * lifetime bounds what nothing here is told of: a change made through another API process (each
 * keeps its own), a country's fees changed as rows (read again as often: ServedCountries'
 * MAX_AGE_MS), a post whose publication time passes, an event's spaces selling out.
 */
export const PAGE_LIFETIME_MS = 60_000;

/** At most this many pages are kept, however small (the bytes bound the rest: PAGE_CACHE_MB). */
export const PAGE_CACHE_MAX_ENTRIES = 10_000;

/**
 * The writes that change what a rendered page shows: a successful one (any status but 4xx, which
 * changes nothing) empties the cache. Parks: texts, status (deactivation), slug, rates, capacities
 * and photos (/admin/parks); the reviews that make a park's rating (/reviews, a driver's; a
 * moderator's hide or reply, /admin/reviews); events, marketplace items, blog posts, the
 * information pages, the plans and the footer's social links (/admin/social-links), each edited in
 * the back office. A booking's spaces are not
 * here: they change a page only through an event's remaining spaces, left to the lifetime.
 * Every /api/v1/admin write is here (by prefix) or named in page-changing-writes.api.test.ts's
 * CHANGES_NO_PAGE with why, or that test fails: a new admin write is decided, not forgotten.
 */
export const PAGE_CHANGING_WRITES: readonly string[] = [
  "/api/v1/admin/parks",
  "/api/v1/admin/reviews",
  "/api/v1/reviews",
  "/api/v1/admin/events",
  "/api/v1/admin/marketplace",
  "/api/v1/admin/blog",
  "/api/v1/admin/pages",
  "/api/v1/admin/plans",
  "/api/v1/admin/social-links",
];

/**
 * Writes under a PAGE_CHANGING_WRITES prefix that store nothing: a preview renders what it is sent.
 * Emptying the cache for them would throw every kept page away each time an editor looks at a draft.
 */
export const WRITES_THAT_STORE_NOTHING: readonly string[] = ["/api/v1/admin/blog/preview"];

/** Whether a write to `url` (path and query) changes what public pages show: PAGE_CHANGING_WRITES. */
export function changesPages(url: string): boolean {
  const pathname = url.split("?")[0] ?? "";
  if (WRITES_THAT_STORE_NOTHING.includes(pathname)) return false;
  return PAGE_CHANGING_WRITES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

interface Kept<V> {
  value: V;
  bytes: number;
  expiresAt: number;
}

export interface PageCacheOptions<V> {
  /** The app's clock: a kept page expires PAGE_LIFETIME_MS after it was rendered, on this clock. */
  clock: Clock;
  /** The pages' bytes kept at most (least recently served dropped first); 0 keeps nothing. */
  maxBytes: number;
  maxEntries?: number;
  /** A page's size in bytes. */
  sizeOf(value: V): number;
  /** Whether a rendered page may be served to every request of its key. */
  keep(value: V): boolean;
}

/**
 * Rendered pages kept in this process's memory by their key (what the render depends on: the web's
 * `renderKey`), least recently served dropped first past the bounds, each for PAGE_LIFETIME_MS.
 * Requests for a key that is being rendered wait for that render instead of rendering it again.
 * `invalidate` forgets every page, and a render that started before it is not kept (it may have
 * read what the change replaced).
 */
export class PageCache<V> {
  private readonly pages = new Map<string, Kept<V>>();
  private readonly rendering = new Map<string, Promise<V>>();
  private bytes = 0;
  private generation = 0;
  private readonly maxEntries: number;

  constructor(private readonly options: PageCacheOptions<V>) {
    this.maxEntries = options.maxEntries ?? PAGE_CACHE_MAX_ENTRIES;
  }

  get enabled(): boolean {
    return this.options.maxBytes > 0;
  }

  /** How many pages and bytes are kept. */
  get size(): { pages: number; bytes: number } {
    return { pages: this.pages.size, bytes: this.bytes };
  }

  /** The page kept under `key`, else the one `render` makes (kept when it may be). */
  async get(key: string, render: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    if (!this.enabled) return { value: await render(), hit: false };
    const now = this.options.clock().getTime();
    const kept = this.pages.get(key);
    if (kept && kept.expiresAt > now) {
      // Served again: last in the map's order, the least recently served being first.
      this.pages.delete(key);
      this.pages.set(key, kept);
      return { value: kept.value, hit: true };
    }
    if (kept) this.forget(key, kept);
    const pending = this.rendering.get(key);
    if (pending) return { value: await pending, hit: true };

    const generation = this.generation;
    const rendered = render();
    this.rendering.set(key, rendered);
    try {
      const value = await rendered;
      if (generation === this.generation && this.options.keep(value)) {
        this.keep(key, value, this.options.clock().getTime() + PAGE_LIFETIME_MS);
      }
      return { value, hit: false };
    } finally {
      if (this.rendering.get(key) === rendered) this.rendering.delete(key);
    }
  }

  /** Forgets every page (something they show has changed). */
  invalidate(): void {
    this.generation += 1;
    this.pages.clear();
    this.rendering.clear();
    this.bytes = 0;
  }

  private keep(key: string, value: V, expiresAt: number): void {
    const bytes = this.options.sizeOf(value);
    if (bytes > this.options.maxBytes) return;
    const old = this.pages.get(key);
    if (old) this.forget(key, old);
    this.pages.set(key, { value, bytes, expiresAt });
    this.bytes += bytes;
    for (const [oldest, page] of this.pages) {
      if (this.bytes <= this.options.maxBytes && this.pages.size <= this.maxEntries) break;
      this.forget(oldest, page);
    }
  }

  private forget(key: string, page: Kept<V>): void {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}

/**
 * Empties `cache` after every write that changes what a page shows (PAGE_CHANGING_WRITES), as its
 * answer is sent: the write has committed, and the writer's next page is rendered afresh.
 */
export function invalidateOnWrites(
  app: FastifyInstance,
  cache: Pick<PageCache<unknown>, "invalidate">,
): void {
  app.addHook("onSend", async (req, reply, payload) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return payload;
    if (reply.statusCode >= 400 && reply.statusCode < 500) return payload;
    if (changesPages(req.url)) cache.invalidate();
    return payload;
  });
}
