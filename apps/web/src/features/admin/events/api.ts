import type {
  AdminEvent,
  AdminEventBookingList,
  AdminEventCreate,
  AdminEventList,
  AdminEventPatch,
  AdminEventReport,
  AdminParkList,
} from "@parkwell/contract";
import { adminApi } from "../api";
import { listParams } from "../ui/use-url-filters";

export function eventsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "events", f, page, size] as const,
    queryFn: () => adminApi<AdminEventList>(`/events?${listParams(f, page, size)}`),
  };
}

export const eventQuery = (code: string) => ({
  queryKey: ["admin", "event", code] as const,
  queryFn: () => adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}`),
});

export const eventBookingsQuery = (code: string, page: number, size: number) => ({
  queryKey: ["admin", "event-bookings", code, page, size] as const,
  queryFn: () =>
    adminApi<AdminEventBookingList>(`/events/${encodeURIComponent(code)}/bookings?page=${page}&size=${size}`),
});

export const eventReportQuery = (code: string) => ({
  queryKey: ["admin", "event-report", code] as const,
  queryFn: () => adminApi<AdminEventReport>(`/events/${encodeURIComponent(code)}/report`),
});

/** The parks an event may use: the user's active parks (all of them, for the picker). */
export const eventParksQuery = {
  queryKey: ["admin", "parks", "event-picker"] as const,
  queryFn: () => adminApi<AdminParkList>("/parks?status=active&size=1000"),
};

export const createEvent = (body: AdminEventCreate) =>
  adminApi<AdminEvent>("/events", { method: "POST", body });
export const updateEvent = (code: string, body: AdminEventPatch) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}`, { method: "PATCH", body });
export const publishEvent = (code: string) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}/publish`, { method: "POST" });
export const cancelEvent = (code: string) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}/cancel`, { method: "POST" });
