import i18next from "i18next";
import { data, type LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../lib/api";
import { eventCodeOf, eventQuery } from "../../lib/queries";
import { browserQueryClient, serverLoadContext } from "../../lib/query-client";

/**
 * /event/{code}'s data, by the same query the page's `useEvent` reads. On the server the render
 * waits for it (the page comes with the event in it; an unknown code is a 404 with the event's
 * not-found page). A server render holds no access grant (a grant lives in the browser's session),
 * so a private event is a 404 there, as the API answers any visitor without its grant; a browser
 * holding one asks again once hydrated (EventRouteError). In the browser the request only starts
 * while the page's code loads, and the page shows its own pending and not-found states.
 */
export async function eventLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const code = eventCodeOf(params.eventCode ?? "");
  const server = serverLoadContext(context);
  if (!server) {
    if (code !== null) void browserQueryClient().prefetchQuery(eventQuery(code, i18next.language || "en"));
    return null;
  }
  if (code === null) throw data(null, { status: 404, statusText: "Not Found" });
  try {
    await server.queryClient.fetchQuery(eventQuery(code, server.language));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }
  return null;
}
