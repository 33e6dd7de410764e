import type { StaffBooking } from "@parkwell/contract";
import { adminApi } from "../api";
import type { Page } from "../ui/data-table";
import { listParams } from "../ui/use-url-filters";

export const BOOKING_FILTERS = ["search", "status", "from", "to"] as const;

export function staffBookingsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "bookings", f, page, size] as const,
    queryFn: () => adminApi<Page<StaffBooking>>(`/bookings?${listParams(f, page, size)}`),
  };
}
