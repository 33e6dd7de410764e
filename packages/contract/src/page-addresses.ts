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

/** One language's version of a page whose path differs per language (a blog post's slug). */
export interface PageInLanguage {
  language: PageLanguage;
  path: string;
}

/**
 * The alternates of a page whose path differs per language: each version that exists at its own
 * path in its language, and `x-default` the bare path of the first (English when it exists).
 */
export function versionAlternates(origin: string, versions: readonly PageInLanguage[]): PageAlternate[] {
  const present = PAGE_LANGUAGES.flatMap((language) => versions.filter((v) => v.language === language));
  const first = present[0];
  return [
    ...present.map((v) => ({ hreflang: v.language, href: pageAddress(origin, v.path, {}, v.language) })),
    ...(first ? [{ hreflang: "x-default" as const, href: pageAddress(origin, first.path) }] : []),
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
