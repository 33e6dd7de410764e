import { hydrate, QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from "react-router";
import { AppErrorBoundary } from "./app/app-error-boundary";
import { onAppReady } from "./lib/app-ready";
import { routes } from "./app/router";
import { StartupLoader } from "./app/startup-loader";
import { installGlobalErrorHandlers, reportError } from "./lib/error-reporting";
import { i18n, keepStoredLanguage } from "./lib/i18n";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { browserQueryClient } from "./lib/query-client";
import { serverState } from "./lib/server-state";
import { restoreRouteErrors } from "./ssr/route-errors";
import "./styles.css";

installGlobalErrorHandlers();
// Before the browser can offer the install: /install uses the offer, whichever page it came on.
listenForInstallPrompt();
// The offline app (decision 064): once the page is up, not competing with its first requests
// (Workbox's registration is loaded then too, not with the page's first code).
onAppReady(() => {
  import("./lib/service-worker")
    .then(({ registerServiceWorker }) => registerServiceWorker())
    // Its code not loaded (offline, before the worker kept it): the next visit registers it.
    .catch(() => undefined);
});

const queryClient = browserQueryClient();

/**
 * The app; `withLoader` puts the start-up loader beside it. A server-rendered page is already on
 * screen: it has no loader, and its tree is exactly the server's (entry-server.tsx), so hydration
 * matches it (useId's identifiers included).
 */
function app(router: ReturnType<typeof createBrowserRouter>, withLoader: boolean) {
  const tree = (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
  return withLoader ? (
    <StrictMode>
      <StartupLoader />
      {tree}
    </StrictMode>
  ) : (
    <StrictMode>{tree}</StrictMode>
  );
}

/**
 * A page the server rendered (docs/decisions/036-public-pages-on-the-server.md) is hydrated: the
 * first render must be the server's, so the query cache, the router's data, the matched routes'
 * code and the catalogues the server used are all in place before it.
 */
async function hydratePage(root: HTMLElement, state: NonNullable<ReturnType<typeof serverState>>) {
  hydrate(queryClient, state.queries);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all([
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
    i18n.loadNamespaces(state.namespaces),
  ]);
  const hydrationData: HydrationState = { ...state.router, errors: restoreRouteErrors(state.router.errors) };
  const router = createBrowserRouter(routes, { hydrationData });
  // Hydrated as a transition, React yields to the browser every few milliseconds instead of
  // hydrating the whole page in one task: the page the server drew stays responsive meanwhile.
  startTransition(() => {
    hydrateRoot(root, app(router, false));
  });
  // Only once hydrated: a language change during hydration would make it mismatch.
  onAppReady(keepStoredLanguage);
}

const root = document.getElementById("root");
const state = serverState();
if (root && state) {
  // A failure before hydration (a chunk that will not load): the browser renders the page itself.
  hydratePage(root, state).catch((err: unknown) => {
    reportError(err);
    createRoot(root).render(app(createBrowserRouter(routes), false));
  });
} else if (root) {
  // index.html's title and description are for the moment before the app runs: from here each
  // page's own (lib/seo/page-head.tsx), hoisted into <head> by React, is the only one.
  for (const shell of document.head.querySelectorAll('title, meta[name="description"]')) shell.remove();
  createRoot(root).render(app(createBrowserRouter(routes), true));
}
