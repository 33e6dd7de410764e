/**
 * The one way a list is cut into pages (docs/API-CONVENTIONS.md#pagination): `page` counts from 1,
 * and an empty list still has its page 1, so `pages` is never 0.
 */
export interface PageQuery {
  page: number;
  size: number;
}

/** The rows a page skips. */
export const offsetOf = (q: PageQuery): number => (q.page - 1) * q.size;

/** Pages of `size` for `total` rows: at least 1. */
export const pagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** The list envelope `{ items, total, page, size, pages }` of one page. */
export function listPage<T>(items: T[], total: number, q: PageQuery) {
  return { items, total, page: q.page, size: q.size, pages: pagesOf(total, q.size) };
}
