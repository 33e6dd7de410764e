import { createBrowserRouter } from "react-router";
import { HomePage } from "../features/home/home-page";
import { accountRoutes } from "./account-routes";
import { Layout, PageReady } from "./layout";
import { NotFoundPage } from "./not-found-page";
import { publicRoutes } from "./public-routes";
import { RouteError } from "./route-error";

/** Routes load lazily (each page is its own chunk, fetched when first visited), except home. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PageReady />,
        errorElement: <RouteError />,
        children: [
          // The landing page is in the first bundle (it is small): no extra round trip before it paints.
          { index: true, Component: HomePage },
          { path: "home", Component: HomePage },
          ...publicRoutes,
          ...accountRoutes,
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
