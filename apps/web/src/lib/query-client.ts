import { QueryClient } from "@tanstack/react-query";

/** The app's query defaults: one place, for the browser's client and each server render's. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
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
}

export function serverLoadContext(context: unknown): ServerLoadContext | null {
  const c = context as Partial<ServerLoadContext> | null | undefined;
  return c && c.queryClient instanceof QueryClient && (c.language === "en" || c.language === "fr")
    ? (c as ServerLoadContext)
    : null;
}
