import i18next from "i18next";
import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { ApiError } from "../../lib/api";
import { parkQuery } from "../../lib/queries";
import { browserQueryClient, serverLoadContext } from "../../lib/query-client";

/** The API's answers that say the address names no park. */
const NO_SUCH_PARK = new Set([400, 404, 422]);

/**
 * /park/{slug}'s data, by the same query the page's `usePark` reads. On the server the render waits
 * for it (the page is rendered with the park in it, an unknown park is a 404 with the 404 page, a
 * deactivated one a 410, and a park asked by its code, id or another spelling of its slug a 301 to
 * its slug, the query kept); in the browser the request starts while the page's code loads, and
 * the page shows its own pending, not-found and gone states, and replaces the address with its slug.
 */
export async function parkLoader({ params, context, request }: LoaderFunctionArgs): Promise<null> {
  const slug = params.slug ?? "";
  const server = serverLoadContext(context);
  if (!server) {
    void browserQueryClient().prefetchQuery(parkQuery(slug, i18next.language || "en"));
    return null;
  }
  let park;
  try {
    park = await server.queryClient.fetchQuery(parkQuery(slug, server.language));
  } catch (err) {
    // The API answers 404 for a park that never was, 410 for a deactivated one, and 422 for an
    // address no park can have ("/park/undefined", 121 characters): no page.
    if (err instanceof ApiError && err.status === 410) throw data(null, { status: 410, statusText: "Gone" });
    if (err instanceof ApiError && NO_SUCH_PARK.has(err.status)) {
      throw data(null, { status: 404, statusText: "Not Found" });
    }
    throw err;
  }
  if (park.slug !== slug) throw redirect(`/park/${park.slug}${new URL(request.url).search}`, 301);
  // The parts below the facts, rendered with them (a search engine reads the reviews too). Either
  // may fail: the page is then rendered without it, as the browser would show it while it asks.
  const { parkPlansQuery, parkRatingQuery, parkReviewsQuery } = await import("./park-page-queries");
  await Promise.all([
    server.queryClient.prefetchQuery(parkRatingQuery(park.id)),
    server.queryClient.prefetchQuery(parkReviewsQuery(park.id, "newest", 1)),
    server.queryClient.prefetchQuery(parkPlansQuery(park.id)),
  ]);
  return null;
}
