import type { Db } from "./client";

/**
 * Data that changes rarely (reference data, the search vocabulary), read once per database handle
 * and kept `ttlMs` (forever when omitted): concurrent callers share the one read, and a failed read
 * is forgotten so the next call tries again.
 */
export function cachedPerDb<T>(load: (db: Db) => PromiseLike<T>, ttlMs = Infinity): (db: Db) => Promise<T> {
  const cache = new WeakMap<Db, { at: number; value: Promise<T> }>();
  return (db) => {
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
}
