import type { CountryCode } from "@parkwell/contract";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import type { Params } from "react-router";

/** The app's query defaults: one place, for the browser's client and each server render's. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}

/**
 * After a purchase: what it changed is marked stale at once and fetched again in the background,
 * and the caller goes on to the next page without waiting (awaiting the refetches kept a driver on
 * a checkout for seconds under load); that page shows the fresh figures as they arrive.
 */
export function refreshAfterPurchase(client: QueryClient, ...keys: QueryKey[]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

let browserClient: QueryClient | undefined;

/** The browser's one client (main.tsx provides it; a route's loader fills it). */
export function browserQueryClient(): QueryClient {
  browserClient ??= createQueryClient();
  return browserClient;
}

/**
 * What a server render hands the routes' loaders (the static handler's request context): the
 * request's own query client, filled by the loaders and written into the page, and its language.
 * In the browser the loaders get no such context and use `browserQueryClient()`.
 */
export interface ServerLoadContext {
  queryClient: QueryClient;
  language: "en" | "fr";
  /** The visitor's country (the `country` cookie's, else the default one). */
  country: { code: CountryCode; name: string; id: number };
}

/** What a server-rendered page's data function gets: the render's context, the address and its route's params. */
export interface PageDataArgs extends ServerLoadContext {
  url: URL;
  params: Params;
}

/**
 * A page's data for a server render: it fills the render's query client with the queries (keys
 * and functions) the page reads, so the page renders with them and the browser hydrates from them.
 */
export type PageData = (args: PageDataArgs) => Promise<unknown>;

export function serverLoadContext(context: unknown): ServerLoadContext | null {
  const c = context as Partial<ServerLoadContext> | null | undefined;
  return c && c.queryClient instanceof QueryClient && (c.language === "en" || c.language === "fr")
    ? (c as ServerLoadContext)
    : null;
}
