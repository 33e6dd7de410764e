import i18next from "i18next";
import { data, type LoaderFunctionArgs } from "react-router";
import { browserQueryClient, serverLoadContext } from "../../lib/query-client";
import { blogCategoriesQuery, blogLanguage, blogPostQuery, blogPostsQuery, isMissingPost } from "./api";
import { parseBlogQuery } from "./search-params";

/**
 * /blog's data, by the same queries the page reads: the posts for the URL's category, tag, words
 * and page, and the categories. On the server the render waits for both; in the browser the
 * requests start while the page's code loads, and the page shows its own pending state as before.
 */
export async function blogListLoader({ request, context }: LoaderFunctionArgs): Promise<null> {
  const query = parseBlogQuery(new URL(request.url).searchParams);
  const server = serverLoadContext(context);
  if (!server) {
    const lang = blogLanguage(i18next.language || "en");
    const client = browserQueryClient();
    void client.prefetchQuery(blogPostsQuery(query, lang));
    void client.prefetchQuery(blogCategoriesQuery(lang));
    return null;
  }
  const lang = blogLanguage(server.language);
  await Promise.all([
    server.queryClient.fetchQuery(blogPostsQuery(query, lang)),
    server.queryClient.fetchQuery(blogCategoriesQuery(lang)),
  ]);
  return null;
}

/**
 * /post/{id or slug}'s data, by the query the post page reads. An unknown or unpublished post (the
 * API's 404) or an address that cannot name one (422) is a 404, with the blog's not-found page
 * (the route's error boundary, app/public-routes.tsx).
 */
export async function blogPostLoader({ params, context }: LoaderFunctionArgs): Promise<null> {
  const id = params.id ?? "";
  const server = serverLoadContext(context);
  if (!server) {
    void browserQueryClient().prefetchQuery(blogPostQuery(id, blogLanguage(i18next.language || "en")));
    return null;
  }
  try {
    await server.queryClient.fetchQuery(blogPostQuery(id, blogLanguage(server.language)));
  } catch (err) {
    if (isMissingPost(err)) throw data(null, { status: 404, statusText: "Not Found" });
    throw err;
  }
  return null;
}
