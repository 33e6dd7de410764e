import { EVENT_CATEGORIES, type EventCategory } from "@parkwell/contract";

/** The events list as the page holds it; it lives in the URL so a search can be shared and reloaded. */
export interface EventQuery {
  search?: string | undefined;
  category?: EventCategory | undefined;
  /** Days on the venue's calendar, `YYYY-MM-DD`, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  size: number;
}

export const EVENTS_PAGE_SIZE = 12;

const day = (v: string | null) =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) ? v : undefined;

/** Reads what it understands and drops the rest: a hand-edited URL never breaks the page. */
export function parseEventQuery(params: URLSearchParams): EventQuery {
  const category = params.get("category");
  const page = Number(params.get("page"));
  const from = day(params.get("from"));
  const to = day(params.get("to"));
  return {
    search: params.get("search")?.trim().slice(0, 100) || undefined,
    category: EVENT_CATEGORIES.includes(category as EventCategory) ? (category as EventCategory) : undefined,
    from,
    // A range that ends before it starts asks for nothing: its end is dropped.
    to: from && to && to < from ? undefined : to,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    size: EVENTS_PAGE_SIZE,
  };
}

export function toSearchParams(q: EventQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.search) out.set("search", q.search);
  if (q.category) out.set("category", q.category);
  if (q.from) out.set("from", q.from);
  if (q.to) out.set("to", q.to);
  if (q.page > 1) out.set("page", String(q.page));
  return out;
}
