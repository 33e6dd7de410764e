import type { AdminEventCreate, AdminEventPatch, ParkChoiceList } from "@parkwell/contract";
import { adminApi, parkChoicesQuery } from "../api";
import { listParams } from "../ui/use-url-filters";

export function eventsQuery(f: Record<string, string>, page: number, size: number) {
  return {
    queryKey: ["admin", "events", f, page, size] as const,
    queryFn: () => adminApi("/events", { query: listParams(f, page, size) }),
  };
}

export const eventQuery = (code: string) => ({
  queryKey: ["admin", "event", code] as const,
  queryFn: () => adminApi("/events/{eventCode}", { params: { eventCode: code } }),
});

export const eventBookingsQuery = (code: string, page: number, size: number) => ({
  queryKey: ["admin", "event-bookings", code, page, size] as const,
  queryFn: () =>
    adminApi("/events/{eventCode}/bookings", {
      params: { eventCode: code },
      query: { page, size },
    }),
});

export const eventReportQuery = (code: string) => ({
  queryKey: ["admin", "event-report", code] as const,
  queryFn: () => adminApi("/events/{eventCode}/report", { params: { eventCode: code } }),
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

export const createEvent = (body: AdminEventCreate) => adminApi("/events", { method: "POST", body });
export const updateEvent = (code: string, body: AdminEventPatch) =>
  adminApi("/events/{eventCode}", { params: { eventCode: code }, method: "PATCH", body });
export const publishEvent = (code: string) =>
  adminApi("/events/{eventCode}/publish", { params: { eventCode: code }, method: "POST" });
export const cancelEvent = (code: string) =>
  adminApi("/events/{eventCode}/cancel", { params: { eventCode: code }, method: "POST" });
