import type { PageData } from "../../lib/query-client";
import { eventsQuery, toApiQuery } from "./api";
import { parseEventQuery } from "./search-params";

/** The home's next three events in the visitor's country (components/next-events.tsx); none if they fail, as there. */
export const nextEventsData: PageData = async ({ queryClient, country }) =>
  await queryClient.prefetchQuery(eventsQuery({ country: country.code, page: 1, size: 3 }));

/** /events' data for a server render: the visitor's country's events the URL's filters name. */
export const eventsListData: PageData = async ({ queryClient, country, url }) =>
  await queryClient.fetchQuery(eventsQuery(toApiQuery(parseEventQuery(url.searchParams), country.code)));
