import type { PassCreate } from "@parkwell/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../lib/api";

/** GET /plans with the list page's query (plans-params' toPlanApiQuery). */
export function usePlanSearch(query: Record<string, string | number | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: ["plans", "list", query],
    queryFn: ({ signal }) => api("/plans", { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const planQuery = (id: number) =>
  queryOptions({
    queryKey: ["plans", "detail", id],
    queryFn: ({ signal }) => api("/plans/{id}", { params: { id }, signal }),
    // An unknown plan is an answer, not a failure to retry.
    retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status === 404),
  });

export interface QuoteAsked {
  vehicle_type_id: number;
  start_date: string;
  term_months: number;
  coupon_code?: string | undefined;
}

/** The first term's price, as the sale will charge it (GET /plans/{id}/quote). */
export function usePlanQuote(planId: number, asked: QuoteAsked) {
  return useQuery({
    queryKey: ["plans", "quote", planId, asked],
    queryFn: ({ signal }) =>
      api("/plans/{id}/quote", {
        params: { id: planId },
        query: {
          vehicle_type_id: asked.vehicle_type_id,
          start_date: asked.start_date,
          term_months: String(asked.term_months),
          ...(asked.coupon_code ? { coupon_code: asked.coupon_code } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** POST /passes, once per attempt (the key). */
export const buyPass = (body: PassCreate, idempotencyKey: string) =>
  api("/passes", { method: "POST", body, headers: { "idempotency-key": idempotencyKey } });
