import { createBrowserRouter } from "react-router";
import { accountRoutes } from "./account-routes";
import { Layout, PageReady } from "./layout";
import { NotFoundPage } from "./not-found-page";
import { publicRoutes } from "./public-routes";
import { RouteError } from "./route-error";

/** Routes load lazily: each page is its own chunk, fetched when first visited. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PageReady />,
        errorElement: <RouteError />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
          },
          {
            path: "home",
            lazy: async () => ({ Component: (await import("../features/home/home-page")).HomePage }),
          },
          ...publicRoutes,
          ...accountRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
