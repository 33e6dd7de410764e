import type { BlogLanguage } from "@parkwell/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { API_BASE, ApiError, api } from "../../lib/api";
import type { BlogQuery } from "./search-params";

/** The reader's language as the blog's API takes it: the app's language, English when it is another. */
export const blogLanguage = (language: string): BlogLanguage => (language.startsWith("fr") ? "fr" : "en");

/** The Atom feed of the posts written in one language (decision 034). */
export const blogFeedUrl = (lang: BlogLanguage) => `${API_BASE}/blog/feed.xml?lang=${lang}`;

// The queries are shared by the pages' hooks and the routes' loaders (blog-loaders.ts): the same key
// and function fill the server render's cache and are read by the page.
// The language is in every key: switching it loads the pages again in the new one.
export const blogPostsQuery = (query: BlogQuery, lang: BlogLanguage) =>
  queryOptions({
    queryKey: ["blog", "posts", lang, query],
    queryFn: ({ signal }) =>
      api("/blog/posts", {
        query: {
          lang,
          category: query.category,
          tag: query.tag,
          q: query.q,
          page: query.page,
          size: query.size,
        },
        signal,
      }),
  });

export function useBlogPosts(query: BlogQuery, lang: BlogLanguage) {
  return useQuery({ ...blogPostsQuery(query, lang), placeholderData: keepPreviousData });
}

export const blogCategoriesQuery = (lang: BlogLanguage) =>
  queryOptions({
    queryKey: ["blog", "categories", lang],
    queryFn: ({ signal }) => api("/blog/categories", { query: { lang }, signal }),
  });

export function useBlogCategories(lang: BlogLanguage) {
  return useQuery(blogCategoriesQuery(lang));
}

export const blogPostQuery = (idOrSlug: string, lang: BlogLanguage) =>
  queryOptions({
    queryKey: ["blog", "post", idOrSlug, lang],
    queryFn: ({ signal }) => api("/blog/posts/{idOrSlug}", { params: { idOrSlug }, query: { lang }, signal }),
    // An unknown post is an answer, not a failure to retry.
    retry: (count, err) => count < 1 && !isMissingPost(err),
  });

export function useBlogPost(idOrSlug: string, lang: BlogLanguage) {
  return useQuery(blogPostQuery(idOrSlug, lang));
}

/** No such post: unknown or unpublished (404), or an address that cannot name one (422, too long). */
export const isMissingPost = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 422);
