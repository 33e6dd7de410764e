import type { Db } from "./client";

/** A read kept per database handle, and forgotten for every handle by `clear`. */
export type CachedPerDb<T> = ((db: Db) => Promise<T>) & { clear(): void };

/**
 * Data that changes rarely (reference data, the search vocabulary), read once per database handle
 * and kept `ttlMs` (forever when omitted): concurrent callers share the one read, and a failed read
 * is forgotten so the next call tries again. `clear` forgets every handle's (a change it is told of).
 */
export function cachedPerDb<T>(load: (db: Db) => PromiseLike<T>, ttlMs = Infinity): CachedPerDb<T> {
  let cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  const read = (db: Db) => {
    const hit = cache.get(db);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    // Settled once into a real promise: a Drizzle query builder is a lazy thenable that runs its
    // query again at every `await`, so caching the builder itself would cache nothing.
    const value = (async () => load(db))();
    value.catch(() => {
      if (cache.get(db)?.value === value) cache.delete(db);
    });
    cache.set(db, { at: Date.now(), value });
    return value;
  };
  return Object.assign(read, {
    clear() {
      cache = new WeakMap();
    },
  });
}
