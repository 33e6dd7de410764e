import type { PageContent, PageKey } from "@parkwell/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "./api";

/**
 * The company's editable pages (decision 035): Terms, Privacy, Cancellation Policy, About and the
 * Help FAQs read their text from GET /pages/{key} in the language shown. The catalogue's text
 * (version 1, what the API was seeded with) is the fallback: shown when the API cannot answer, so
 * a page is never empty.
 */
export const pageQuery = (key: PageKey, lang: "en" | "fr") =>
  queryOptions({
    queryKey: ["pages", key, lang],
    queryFn: ({ signal }) => api("/pages/{key}", { params: { key }, query: { lang }, signal }),
    retry: 1,
    staleTime: 5 * 60_000,
  });

export interface PageText {
  content: PageContent | null;
  /** The API's answer is still on its way (nothing to show yet). */
  loading: boolean;
  version: number | null;
}

/** The page's current text, or `fallback` when the API failed. */
export function usePageText(key: PageKey, fallback: () => PageContent): PageText {
  const { i18n } = useTranslation();
  const lang = i18n.language === "fr" ? "fr" : "en";
  const page = useQuery(pageQuery(key, lang));
  if (page.data) return { content: page.data.content, loading: false, version: page.data.version };
  if (page.isError) return { content: fallback(), loading: false, version: null };
  return { content: null, loading: true, version: null };
}
