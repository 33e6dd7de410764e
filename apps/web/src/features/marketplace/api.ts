import type { AddressBody, OrderStage, QuoteBody } from "@parkwell/contract";
import { FINAL_ORDER_STAGES } from "@parkwell/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, ApiError } from "../../lib/api";
import type { CartLine } from "./cart";
import type { MarketQuery } from "./search-params";

/** An unknown item or order is an answer, not a failure to retry. */
const retryUnlessNotFound = (count: number, err: unknown) =>
  count < 1 && !(err instanceof ApiError && err.status === 404);

/** The marketplace's home: categories, live sliders and offers; names come in the language shown. */
export const marketHomeQuery = (country: string, language: string) =>
  queryOptions({
    queryKey: ["marketplace", "home", country, language],
    queryFn: ({ signal }) => api("/marketplace/home", { query: { country }, signal }),
  });

/** The list endpoint's query from the page's state; empty values are left out by the client. */
export function toApiQuery(q: MarketQuery, country: string): Record<string, string | number | undefined> {
  return {
    country,
    category: q.category,
    search: q.search,
    kind: q.kind,
    on_offer: q.onOffer ? "true" : undefined,
    sort: q.sort,
    page: q.page,
    size: q.size,
  };
}

export const marketItemsQuery = (query: Record<string, string | number | undefined>, language: string) =>
  queryOptions({
    queryKey: ["marketplace", "items", query, language],
    queryFn: ({ signal }) => api("/marketplace/items", { query, signal }),
  });

export function useMarketItems(query: Record<string, string | number | undefined>, language: string) {
  return useQuery({ ...marketItemsQuery(query, language), placeholderData: keepPreviousData });
}

export const marketItemQuery = (id: number, language: string) =>
  queryOptions({
    queryKey: ["marketplace", "item", id, language],
    queryFn: ({ signal }) => api("/marketplace/items/{id}", { params: { id }, signal }),
    retry: retryUnlessNotFound,
  });

export function useMarketItem(id: number | null) {
  const { i18n } = useTranslation();
  return useQuery({ ...marketItemQuery(id ?? 0, i18n.language), enabled: id !== null });
}

/** What ordering in the country offers: delivery and takeaway on or off, slots, pickup parks. */
export const orderingOptionsQuery = (
  country: string,
  language: string,
  near: { lat: number; lng: number } | null = null,
) =>
  queryOptions({
    queryKey: ["marketplace", "options", country, language, near?.lat, near?.lng],
    queryFn: ({ signal }) =>
      api("/marketplace/options", {
        query: { country, ...(near ? { lat: String(near.lat), lng: String(near.lng) } : {}) },
        signal,
      }),
    staleTime: 0,
  });

/** The body of a quote and of an order: what the cart holds and the checkout's choices. */
export interface QuoteInput {
  country: string;
  lines: CartLine[];
  order_type: QuoteBody["order_type"];
  coupon_code?: string;
  address_id?: number;
  park_id?: number;
  time_slot?: { slot_id: number; date: string };
  booking_code?: string;
}

export const bodyOf = (input: QuoteInput) => ({
  ...input,
  source: "web" as const,
  lines: input.lines.map((l) => ({
    item_id: l.item_id,
    ...(l.variation_id ? { variation_id: l.variation_id } : {}),
    addon_ids: l.addon_ids,
    quantity: l.quantity,
  })),
});

/** The server's price of the cart as it stands (the only price the pages show). */
export function useQuote(input: QuoteInput | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ["marketplace", "quote", input, i18n.language],
    queryFn: ({ signal }) => api("/marketplace/quote", { method: "POST", body: bodyOf(input!), signal }),
    enabled: input !== null && input.lines.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/**
 * One key per attempt: a retried request (double click, flaky network) orders once. The total
 * shown goes with it: a price that changed meanwhile is refused (409), never charged. With a
 * company's id the company pays (the driver's wallet otherwise).
 */
export const placeOrder = (
  input: QuoteInput,
  expectedTotal: number,
  idempotencyKey: string,
  companyId: number | null = null,
) =>
  api("/orders", {
    method: "POST",
    body: {
      ...bodyOf(input),
      expected_total: expectedTotal,
      ...(companyId !== null ? { company_id: companyId } : {}),
    },
    headers: { "idempotency-key": idempotencyKey },
  });

/** The driver's saved addresses in the country shopped in (an address is saved in the driver's country). */
export const addressesQuery = (country: string) =>
  queryOptions({
    queryKey: ["marketplace", "addresses", country],
    queryFn: async ({ signal }) =>
      (await api("/addresses", { signal })).filter((a) => a.country_code === country),
  });

export const createAddress = (body: AddressBody) => api("/addresses", { method: "POST", body });

/** Places a saved address's pin where the driver put it (which confirms it). */
export const placeAddressPin = ({ id, lat, lng }: { id: number; lat: number; lng: number }) =>
  api("/addresses/{id}", { params: { id }, method: "PATCH", body: { lat, lng, pin_confirmed: true } });

export const ORDERS_PAGE_SIZE = 10;

export const ordersQuery = (stage: OrderStage | undefined, page: number) =>
  queryOptions({
    queryKey: ["orders", "list", stage ?? "", page],
    queryFn: ({ signal }) =>
      api("/orders", {
        query: { stage, page, size: ORDERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** How often an order still on its way is asked again, so its tracking page follows it. */
export const ORDER_REFRESH_MS = 30_000;

export const orderQuery = (code: string, language: string) =>
  queryOptions({
    queryKey: ["orders", "detail", code, language],
    queryFn: ({ signal }) => api("/orders/{orderCode}", { params: { orderCode: code }, signal }),
    retry: retryUnlessNotFound,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && !FINAL_ORDER_STAGES.includes(query.state.data.stage) ? ORDER_REFRESH_MS : false,
  });

export const cancelOrder = (code: string) =>
  api("/orders/{orderCode}/cancel", { params: { orderCode: code }, method: "POST" });

/**
 * The driver's bookings that are running or still to come: a service can be done during one of
 * them, at its park, instead of in a time slot.
 */
export const openBookingsQuery = () =>
  queryOptions({
    queryKey: ["bookings", "open-for-services"],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        (["active", "upcoming"] as const).map((status_filter) =>
          api("/bookings/list", { query: { status_filter, size: 50 }, signal }),
        ),
      );
      return lists.flatMap((l) => l.items);
    },
    staleTime: 0,
  });
