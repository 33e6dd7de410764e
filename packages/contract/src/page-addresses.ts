/**
 * A public page's addresses per language (docs/decisions/036-public-pages-on-the-server.md): the
 * same path, the language named by `?lang=`. The bare path adapts to the visitor (cookie, then
 * Accept-Language) and is the `x-default`. Zod-free, so a page's bundle can use it.
 */
export const PAGE_LANGUAGES = ["en", "fr"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/** The query parameter that names a page's language. */
export const LANGUAGE_PARAM = "lang";

export type PageParams = Readonly<Record<string, string | number | null | undefined>>;

/**
 * `origin` + `path` with the page's own parameters in a fixed (sorted) order, then `lang` when
 * given; empty parameters are left out. Two addresses of one page in one language are equal.
 */
export function pageAddress(
  origin: string,
  path: string,
  params: PageParams = {},
  language: PageLanguage | null = null,
): string {
  const pairs: string[] = [];
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (name === LANGUAGE_PARAM || value === null || value === undefined || value === "") continue;
    pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  }
  if (language) pairs.push(`${LANGUAGE_PARAM}=${language}`);
  const base = origin.replace(/\/+$/, "");
  return `${base}${path.startsWith("/") ? path : `/${path}`}${pairs.length > 0 ? `?${pairs.join("&")}` : ""}`;
}

export interface PageAlternate {
  hreflang: PageLanguage | "x-default";
  href: string;
}

/** The `hreflang` alternates of a page: one per language, and the bare path as `x-default`. */
export function pageAlternates(origin: string, path: string, params: PageParams = {}): PageAlternate[] {
  return [
    ...PAGE_LANGUAGES.map((language) => ({
      hreflang: language,
      href: pageAddress(origin, path, params, language),
    })),
    { hreflang: "x-default", href: pageAddress(origin, path, params) },
  ];
}

/** The language an address's query (`?lang=en&…`) names, or null when it names none or another. */
export function addressLanguage(search: string): PageLanguage | null {
  for (const pair of search.replace(/^\?/, "").split("&")) {
    const [name, value] = pair.split("=");
    if (name === LANGUAGE_PARAM) return value === "en" || value === "fr" ? value : null;
  }
  return null;
}
