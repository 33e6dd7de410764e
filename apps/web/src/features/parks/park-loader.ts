import i18next from "i18next";
import { data, type LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../lib/api";
import { parkQuery } from "../../lib/queries";
import { browserQueryClient, serverLoadContext } from "../../lib/query-client";

/** The API's answers that say the address names no park. */
const NO_SUCH_PARK = new Set([400, 404, 422]);

/**
 * /park/{slug}'s data, by the same query the page's `usePark` reads. On the server the render waits
 * for it (the page is rendered with the park in it, and an unknown park is a 404 with the 404 page);
 * in the browser the request starts while the page's code loads, and the page shows its own
 * pending and not-found states as before.
 */
export async function parkLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const slug = params.slug ?? "";
  const server = serverLoadContext(context);
  if (!server) {
    void browserQueryClient().prefetchQuery(parkQuery(slug, i18next.language || "en"));
    return null;
  }
  try {
    await server.queryClient.fetchQuery(parkQuery(slug, server.language));
  } catch (err) {
    // The API answers 404 for a park that never was and for a deactivated one (it keeps no old
    // slugs), and 422 for an address no park can have ("/park/undefined", 121 characters): no page.
    if (err instanceof ApiError && NO_SUCH_PARK.has(err.status)) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }
  return null;
}
