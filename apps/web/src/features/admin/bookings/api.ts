import type { StaffBooking } from "@parkwell/contract";
import { adminApi } from "../api";
import type { Page } from "../ui/data-table";

export interface BookingFilters {
  search: string;
  status: string;
  from: string;
  to: string;
}

export const NO_FILTERS: BookingFilters = { search: "", status: "", from: "", to: "" };

/** The filters as the URL keeps them (empty ones left out). */
export function filtersOf(search: URLSearchParams): BookingFilters {
  return {
    search: search.get("search") ?? "",
    status: search.get("status") ?? "",
    from: search.get("from") ?? "",
    to: search.get("to") ?? "",
  };
}

export function staffBookingsQuery(f: BookingFilters, page: number, size: number) {
  const params = new URLSearchParams({ page: String(page), size: String(size) });
  for (const [key, value] of Object.entries(f)) if (value) params.set(key, value);
  return {
    queryKey: ["admin", "bookings", f, page, size] as const,
    queryFn: () => adminApi<Page<StaffBooking>>(`/bookings?${params.toString()}`),
  };
}
