import { lazy } from "react";
import type { LoaderFunction, RouteObject } from "react-router";
import { HomePage } from "../features/home/home-page";
import { accountRoutes } from "./account-routes";
import { adminRoutes } from "./admin-routes";
import { authRoutes } from "./auth-routes";
import { AuthLayout } from "./auth-layout";
import { Layout, PageReady } from "./layout";
import { socialLinksQuery } from "./footer";
import type { PageData } from "../lib/query-client";
import type { PathsHandle } from "./known-paths";
import { NotFoundPage } from "./not-found-page";
import { publicRoutes, rendered, serverData } from "./public-routes";
import { RouteError } from "./route-error";
import { OWN_HEAD } from "../lib/seo/page-head";
import type { RenderHandle } from "../ssr/route-assets";

/** The home's next events: the events feature's own chunk, so the home's first bundle carries none of it. */
const NextEvents = lazy(() => import("../features/events/components/next-events"));
const home = <HomePage nextEvents={<NextEvents />} />;

/** The home, rendered on the server with its figures and next events (its own code is in the first bundle). */
const homeRoute = (route: { index: true } | { path: string }) =>
  rendered(
    {
      ...route,
      element: home,
      loader: serverData(async () => {
        const [{ homeFiguresData }, { nextEventsData }] = await Promise.all([
          import("../features/home/home-data"),
          import("../features/events/page-data"),
        ]);
        return async (args) => await Promise.all([homeFiguresData(args), nextEventsData(args)]);
      }),
    } as RouteObject & { loader: LoaderFunction },
    ["src/features/events/components/next-events.tsx"],
  );

/**
 * What the site's layout reads on every page, filled for a server render: the footer's social
 * links. They may fail: the footer then shows none, on the server as in the browser.
 */
const layoutData: PageData = async ({ queryClient }) => await queryClient.prefetchQuery(socialLinksQuery());

/**
 * What a page the browser renders shows while its route's code first loads: nothing of its own, as
 * the start-up loader (main.tsx) is over it until the page is ready. Given to each top-level route,
 * React Router draws it instead of warning that no HydrateFallback was given (a server-rendered
 * page hydrates with its routes' code already loaded, and never draws it).
 */
const StartingUp = () => null;

/**
 * Routes load lazily (each page is its own chunk, fetched when first visited), except home. One
 * array for the browser (main.tsx makes its router of it) and the server (entry-server.tsx renders
 * the server-rendered pages with it: docs/decisions/036-public-pages-on-the-server.md).
 */
const topLevelRoutes: RouteObject[] = [
  // The bare auth layout for /auth, /register, /verify, /forgot-password.
  // Every route renders inside a PageReady, which takes the start-up loader down once it is on screen.
  {
    element: <AuthLayout />,
    errorElement: <RouteError />,
    children: [{ element: <PageReady />, children: authRoutes }],
  },
  {
    element: <Layout />,
    errorElement: <RouteError />,
    // The footer's social links, in every page the server renders with this layout (in the
    // browser, the footer asks for them as before).
    loader: serverData(async () => layoutData),
    children: [
      {
        element: <PageReady />,
        errorElement: <RouteError />,
        children: [
          // The landing page is in the first bundle (it is small): no extra round trip before it paints.
          homeRoute({ index: true }),
          homeRoute({ path: "home" }),
          ...publicRoutes,
          ...accountRoutes,
          // An address no route has: the not-found page, which the server renders with a 404
          // (docs/decisions/036-public-pages-on-the-server.md); its code is in the first bundle.
          {
            path: "*",
            element: <NotFoundPage />,
            handle: { ...OWN_HEAD, modules: [], notFound: true } satisfies RenderHandle & PathsHandle,
          },
        ],
      },
    ],
  },
  // The back office, /admin/*, has its own layout (signed out: the site's, with the sign-in prompt).
  ...adminRoutes,
  // /search has its own layout, the list beside a map, under the same site header (no footer).
  {
    element: <Layout variant="map" />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PageReady />,
        errorElement: <RouteError />,
        children: [
          {
            path: "search",
            // The map is half the page: its module and Leaflet come with the page's own code, so the
            // page draws its map as it first renders. Fetched after that render (the page's module,
            // then the map's, then Leaflet), they came after the list on a server busy answering the
            // search (PGlite answers in the server's thread): the list showed beside an empty map.
            lazy: async () => {
              const [{ SearchPage }] = await Promise.all([
                import("../features/parks/pages/search-page"),
                import("../components/map/pin-map"),
                import("leaflet"),
              ]);
              return { Component: SearchPage };
            },
          },
        ],
      },
    ],
  },
];

export const routes: RouteObject[] = topLevelRoutes.map((route) => ({
  HydrateFallback: StartingUp,
  ...route,
}));
