import type {
  CheckinResult,
  CheckoutResult,
  GateCheckinBody,
  GateCodeBody,
  GatePark,
  GatePaymentMethod,
  GateToday,
  PosSale,
  PosSaleBody,
  PosSaleStatus,
} from "@parkwell/contract";
import { queryOptions } from "@tanstack/react-query";
import { adminApi } from "../api";

export type { CheckinResult, CheckoutResult, GatePark, GateToday, PosSale };

/** The problems drivers reported at the park (a full park, a closed barrier) for its attendant to confirm. */
export const gateClaimsQuery = (parkId: number) =>
  queryOptions({
    queryKey: ["admin", "gate", "claims", parkId],
    queryFn: ({ signal }) => adminApi("/gate/claims", { query: { park_id: parkId }, signal }),
    refetchInterval: 60_000,
  });

/** The attendant confirms a problem: decided at once (refunded, or rebooked nearby when asked). */
export const confirmClaim = (id: number, key: string) =>
  adminApi("/claims/{id}/confirm", {
    method: "POST",
    params: { id: String(id) },
    headers: { "idempotency-key": key },
  });

export const gateTodayQuery = (parkId: number) =>
  queryOptions({
    queryKey: ["admin", "gate", "today", parkId],
    queryFn: ({ signal }) => adminApi("/gate/today", { query: { park_id: parkId }, signal }),
    refetchInterval: 60_000,
  });

export interface SalePage {
  items: PosSale[];
  total: number;
  page: number;
  size: number;
  pages: number;
}

export const posSalesQuery = (parkId: number, status: PosSaleStatus | "", page: number, size: number) =>
  queryOptions({
    queryKey: ["admin", "pos", "sales", parkId, status, page, size],
    queryFn: ({ signal }) =>
      adminApi("/pos-sales", { query: { park_id: parkId, status, page, size }, signal }),
  });

/**
 * A check-in or check-out: the code typed or scanned, at the park chosen on the page (and, for a
 * monthly pass with two cars, the plate of the one entering). Answers a booking's result or a
 * pass's (PassCheckinResult, PassCheckoutResult).
 */
export const checkIn = (body: GateCheckinBody) => adminApi("/checkins", { method: "POST", body });

export const checkOut = (body: GateCodeBody) => adminApi("/checkouts", { method: "POST", body });

export const recordSale = (body: PosSaleBody) => adminApi("/pos-sales", { method: "POST", body });

export const closeSale = (code: string, payment_method: GatePaymentMethod) =>
  adminApi("/pos-sales/{code}/close", { params: { code }, method: "POST", body: { payment_method } });

export const voidSale = (code: string) =>
  adminApi("/pos-sales/{code}/void", { params: { code }, method: "POST", body: {} });
