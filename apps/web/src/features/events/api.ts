import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import type { EventQuery } from "./search-params";

/** The list endpoint's query from the page's state; empty values are left out by the client. */
export function toApiQuery(
  q: EventQuery,
  country: string | undefined,
): Record<string, string | number | undefined> {
  return {
    country,
    search: q.search,
    category: q.category,
    from: q.from,
    to: q.to,
    page: q.page,
    size: q.size,
  };
}

export const eventsQuery = (query: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: ["events", "list", query],
    queryFn: ({ signal }) => api("/events", { query, signal }),
  });

export function useEvents(query: Record<string, string | number | undefined>) {
  return useQuery({ ...eventsQuery(query), placeholderData: keepPreviousData });
}

/** The grant of a private event, for its access code entered for that event (checked against it alone). */
export const requestEventAccess = (eventCode: string, accessCode: string) =>
  api("/events/access", {
    method: "POST",
    body: { event_code: eventCode, access_code: accessCode },
  });
