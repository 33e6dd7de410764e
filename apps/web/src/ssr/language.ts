import { addressLanguage, type PageLanguage } from "@parkwell/contract";
import { COUNTRY_CODE_PATTERN } from "@parkwell/contract";
import { BUILT_IN_COUNTRIES, type PickerCountry } from "../lib/country-detection";
import { COUNTRY_COOKIE, LANGUAGE_COOKIE, pickLanguage } from "../lib/storage-keys";

/** A cookie's value from a Cookie header, or null. */
export function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

/** The tags of an Accept-Language header in its order of preference (q values honoured). */
export function acceptedLanguages(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * A page's language (docs/decisions/036-public-pages-on-the-server.md): the address's `?lang=`,
 * else the `language` cookie, else the first of English or French the browser asks for, else
 * English. `asked` says the address named it (the server then stores it in the cookie).
 */
export function requestLanguage(url: URL, headers: Headers): { language: PageLanguage; asked: boolean } {
  const asked = addressLanguage(url.search);
  if (asked) return { language: asked, asked: true };
  const language = pickLanguage(
    cookieValue(headers.get("cookie"), LANGUAGE_COOKIE),
    acceptedLanguages(headers.get("accept-language")),
  );
  return { language, asked: false };
}

/**
 * The visitor's country (docs/decisions/036-public-pages-on-the-server.md): the `country` cookie's
 * code when it names a served country (the built-in four, else the API's list, asked only then),
 * or null without one (a first visit: the default country, and the picker once hydrated).
 */
export async function requestCountry(
  headers: Headers,
  servedCountries: () => Promise<PickerCountry[]>,
): Promise<PickerCountry | null> {
  const code = cookieValue(headers.get("cookie"), COUNTRY_COOKIE)?.toUpperCase() ?? "";
  if (!COUNTRY_CODE_PATTERN.test(code)) return null;
  const builtIn = BUILT_IN_COUNTRIES.find((c) => c.code === code);
  if (builtIn) return builtIn;
  const served = await servedCountries().catch(() => []);
  return served.find((c) => c.code === code) ?? null;
}
