import { BLOG_SEARCH_MAX, BLOG_SLUG_PATTERN, BLOG_TAG_MAX } from "@parkwell/contract";

/** The blog list as the page holds it; it lives in the URL so a search can be shared and reloaded. */
export interface BlogQuery {
  /** A category's slug. */
  category?: string | undefined;
  /** A tag, as a post lists it. */
  tag?: string | undefined;
  /** Words searched in the titles and summaries. */
  q?: string | undefined;
  page: number;
  size: number;
}

/** The API's own page size: ten posts a page (docs/PRODUCT-RULES.md, Blog). */
export const BLOG_PAGE_SIZE = 10;

/** Reads what it understands and drops the rest: a hand-edited URL never breaks the page. */
export function parseBlogQuery(params: URLSearchParams): BlogQuery {
  const category = params.get("category");
  const page = Number(params.get("page"));
  return {
    category: category && category.length <= 120 && BLOG_SLUG_PATTERN.test(category) ? category : undefined,
    tag: params.get("tag")?.trim().slice(0, BLOG_TAG_MAX) || undefined,
    q: params.get("q")?.trim().slice(0, BLOG_SEARCH_MAX) || undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: BLOG_PAGE_SIZE,
  };
}

export function toSearchParams(query: BlogQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (query.category) out.set("category", query.category);
  if (query.tag) out.set("tag", query.tag);
  if (query.q) out.set("q", query.q);
  if (query.page > 1) out.set("page", String(query.page));
  return out;
}
