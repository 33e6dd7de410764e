import { ITEM_KINDS, ITEM_SORTS, type ItemKind, type ItemSort } from "@parkwell/contract";

/** The marketplace list as the page holds it; it lives in the URL so a search can be shared and reloaded. */
export interface MarketQuery {
  search?: string | undefined;
  /** A category's slug. */
  category?: string | undefined;
  kind?: ItemKind | undefined;
  onOffer?: boolean | undefined;
  sort: ItemSort;
  page: number;
  size: number;
}

export const MARKET_PAGE_SIZE = 12;

/** Reads what it understands and drops the rest: a hand-edited URL never breaks the page. */
export function parseMarketQuery(params: URLSearchParams): MarketQuery {
  const kind = params.get("kind");
  const sort = params.get("sort");
  const category = params.get("category")?.trim();
  const page = Number(params.get("page"));
  return {
    search: params.get("search")?.trim().slice(0, 100) || undefined,
    category: category && /^[a-z0-9-]{1,60}$/.test(category) ? category : undefined,
    kind: ITEM_KINDS.includes(kind as ItemKind) ? (kind as ItemKind) : undefined,
    onOffer: params.get("on_offer") === "true" || undefined,
    sort: ITEM_SORTS.includes(sort as ItemSort) ? (sort as ItemSort) : "popular",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: MARKET_PAGE_SIZE,
  };
}

export function toSearchParams(q: MarketQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.search) out.set("search", q.search);
  if (q.category) out.set("category", q.category);
  if (q.kind) out.set("kind", q.kind);
  if (q.onOffer) out.set("on_offer", "true");
  if (q.sort !== "popular") out.set("sort", q.sort);
  if (q.page > 1) out.set("page", String(q.page));
  return out;
}
