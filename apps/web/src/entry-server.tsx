import { AsyncLocalStorage } from "node:async_hooks";
import type { PageLanguage } from "@parkwell/contract";
import { dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary";
import { isUnknownMatch } from "./app/known-paths";
import { routes } from "./app/router";
import { api, setApiTransport } from "./lib/api";
import { DEFAULT_COUNTRY, RenderedCountryProvider } from "./lib/country";
import { createQueryClient, type ServerLoadContext } from "./lib/query-client";
import { PublicOriginProvider } from "./lib/seo/public-origin";
import { serializeServerState, type ServerState } from "./lib/server-state";
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from "./lib/storage-keys";
import { createServerI18n } from "./ssr/i18n-server";
import { requestCountry, requestLanguage } from "./ssr/language";
import { readBuiltAsset } from "./ssr/built-assets";
import { moduleAssets, type BuildManifest, type RenderHandle } from "./ssr/route-assets";
import { serializeRouteErrors } from "./ssr/route-errors";
import { pageKey } from "./ssr/render-key";
import { fillTemplate } from "./ssr/template";

// The key under which the API keeps a rendered page, and the cookies a kept page may set (ssr/render-key.ts).
export { SHARED_COOKIES } from "./ssr/render-key";

/**
 * The server's rendering of the public pages (docs/decisions/036-public-pages-on-the-server.md),
 * built by `vite build --ssr` into dist-server/ and called by the API (apps/api/src/plugins/spa.ts).
 * The routes are the browser's own (app/router.tsx); their loaders fill this request's query
 * cache through the API's handlers in the same process; the page is the built index.html with the
 * rendered app in #root, the head tags React hoisted, and the state the browser hydrates from.
 */

export interface RenderOptions {
  /** The built index.html (its head: the app's scripts and styles). */
  template: string;
  /** The browser build's manifest (dist/.vite/manifest.json): the matched routes' styles and scripts. */
  manifest: BuildManifest;
  /** The API, reached without the network (the API passes its `inject`). */
  fetch: (url: URL, init: RequestInit) => Promise<Response>;
  /** The public origin (PUBLIC_URL): the canonical and alternate addresses are written on it. */
  origin: string;
}

export type RenderResult =
  | {
      kind: "page";
      status: number;
      html: string;
      headers: Record<string, string>;
      /** Queries the page read that no loader filled (rendered pending: the page's loader misses them). */
      unfilled: string[];
    }
  | { kind: "redirect"; status: number; location: string; headers: Record<string, string> }
  /**
   * Not a page the server renders: the caller sends index.html, and the browser renders it, with
   * `status` when it is not 200 (404: an address under /admin the back office does not have).
   */
  | { kind: "browser"; status?: number };

const handler = createStaticHandler(routes);

/**
 * The API client's requests go through the fetch of the render they belong to, in its language:
 * renders run side by side, each with its own (the visitor's address rides on its fetch; the API
 * writes names, descriptions and sentences in the page's language), so the one transport looks
 * them up.
 */
const renderContext = new AsyncLocalStorage<{ fetch: RenderOptions["fetch"]; language: PageLanguage }>();
function currentRender() {
  const render = renderContext.getStore();
  if (!render) throw new Error("An API request outside a server render");
  return render;
}
setApiTransport({
  origin: "http://parkwell.internal",
  fetch: (url, init) => currentRender().fetch(url, init),
  language: () => currentRender().language,
});

/**
 * Whether the server renders the page at this path: one of its matched routes was made with
 * `rendered` (app/public-routes.tsx), or is the not-found page's (app/router.tsx's `*`), which
 * gives it the modules its head links. Every other page (the account pages, the checkouts, the
 * back office) is the browser's.
 */
export function isRenderedPath(pathname: string): boolean {
  return routeFacts(pathname).rendered;
}

/** What the route table says of a path, from one match: rendered on the server; no route has it. */
function routeFacts(pathname: string): { rendered: boolean; unknown: boolean } {
  const matches = matchRoutes(routes, pathname);
  return {
    rendered: (matches ?? []).some((m) =>
      Array.isArray((m.route.handle as RenderHandle | undefined)?.modules),
    ),
    unknown: isUnknownMatch(matches, pathname),
  };
}

/**
 * The key the API keeps a rendered page under (ssr/render-key.ts), or null: not kept, or not
 * rendered. The not-found page of an address no route has is not kept: a crawl of made-up
 * addresses would push the real pages out of the cache, one page per address.
 */
export function renderKey(request: Request): string | null {
  const { rendered, unknown } = routeFacts(new URL(request.url).pathname);
  return rendered && !unknown ? pageKey(request) : null;
}

export async function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  const url = new URL(request.url);
  const { rendered, unknown } = routeFacts(url.pathname);
  if (!rendered) {
    // The back office routes the paths under /admin itself, in the browser: an address it does not
    // have is index.html with a 404 (its own not-found page, or the sign-in prompt signed out).
    return unknown ? { kind: "browser", status: 404 } : { kind: "browser" };
  }
  const chosen = requestLanguage(url, request.headers);
  return await renderContext.run({ fetch: options.fetch, language: chosen.language }, () =>
    renderPage(request, options, chosen, unknown),
  );
}

