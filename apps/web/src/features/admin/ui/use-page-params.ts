import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { readPageParams, writePageParams, type PageParams, type PageSize } from "./pagination";

/**
 * A list's page and size, kept in the URL (`?page=2&size=50`) so a reload, a shared link and
 * Back keep them. A new size goes back to page 1; so does `resetPage()` when a filter changes.
 */
export function usePageParams(): PageParams & {
  setPage: (page: number) => void;
  setSize: (size: PageSize) => void;
} {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readPageParams(search), [search]);
  const setPage = useCallback((page: number) => setSearch((s) => writePageParams(s, { page })), [setSearch]);
  const setSize = useCallback(
    (size: PageSize) => setSearch((s) => writePageParams(s, { page: 1, size })),
    [setSearch],
  );
  return { ...params, setPage, setSize };
}
