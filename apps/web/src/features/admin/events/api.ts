import type {
  AdminEvent,
  AdminEventBookingList,
  AdminEventCreate,
  AdminEventList,
  AdminEventPatch,
  AdminEventReport,
  ParkChoiceList,
} from "@parkwell/contract";
import { adminApi, parkChoicesQuery } from "../api";
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

/**
 * The parks an event may use: the user's active parks for the permission the editor acts with
 * (the back office's one list of parks, parkChoicesQuery), by name and country.
 */
export const eventParksQuery = (permission: "events.create" | "events.update") => ({
  ...parkChoicesQuery(permission),
  select: (list: ParkChoiceList) => ({
    items: list.items.map((p) => ({ id: p.id, name: p.name, city: p.city, country: p.country_code })),
  }),
});

export const createEvent = (body: AdminEventCreate) =>
  adminApi<AdminEvent>("/events", { method: "POST", body });
export const updateEvent = (code: string, body: AdminEventPatch) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}`, { method: "PATCH", body });
export const publishEvent = (code: string) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}/publish`, { method: "POST" });
export const cancelEvent = (code: string) =>
  adminApi<AdminEvent>(`/events/${encodeURIComponent(code)}/cancel`, { method: "POST" });
