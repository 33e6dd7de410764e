import { COUNTRY_COOKIE, LANGUAGE_COOKIE } from "../lib/storage-keys";
import { cookieValue, requestLanguage } from "./language";

/**
 * The pages showing counts that bookings and orders change, which the API is not told of: an
 * event's spaces left, an item's stock (and the lists of them). A driver who has just booked the
 * last space would otherwise see it free for the cache's lifetime: these are rendered every time.
 */
const LIVE_PAGES: readonly RegExp[] = [/^\/events?(\/|$)/, /^\/marketplace(\/|$)/];

/**
 * What a render's page depends on besides the API's data: its address (path and query), the
 * language it is rendered in (chosen as `requestLanguage` chooses it, so `Accept-Language: fr-CA`
 * and `fr` are one page) and the `country` cookie (absent is a key of its own). The API keeps
 * rendered pages under this key (apps/api/src/plugins/page-cache.ts): whatever else the render
 * comes to read of the request must be added here, or two visitors would be served one page.
 * Null for a page that is not kept (LIVE_PAGES). Only asked for a page the server renders.
 */
export function pageKey(request: Request): string | null {
  const url = new URL(request.url);
  if (LIVE_PAGES.some((page) => page.test(url.pathname))) return null;
  const { language } = requestLanguage(url, request.headers);
  const country = cookieValue(request.headers.get("cookie"), COUNTRY_COOKIE);
  return `${language}\n${country === null ? "" : `=${country}`}\n${url.pathname}${url.search}`;
}

/**
 * The cookies a render sets that are the same for every request of its key: the `language` one
 * that `?lang=` sets (the address is in the key). A page whose answer sets any other cookie is
 * never kept.
 */
export const SHARED_COOKIES: readonly string[] = [LANGUAGE_COOKIE];
