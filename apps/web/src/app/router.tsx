import { createBrowserRouter } from "react-router";
import { Layout } from "./layout";
import { NotFoundPage } from "./not-found-page";

/** Routes load lazily: each page is its own chunk, fetched when first visited. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
      },
      {
        path: "home",
        lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
      },
      {
        path: "parks-list",
        lazy: async () => ({
          Component: (await import("../features/parks/pages/parks-list-page")).ParksListPage,
        }),
      },
      {
        path: "park/:slug",
        lazy: async () => ({ Component: (await import("../features/parks/pages/park-page")).ParkPage }),
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  // SPEC 2: /search has its own layout (list beside a map, no site header or footer).
  {
    path: "search",
    lazy: async () => ({ Component: (await import("../features/parks/pages/search-page")).SearchPage }),
  },
]);
