import type { AdminDelivery, AdminDeliveryList, OrderStage } from "@parkwell/contract";
import { adminApi } from "../api";

/** The courier's assigned orders. */
export const deliveriesQuery = (page: number, size: number) => ({
  queryKey: ["admin", "deliveries", page, size] as const,
  queryFn: () => adminApi<AdminDeliveryList>(`/deliveries?page=${page}&size=${size}`),
});

/** Picked up (out for delivery) or delivered. */
export const moveDelivery = (code: string, to: OrderStage) =>
  adminApi<AdminDelivery>(
    `/deliveries/${encodeURIComponent(code)}/${to === "delivered" ? "delivered" : "picked-up"}`,
    { method: "POST" },
  );
