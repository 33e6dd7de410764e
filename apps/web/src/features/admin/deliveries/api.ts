import type { OrderStage } from "@parkwell/contract";
import { adminApi } from "../api";

/** The courier's assigned orders. */
export const deliveriesQuery = (page: number, size: number) => ({
  queryKey: ["admin", "deliveries", page, size] as const,
  queryFn: () => adminApi("/deliveries", { query: { page, size } }),
});

/** Picked up (out for delivery) or delivered. */
export const moveDelivery = (code: string, to: OrderStage) =>
  adminApi(to === "delivered" ? "/deliveries/{orderCode}/delivered" : "/deliveries/{orderCode}/picked-up", {
    params: { orderCode: code },
    method: "POST",
  });
