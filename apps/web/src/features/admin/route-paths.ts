import { matchRoutes, type RouteObject } from "react-router";
import { ADMIN_PAGES, type AdminPage } from "./pages";

/** A page's route under /admin: a page with pages of its own (`nested`) takes every path below it. */
export const adminRoutePath = (page: Pick<AdminPage, "path" | "nested">): string =>
  page.nested ? `${page.path}/*` : page.path;

/** The back office's routes (routes.tsx's AdminApp), paths only: /admin, and each page's. */
const ADMIN_ROUTE_TABLE: RouteObject[] = [
  {
    path: "admin",
    children: [{ index: true }, ...ADMIN_PAGES.map((page) => ({ path: adminRoutePath(page) }))],
  },
];

/**
 * Whether a route of the back office is at this path under /admin (else its own not-found page
 * shows, and the server answers 404). Below a `nested` page, its own routes decide: any path is its.
 */
export function isAdminRoutePath(pathname: string): boolean {
  return matchRoutes(ADMIN_ROUTE_TABLE, pathname) !== null;
}
