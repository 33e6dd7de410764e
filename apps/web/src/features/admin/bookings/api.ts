import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

export const BOOKING_FILTERS = ["search", "status", "from", "to"] as const;

export function staffBookingsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "bookings", f, page, size] as const,
    queryFn: () => adminApi("/bookings", { query: listParams(f, page, size) }),
  };
}
