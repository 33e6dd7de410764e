import type { AdminOrderStageBody } from "@parkwell/contract";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

export const ORDER_FILTERS = ["stage", "country", "search", "from", "to"] as const;

export function ordersQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "orders", f, page, size] as const,
    queryFn: () => adminApi("/orders", { query: listParams(f, page, size) }),
  };
}

export const orderQuery = (code: string) => ({
  queryKey: ["admin", "order", code] as const,
  queryFn: () => adminApi("/orders/{orderCode}", { params: { orderCode: code } }),
});

export const receiptQuery = (code: string) => ({
  queryKey: ["admin", "order-receipt", code] as const,
  queryFn: () => adminApi("/orders/{orderCode}/receipt", { params: { orderCode: code } }),
});

/** The couriers an order may be given to. */
export const couriersQuery = {
  queryKey: ["admin", "couriers"] as const,
  queryFn: () => adminApi("/orders/couriers"),
};

export const moveOrder = (code: string, body: AdminOrderStageBody) =>
  adminApi("/orders/{orderCode}/stage", { params: { orderCode: code }, method: "POST", body });
export const assignCourier = (code: string, courierId: string) =>
  adminApi("/orders/{orderCode}/courier", {
    params: { orderCode: code },
    method: "POST",
    body: { courier_id: courierId },
  });