async function renderPage(
  request: Request,
  options: RenderOptions,
  { language, asked }: { language: PageLanguage; asked: boolean },
  /** No route has this address: the catch-all's not-found page, answered with 404. */
  unknown: boolean,
): Promise<RenderResult> {
  const headers: Record<string, string> = { "content-language": language, vary: "accept-language, cookie" };
  // `?lang=` is the visitor's choice: kept for the pages that follow, as the language menu keeps it.
  if (asked) {
    headers["set-cookie"] =
      `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }

  const country = await requestCountry(request.headers, () => api("/countries"));
  const shownCountry = country ? { code: country.code, name: country.name, id: country.id } : DEFAULT_COUNTRY;

  const queryClient = createQueryClient();
  const requestContext: ServerLoadContext = { queryClient, language, country: shownCountry };
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return {
      kind: "redirect",
      status: context.status,
      location: context.headers.get("location") ?? "/",
      headers,
    };
  }

  // A loader that failed (the API down, say): the page is not rendered, and the caller logs why.
  if (context.statusCode >= 500) {
    throw Object.values(context.errors ?? {})[0] ?? new Error(`Status ${context.statusCode}`);
  }

  const i18n = createServerI18n(language);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <html lang={language}>
      <head />
      <body>
        <div id="root" data-server-rendered="">
          <StrictMode>
            <AppErrorBoundary>
              <QueryClientProvider client={queryClient}>
                <I18nextProvider i18n={i18n}>
                  <PublicOriginProvider origin={options.origin}>
                    <RenderedCountryProvider value={shownCountry}>
                      <Suspense fallback={null}>
                        <StaticRouterProvider router={router} context={context} hydrate={false} />
                      </Suspense>
                    </RenderedCountryProvider>
                  </PublicOriginProvider>
                </I18nextProvider>
              </QueryClientProvider>
            </AppErrorBoundary>
          </StrictMode>
        </div>
      </body>
    </html>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline, however long the page: a long one would otherwise be sent apart with
      // an inline script to move it into place, which the CSP refuses (hydration then starts over).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let rendered = "";
  for await (const chunk of prelude) rendered += String(chunk);
  // Any error in the tree (even one a Suspense boundary would hide) and the page is not served:
  // the caller sends index.html, and the browser renders the page itself.
  if (errors.length > 0) throw errors[0];

  const state: ServerState = {
    language,
    router: {
      loaderData: context.loaderData,
      actionData: context.actionData,
      errors: serializeRouteErrors(context.errors),
    },
    queries: dehydrate(queryClient),
    namespaces: i18n.reportNamespaces?.getUsedNamespaces() ?? ["common"],
    origin: options.origin,
    country: country && shownCountry,
  };
  return {
    kind: "page",
    status: unknown ? 404 : context.statusCode,
    html: fillTemplate(options.template, rendered, {
      language,
      country: shownCountry.code,
      state: serializeServerState(state),
      assets: routeAssets(options, context.matches),
      readAsset: readBuiltAsset,
    }),
    headers,
    unfilled: queryClient
      .getQueryCache()
      .findAll({ predicate: (q) => q.state.status === "pending" && q.state.fetchStatus === "idle" })
      .map((q) => q.queryHash),
  };
}

/** The styles and scripts of the matched routes' own code (their `handle.modules`). */
function routeAssets(options: RenderOptions, matches: { route: { handle?: unknown } }[]) {
  const modules = matches.flatMap((m) => (m.route.handle as RenderHandle | undefined)?.modules ?? []);
  return moduleAssets(options.manifest, modules);
}
