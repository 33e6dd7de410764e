import i18next from "i18next";
import { data, type LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../lib/api";
import { countriesQuery } from "../../lib/queries";
import { browserQueryClient, serverLoadContext } from "../../lib/query-client";
import { marketItemQuery } from "./api";

/** An item's id as a URL names it, or null when it cannot be one. */
export function itemIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * /marketplace/{id}'s data, by the same queries the page reads (the item, and the served countries
 * for its offer's day on its country's clock). On the server the render waits for them (an unknown
 * or withdrawn item is a 404 with the item's not-found page); in the browser the requests only
 * start while the page's code loads.
 */
export async function itemLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const id = itemIdOf(params.id ?? "");
  const server = serverLoadContext(context);
  if (!server) {
    if (id !== null) void browserQueryClient().prefetchQuery(marketItemQuery(id, i18next.language || "en"));
    return null;
  }
  if (id === null) throw data(null, { status: 404, statusText: "Not Found" });
  try {
    await Promise.all([
      server.queryClient.fetchQuery(marketItemQuery(id, server.language)),
      server.queryClient.prefetchQuery(countriesQuery()),
    ]);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }
  return null;
}
