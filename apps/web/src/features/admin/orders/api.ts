import type {
  AdminCourierList,
  AdminOrder,
  AdminOrderList,
  AdminOrderReceipt,
  AdminOrderStageBody,
} from "@parkwell/contract";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

export const ORDER_FILTERS = ["stage", "country", "search", "from", "to"] as const;

const path = (code: string) => `/orders/${encodeURIComponent(code)}`;

export function ordersQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "orders", f, page, size] as const,
    queryFn: () => adminApi<AdminOrderList>(`/orders?${listParams(f, page, size)}`),
  };
}

export const orderQuery = (code: string) => ({
  queryKey: ["admin", "order", code] as const,
  queryFn: () => adminApi<AdminOrder>(path(code)),
});

export const receiptQuery = (code: string) => ({
  queryKey: ["admin", "order-receipt", code] as const,
  queryFn: () => adminApi<AdminOrderReceipt>(`${path(code)}/receipt`),
});

/** The couriers an order may be given to. */
export const couriersQuery = {
  queryKey: ["admin", "couriers"] as const,
  queryFn: () => adminApi<AdminCourierList>("/orders/couriers"),
};

export const moveOrder = (code: string, body: AdminOrderStageBody) =>
  adminApi<AdminOrder>(`${path(code)}/stage`, { method: "POST", body });
export const assignCourier = (code: string, courierId: string) =>
  adminApi<AdminOrder>(`${path(code)}/courier`, { method: "POST", body: { courier_id: courierId } });
