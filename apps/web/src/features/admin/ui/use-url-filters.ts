import { useState } from "react";
import { useSearchParams } from "react-router";
import { writePageParams } from "./pagination";

/** A list's filters as the URL keeps them: every key, "" when unset. */
export function readFilters<K extends string>(
  search: URLSearchParams,
  keys: readonly K[],
): Record<K, string> {
  return Object.fromEntries(keys.map((k) => [k, search.get(k) ?? ""])) as Record<K, string>;
}

/** `page=..&size=..` and the filters that are set: the query string of every back-office list. */
export function listParams(filters: Record<string, string>, page: number, size: number): string {
  const params = new URLSearchParams({ page: String(page), size: String(size) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

/**
 * A list page's filters: `applied` are the URL's (what the list shows, kept by a reload, a shared
 * link and Back), `draft` what the filter bar holds until Apply. Apply and Reset write the URL and
 * go back to page 1.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [search, setSearch] = useSearchParams();
  const applied = readFilters(search, keys);
  const [draft, setDraft] = useState(applied);
  const write = (f: Record<K, string>) =>
    setSearch((s) => {
      const next = writePageParams(s, { page: 1 });
      for (const key of keys) {
        if (f[key]) next.set(key, f[key]);
        else next.delete(key);
      }
      return next;
    });
  return {
    applied,
    draft,
    /** Changes one field of the draft. */
    set: (key: K, value: string) => setDraft((d) => ({ ...d, [key]: value })),
    apply: () => write(draft),
    reset: () => {
      const empty = Object.fromEntries(keys.map((k) => [k, ""])) as Record<K, string>;
      setDraft(empty);
      write(empty);
    },
  };
}
