/**
 * The back office's list pagination as plain functions: the page and size read from the URL,
 * the entries shown ("Showing 11 to 20 of 45 entries") and the page buttons.
 */
import { ADMIN_PAGE_SIZES } from "@parkwell/contract";

export const PAGE_SIZES = ADMIN_PAGE_SIZES;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export interface PageParams {
  page: number;
  size: PageSize;
}

/** `page` and `size` from a query string; anything not a page number or an offered size is the default. */
export function readPageParams(search: URLSearchParams): PageParams {
  const page = Number(search.get("page"));
  const size = Number(search.get("size"));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE,
  };
}

/**
 * The query string with `page` and `size` written, other parameters (filters) kept. Defaults are
 * left out, so a list's first page has a clean URL.
 */
export function writePageParams(search: URLSearchParams, params: Partial<PageParams>): URLSearchParams {
  const next = new URLSearchParams(search);
  const current = readPageParams(search);
  const page = params.page ?? current.page;
  const size = params.size ?? current.size;
  if (page === 1) next.delete("page");
  else next.set("page", String(page));
  if (size === DEFAULT_PAGE_SIZE) next.delete("size");
  else next.set("size", String(size));
  return next;
}

export function pageCount(total: number, size: number): number {
  return total <= 0 ? 0 : Math.ceil(total / size);
}

/** The entries a page shows, counted from 1; 0 to 0 when there are none (or the page is past the end). */
export function shownRange(page: number, size: number, total: number): { from: number; to: number } {
  const from = (page - 1) * size + 1;
  if (total <= 0 || from > total) return { from: 0, to: 0 };
  return { from, to: Math.min(page * size, total) };
}

/**
 * The page buttons: always the first and the last page, the current one and `around` on each
 * side, and "gap" where pages are skipped (a gap never hides a single page: that page shows).
 */
export function pageButtons(page: number, pages: number, around = 1): (number | "gap")[] {
  if (pages <= 0) return [];
  const wanted = new Set<number>([1, pages]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last === 2) out.push(last + 1);
    else if (typeof last === "number" && p - last > 2) out.push("gap");
    out.push(p);
  }
  return out;
}
